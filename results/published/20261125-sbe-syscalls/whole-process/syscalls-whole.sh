#!/usr/bin/env bash
# System calls per round trip, server and client side, by differencing two run lengths.
cd "$(dirname "${BASH_SOURCE[0]}")/../../../.."
OUT=${1:-/tmp/sbe-syscalls-whole}; mkdir -p "$OUT"
T=read,write,recvfrom,sendto,readv,writev,epoll_wait,epoll_pwait,poll,ppoll,sched_yield,futex,nanosleep,clock_nanosleep
for e in tcp:spin sbe:tuned; do
  for d in 2s 8s; do
    tag=${e/:/-}-$d
    strace -f -c -o $OUT/$tag-server.txt -e trace=$T scripts/fixbench serve --engine $e --port 19878 --duration 300s > $OUT/$tag-serve.log 2>&1 &
    sp=$!
    sleep 12
    strace -f -c -o $OUT/$tag-client.txt -e trace=$T scripts/fixbench compare --engines $e --server 127.0.0.1:19878 --rates 500 --runs 1 --duration $d --warmup 1s --no-pin --out $OUT/$tag-out > $OUT/$tag-compare.log 2>&1
    echo "$tag compare rc=$?"
    pkill -TERM -f "java .*serve --engine $e --port 19878"
    wait $sp
    tail -2 $OUT/$tag-serve.log
  done
done

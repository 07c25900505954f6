#!/usr/bin/env bash
# System calls per round trip inside the measured run: strace attached for 5 s to the server JVM and to the client
# JVM (fork-client) of one run at 500/s (warm-up at the same rate), counting successful calls; per order = calls /
# that process's successful writes (one per message sent, for both engines: see the server-only counts).
# ENGINES="e1 e2" measures other engines (default: tcp:spin sbe:tuned).
cd "$(dirname "${BASH_SOURCE[0]}")/../../.."
T=read,write,recvfrom,sendto,readv,writev,epoll_wait,epoll_pwait,poll,ppoll,sched_yield,futex,nanosleep,clock_nanosleep
OUT=${1:-/tmp/sbe-syscalls}; mkdir -p "$OUT"
for e in ${ENGINES:-tcp:spin sbe:tuned}; do
  tag=${e/:/-}
  setsid scripts/fixbench serve --engine $e --port 19878 --duration 120s > $OUT/$tag-serve.log 2>&1 < /dev/null &
  sleep 6
  scripts/fixbench compare --engines $e --server 127.0.0.1:19878 --rates 500 --runs 1 --duration 20s --warmup 2s \
      --warmup-rate 500 --no-pin --out $OUT/$tag-out > $OUT/$tag-compare.log 2>&1 &
  cp=$!
  for i in $(seq 1 60); do
    sleep 1
    grep -q "^Run 1 of 1\|measuring\|Benchmark.*run(s)" $OUT/$tag-compare.log 2>/dev/null && grep -q "Warm up complete" $OUT/$tag-compare.log && break
  done
  sleep 3
  client=$(pgrep -f "java .*fork-client")
  server=$(pgrep -f "java .*serve --engine $e")
  echo "$tag client=$client server=$server"
  timeout -s INT 5 strace -c -f -p "$server" -e trace=$T -o $OUT/$tag-server.txt &
  timeout -s INT 5 strace -c -f -p "$client" -e trace=$T -o $OUT/$tag-client.txt
  wait $cp
  echo "$tag compare rc=$?"
  kill -TERM "$server"; sleep 2
done

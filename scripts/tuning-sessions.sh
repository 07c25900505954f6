#!/usr/bin/env bash
# The worked tuning sessions: one `fixbench tune` per FIX engine at 10,000 msgs/s, each variant interleaved round by
# round with its baseline and the raw-TCP floor (tcp:spin), default run length, seed 20261125:
#   sbe:tuned          idle=yield, validation=dictionary
#   quickfixj:tuned    UseDataDictionary=Y, SocketTcpNoDelay=N
#   philadelphia:spin  mode=yield
#   artio:tuned        framerIdle=spin, hotPathIdle=spin
# One after another (never two benchmarks at once). 44 min 9 s on a 2-vCPU AMD EPYC host (family 23 model 1),
# results/published/20261126-tuning-sessions-10k.
#   scripts/tuning-sessions.sh [--out DIR] [more fixbench tune options, e.g. --runs 9]
# Writes DIR/<engine>/ (report.md first); DIR defaults to results/<UTC timestamp>-tuning-sessions and must not
# hold results already.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/results/$(date -u +%Y%m%dT%H%M%SZ)-tuning-sessions"
if [ "${1:-}" = "--out" ]; then
  [ -n "${2:-}" ] || { echo "tuning-sessions.sh: --out needs a folder" >&2; exit 2; }
  OUT="$2"
  shift 2
fi
if [ -e "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; then
  echo "tuning-sessions.sh: $OUT is not empty; results are never overwritten: name another folder" >&2
  exit 2
fi
SEED=20261125
run() {
  local engine="$1"; shift
  echo "== tuning session $engine ($(date -u +%H:%M:%S) UTC) ==" >&2
  "$ROOT/scripts/fixbench" tune --engine "$@" --rates 10000 --seed "$SEED" --out "$OUT/$engine" "${EXTRA[@]}"
}
EXTRA=("$@")
status=0
run sbe sbe:tuned --vary idle=yield --vary validation=dictionary || status=$?
run quickfixj quickfixj:tuned --vary UseDataDictionary=Y --vary SocketTcpNoDelay=N || status=$?
run philadelphia philadelphia:spin --vary mode=yield || status=$?
run artio artio:tuned --vary framerIdle=spin --vary hotPathIdle=spin || status=$?
echo "tuning sessions written to $OUT (reports: $OUT/*/report.md)" >&2
exit "$status"

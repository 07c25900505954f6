#!/usr/bin/env bash
# The sessions sweep: the FIX engines that serve many sessions and the raw-TCP floor at 1, 10 and 100 FIX sessions
# against one server, the rate their total (default 2,000 msgs/s, sent round robin), one `fixbench compare` per
# session count, then `fixbench analyze sessions --charts` over the three into DIR/sessions.md and DIR/charts.
#   scripts/sessions.sh [--out DIR] [--rate R] [--runs N] [more fixbench compare options]
# Engines: tcp:spin, sbe:tuned, quickfixj:tuned, philadelphia:spin, artio:tuned.
# Runs are the default comparison's (one engine pair per engine and round, warmed up until the JIT compilers of both
# JVMs are quiet, then a 3 s run) in 2 rounds, not 3. Here (2 vCPUs, e5a7764, the clone already built): 11 min 28 s,
# 35 of 36 runs OK (results/published/20261126-sessions-sweep).
# --runs N and --warmup D change them.
# The time it took is in the published sweep's README. DIR defaults to results/<UTC timestamp>-sessions and must
# not hold results.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
OUT="$ROOT/results/$(date -u +%Y%m%dT%H%M%SZ)-sessions"
RATE=2000
RUNS=2
WARMUP=2s
while [ $# -gt 0 ]; do
  case "$1" in
    --out) [ -n "${2:-}" ] || { echo "sessions.sh: --out needs a folder" >&2; exit 2; }; OUT="$2"; shift 2 ;;
    --rate) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "sessions.sh: --rate needs a whole number of msgs/s" >&2; exit 2; }
            RATE="$2"; shift 2 ;;
    --runs) [[ "${2:-}" =~ ^[1-9][0-9]*$ ]] || { echo "sessions.sh: --runs needs a whole number of rounds" >&2; exit 2; }
            RUNS="$2"; shift 2 ;;
    --warmup) [ -n "${2:-}" ] || { echo "sessions.sh: --warmup needs a duration, e.g. 2s" >&2; exit 2; }
              WARMUP="$2"; shift 2 ;;
    *) break ;;
  esac
done
if [ -e "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; then
  echo "sessions.sh: $OUT is not empty; results are never overwritten: name another folder" >&2
  exit 2
fi
ENGINES="tcp:spin,sbe:tuned,quickfixj:tuned,philadelphia:spin,artio:tuned"
status=0
folders=()
for n in 1 10 100; do
  dir="$OUT/sessions-$(printf %03d "$n")"
  echo "== $n session(s) at $RATE msgs/s ($(date -u +%H:%M:%S) UTC) ==" >&2
  "$ROOT/scripts/fixbench" compare --engines "$ENGINES" --rates "$RATE" --sessions "$n" --runs "$RUNS" --duration 3s \
      --warmup "$WARMUP" --seed 20261125 --out "$dir" "$@" || status=$?
  [ -f "$dir/summary.json" ] && folders+=("$dir")
done
if [ ${#folders[@]} -gt 0 ]; then
  "$ROOT/scripts/fixbench" analyze sessions --charts "$OUT" "${folders[@]}" > "$OUT/sessions.md"
  cat "$OUT/sessions.md"
fi
echo "sessions sweep written to $OUT (table: $OUT/sessions.md)" >&2
exit "$status"

#!/usr/bin/env bash
# Forked against in-process on one commit, paired and interleaved: ROUNDS rounds (default 7); each round runs one
# round of the default comparison (scripts/compare.sh's engines, rates, run length and warm-up) with --fork process
# and with --fork none, back to back, their order alternating by round, each with the round's own seed. Then
# `fixbench analyze fork-vs-inprocess` compares the two modes' overheads over raw TCP round by round and writes analysis.md.
#   scripts/fork-vs-inprocess.sh [ROUNDS] [OUT]
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
ROUNDS="${1:-7}"
OUT="${2:-$ROOT/results/$(date -u +%Y%m%d-%H%M%S)-fork-vs-inprocess}"
if [ -e "$OUT" ] && [ -n "$(ls -A "$OUT" 2>/dev/null)" ]; then
  echo "fork-vs-inprocess: $OUT exists and is not empty; results are never overwritten" >&2
  exit 2
fi
mkdir -p "$OUT"
for k in $(seq 1 "$ROUNDS"); do
  seed=$((20261123 + k))
  if (( k % 2 )); then modes="process none"; else modes="none process"; fi
  for mode in $modes; do
    name=$([ "$mode" = process ] && echo forked || echo inprocess)
    echo "=== fork-vs-inprocess: round $k/$ROUNDS, $name (seed $seed)"
    "$ROOT/scripts/fixbench" compare --rates 2000,10000,50000 --runs 1 --duration 3s --warmup 2s \
        --fork "$mode" --seed "$seed" --out "$OUT/round-$k-$name" > "$OUT/round-$k-$name.log" 2>&1
  done
done
"$ROOT/scripts/fixbench" analyze fork-vs-inprocess "$OUT" | tee "$OUT/analysis.md"

#!/usr/bin/env bash
# Makes every published report again with today's code: each folder under results/published that holds a
# summary.json, through `fixbench report FOLDER --out OUT/<its path>`. A change meant to leave the reports as they are
# (a refactoring of the results or report code) renders them before and after and compares the two folders:
#   git stash; scripts/render-published.sh /tmp/before; git stash pop
#   scripts/render-published.sh /tmp/after
#   scripts/render-published.sh --compare /tmp/before /tmp/after
# The comparison reads report.md and report.html of each folder (the charts' PNG and SVG bytes are not compared; a
# scenario's report has no HTML) and names every file that differs; its exit status is 1 when one does.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
if [ "${1:-}" = "--compare" ]; then
  before="${2:?usage: render-published.sh --compare BEFORE AFTER}"
  after="${3:?usage: render-published.sh --compare BEFORE AFTER}"
  folders=0
  differ=0
  while IFS= read -r f; do
    rel="${f#"$before"/}"
    folders=$((folders + 1))
    for name in report.md report.html; do
      if [ ! -e "$before/$rel/$name" ] && [ ! -e "$after/$rel/$name" ]; then
        continue # a scenario's report has no HTML form
      fi
      if ! cmp -s "$before/$rel/$name" "$after/$rel/$name"; then
        echo "differs: $rel/$name"
        differ=$((differ + 1))
      fi
    done
  done < <(find "$before" -name report.md -printf '%h\n' | sort)
  echo "$folders folder(s) compared, $differ file(s) differ"
  [ "$differ" -eq 0 ]
  exit
fi
out="${1:?usage: render-published.sh OUT_DIR | --compare BEFORE AFTER}"
if [ -e "$out" ]; then
  echo "render-published.sh: $out exists; give a new folder" >&2
  exit 2
fi
mkdir -p "$out"
count=0
while IFS= read -r summary; do
  folder="$(dirname "$summary")"
  rel="${folder#"$ROOT"/results/published/}"
  mkdir -p "$(dirname "$out/$rel")"
  if ! "$ROOT/scripts/fixbench" report "$folder" --out "$out/$rel" < /dev/null > "$out/$rel.log" 2>&1; then
    echo "render-published.sh: the report of $rel failed: $(tail -1 "$out/$rel.log")" >&2
    exit 1
  fi
  count=$((count + 1))
done < <(find "$ROOT/results/published" -name summary.json | sort)
echo "$count published report(s) made again into $out"

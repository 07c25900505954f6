#!/usr/bin/env bash
# alternating A/B of JMH jars: /tmp/jmh-$S1 and /tmp/jmh-$S2 (default A and B; each: fixbench-benchmarks.jar + lib/), run from /work/main
set -euo pipefail
S1=${S1:-A}; S2=${S2:-B}
ROUNDS=${ROUNDS:-6}
OUT=${OUT:-/tmp/ab-out}
REGEX=${REGEX:-'RoundTrips.roundTrip_(sbe|philadelphia|tcp)$|Codecs.(parse|encode)_(sbe|philadelphia)$'}
mkdir -p "$OUT"
cd /work/main
for r in $(seq 1 "$ROUNDS"); do
  if (( r % 2 )); then order="$S1 $S2"; else order="$S2 $S1"; fi
  for s in $order; do
    echo "round $r side $s $(date +%T)"
    java -cp "/tmp/jmh-$s/fixbench-benchmarks.jar:/tmp/jmh-$s/lib/*" org.openjdk.jmh.Main "$REGEX" -f 1 -wi 2 -i 4 \
      -rf json -rff "$OUT/$s-$r.json" > "$OUT/$s-$r.log" 2>&1
  done
done
echo done

#!/usr/bin/env bash
# Checks the launcher's build rule (run by .ci/run after the build): generated code under target/ newer than the
# jar must not trigger a build, a changed source must, and a build must never start while another fixbench runs
# from the jars. Needs a built tree (cli/target/fixbench-cli.jar).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
JAR="$ROOT/cli/target/fixbench-cli.jar"
[ -f "$JAR" ] || { echo "test-launcher: no $JAR: build first" >&2; exit 2; }
fail() { echo "test-launcher: FAILED: $*" >&2; exit 1; }

# 1. generated sources newer than the jar: no build
gen="$ROOT/engines/sbe/target/generated-sources/sbe/launcher-test-$$.java"
mkdir -p "$(dirname "$gen")"; touch "$gen"
out=$("$ROOT/scripts/fixbench" --version 2>&1) || fail "--version failed: $out"
rm -f "$gen"
case "$out" in *building*) fail "generated code under target/ triggered a build: $out";; esac

# 1b. a changed source of the cluster module: no build for a command without --cluster
clsrc="$ROOT/cluster/src/main/java/org/fixbench/cluster/OrchestratedHosts.java"
cp -p "$clsrc" "$clsrc.bak"; touch "$clsrc"
out=$("$ROOT/scripts/fixbench" --version 2>&1) || { mv -f "$clsrc.bak" "$clsrc"; fail "--version failed: $out"; }
mv -f "$clsrc.bak" "$clsrc"
case "$out" in *building*) fail "a cluster source triggered a build without --cluster: $out";; esac

# 1c. a changed test source: no build (the jars hold no tests)
tsrc="$ROOT/cli/src/test/java/org/fixbench/cli/CliTest.java"
cp -p "$tsrc" "$tsrc.bak"; touch "$tsrc"
out=$("$ROOT/scripts/fixbench" --version 2>&1) || { mv -f "$tsrc.bak" "$tsrc"; fail "--version failed: $out"; }
mv -f "$tsrc.bak" "$tsrc"
case "$out" in *building*) fail "a test source triggered a build: $out";; esac

# 1d. a changed source of a module the cli jar does not hold in its own classes: one build, then none; the build
# left the cli jar as it was, and the launcher built again on every run until it marked the jar built
esrc="$ROOT/engines/external/src/main/java/org/fixbench/engine/external/Check.java"
touch "$esrc"
out=$("$ROOT/scripts/fixbench" --version 2>&1) || fail "--version failed: $out"
case "$out" in *building*) ;; *) fail "a changed source built nothing: $out";; esac
out=$("$ROOT/scripts/fixbench" --version 2>&1) || fail "--version failed: $out"
case "$out" in *building*) fail "built again with nothing changed since the last build: $out";; esac

# 2. a changed source while another fixbench holds the jars: refused with a message, jars untouched
src="$ROOT/cli/src/main/java/org/fixbench/cli/FixbenchCli.java"
before=$(stat -c %Y "$JAR")
cp -p "$src" "$src.bak"
touch "$src"
flock -s "$ROOT/.fixbench-jars.lock" sleep 5 &
holder=$!
sleep 0.5
set +e
out=$("$ROOT/scripts/fixbench" --version 2>&1); status=$?
set -e
wait "$holder" || true
mv -f "$src.bak" "$src"   # restores its old time: nothing to build afterwards
[ "$status" -eq 3 ] || fail "expected exit 3 while another fixbench runs, got $status: $out"
case "$out" in *"another fixbench is running"*) ;; *) fail "no message: $out";; esac
[ "$(stat -c %Y "$JAR")" = "$before" ] || fail "the jar was rebuilt under a running fixbench"
# 4. scripts/tuning-sessions.sh refuses a folder that holds results, and a bare --out, before anything runs
held="$(mktemp -d)"; touch "$held/summary.json"
status=0; out=$("$ROOT/scripts/tuning-sessions.sh" --out "$held" 2>&1) || status=$?
rm -rf "$held"
[ "$status" -eq 2 ] || fail "tuning-sessions.sh into a folder with results: expected exit 2, got $status: $out"
case "$out" in *"never overwritten"*) ;; *) fail "tuning-sessions.sh: no reason given: $out";; esac
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "tuning-sessions.sh: the reason is not one line: $out"
status=0; out=$("$ROOT/scripts/tuning-sessions.sh" --out 2>&1) || status=$?
[ "$status" -eq 2 ] || fail "tuning-sessions.sh --out without a folder: expected exit 2, got $status: $out"
# 5. scripts/sessions.sh likewise, and a --rate that is not a whole number
held="$(mktemp -d)"; touch "$held/summary.json"
status=0; out=$("$ROOT/scripts/sessions.sh" --out "$held" 2>&1) || status=$?
rm -rf "$held"
[ "$status" -eq 2 ] || fail "sessions.sh into a folder with results: expected exit 2, got $status: $out"
case "$out" in *"never overwritten"*) ;; *) fail "sessions.sh: no reason given: $out";; esac
[ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "sessions.sh: the reason is not one line: $out"
status=0; out=$("$ROOT/scripts/sessions.sh" --rate 2k 2>&1) || status=$?
[ "$status" -eq 2 ] || fail "sessions.sh --rate 2k: expected exit 2, got $status: $out"
for bad in "--runs x" "--runs 0" "--warmup"; do
  status=0; out=$("$ROOT/scripts/sessions.sh" $bad 2>&1) || status=$?
  [ "$status" -eq 2 ] || fail "sessions.sh $bad: expected exit 2, got $status: $out"
  [ "$(printf '%s\n' "$out" | wc -l)" -eq 1 ] || fail "sessions.sh $bad: the reason is not one line: $out"
done
echo "test-launcher: OK (no build for generated code nor tests; one build for a changed source, then none; no build under a running fixbench; tuning-sessions.sh and sessions.sh refuse bad input)"

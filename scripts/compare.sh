#!/usr/bin/env bash
# The suite's main job: the default comparison. Every engine built so far (raw TCP first, as the floor; one profile
# per engine: tcp:spin, quickfixj:tuned and its counterpart sbe:tuned, which validate no dictionary,
# philadelphia:spin, artio:tuned), at 2,000,
# 10,000 and 50,000 msgs/s, 3 runs of 3 s, each after a 2 s warm-up (its first 1.5 s at 10,000/s) that goes on
# while the client JVM's JIT still compiles (up to 4 s more), interleaved (round by round: every engine x rate runs
# once per round), each run in a fresh server JVM and a fresh client JVM. For the dictionary-validation profiles:
#   scripts/fixbench compare --engines tcp,quickfixj:published,sbe:published --rates 2000,10000,50000 --runs 3
# Writes results/<UTC timestamp>-<host>/ with report.md; extra arguments are passed to `fixbench compare`
# (e.g. --out DIR, --runs 5, --pin).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$ROOT/scripts/fixbench" compare --rates 2000,10000,50000 --runs 3 --duration 3s --warmup 2s "$@"

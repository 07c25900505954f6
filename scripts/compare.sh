#!/usr/bin/env bash
# The suite's main job: the default comparison. Every engine built so far (raw TCP first, as the floor; one profile
# per engine: tcp:spin, quickfixj:tuned and its counterpart sbe:tuned, which validate no dictionary,
# philadelphia:spin, artio:tuned), at 2,000,
# 10,000 and 50,000 msgs/s, 3 rounds. In a round each engine (raw TCP twice, as the floor) runs in a fresh server JVM
# and a fresh client JVM, warmed up (2 s of scheduled passes, the first 1.5 s at 10,000/s, then settling passes at
# the run's rate until the JIT compilers of both JVMs are quiet, up to 40 s) and then one 3 s run at each rate,
# highest first, each after settling at its rate. 9.5-10 min on a 2-vCPU host, the build included. For the
# dictionary-validation profiles:
#   scripts/fixbench compare --engines tcp,quickfixj:published,sbe:published --rates 2000,10000,50000 --runs 3
# Writes results/<UTC timestamp>-<host>/ with report.md; extra arguments are passed to `fixbench compare`
# (e.g. --out DIR, --runs 5, --pin).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$ROOT/scripts/fixbench" compare --rates 2000,10000,50000 --runs 3 --duration 3s --warmup 2s "$@"

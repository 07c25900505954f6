#!/usr/bin/env bash
# The suite's main job. Until the engine comparison lands, it runs the harness demo: the coordinated-omission
# experiment. Results go to a new folder under results/ (or --out DIR). Extra arguments are passed through.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$ROOT/scripts/fixbench" example co "$@"

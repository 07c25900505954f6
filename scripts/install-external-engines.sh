#!/usr/bin/env bash
# Installs the engines outside the JVM that the external engine measures (fix-configs/external/):
#   QuickFIX C++ 1.15.1: Debian's libquickfix-dev (its executor is compiled by the Maven build, or here);
#   jspurefix 5.11.4: npm, into engines/external/jspurefix/node_modules (the versions package-lock.json pins);
#   and Debian's stunnel4, the TLS terminator of the engines that have no TLS of their own (tls=terminator).
# Needs root (or sudo) for apt-get, Node.js and npm. .ci/run runs it; a user runs it once.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if ! dpkg-query -W -f='${Status}' libquickfix-dev 2>/dev/null | grep -q "install ok installed"; then
  $SUDO apt-get install -y -q libquickfix-dev >/dev/null || { $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q libquickfix-dev >/dev/null; }
fi
echo "install: libquickfix-dev $(dpkg-query -W -f='${Version}' libquickfix-dev)"
# the TLS terminator of engines without TLS of their own (tls=terminator; engines/api Stunnel)
if ! dpkg-query -W -f='${Status}' stunnel4 2>/dev/null | grep -q "install ok installed"; then
  $SUDO apt-get install -y -q stunnel4 >/dev/null || { $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q stunnel4 >/dev/null; }
fi
echo "install: stunnel4 $(dpkg-query -W -f='${Version}' stunnel4)"
# the executor's compile (9 s of one CPU here) beside npm's install (21 s, most of it the kernel writing 148 MB of
# small files): side by side 27-29 s, one after the other 31-36 s, on 2 CPUs (AMD EPYC family 25 model 17, 2026-12-03)
build_log=$(mktemp)
"$ROOT/engines/external/quickfix-cpp/build.sh" "$ROOT/engines/external/target" >"$build_log" 2>&1 &
build=$!
npm_status=0
(cd "$ROOT/engines/external/jspurefix" && npm ci --no-audit --no-fund --loglevel=error >/dev/null) || npm_status=$?
build_status=0
wait "$build" || build_status=$?
cat "$build_log"
rm -f "$build_log"
if [ "$build_status" -ne 0 ]; then
  echo "install: the QuickFIX C++ executor did not build (exit status $build_status; g++'s output above)" >&2
  exit 1
fi
if [ "$npm_status" -ne 0 ]; then
  echo "install: npm ci in engines/external/jspurefix failed (exit status $npm_status)" >&2
  exit 1
fi
echo "install: jspurefix $(node -p "require('$ROOT/engines/external/jspurefix/node_modules/jspurefix/package.json').version")"

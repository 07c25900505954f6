#!/usr/bin/env bash
# Installs the engines outside the JVM that the external engine measures (fix-configs/external/):
#   QuickFIX C++ 1.15.1: Debian's libquickfix-dev (its executor is compiled by the Maven build, or here);
#   jspurefix 5.11.4: npm, into engines/external/jspurefix/node_modules (the versions package-lock.json pins).
# Needs root (or sudo) for apt-get, Node.js and npm. .ci/run runs it; a user runs it once.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if ! dpkg-query -W -f='${Status}' libquickfix-dev 2>/dev/null | grep -q "install ok installed"; then
  $SUDO apt-get install -y -q libquickfix-dev >/dev/null || { $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q libquickfix-dev >/dev/null; }
fi
echo "install: libquickfix-dev $(dpkg-query -W -f='${Version}' libquickfix-dev)"
"$ROOT/engines/external/quickfix-cpp/build.sh" "$ROOT/engines/external/target"
(cd "$ROOT/engines/external/jspurefix" && npm ci --no-audit --no-fund --loglevel=error >/dev/null)
echo "install: jspurefix $(node -p "require('$ROOT/engines/external/jspurefix/node_modules/jspurefix/package.json').version")"

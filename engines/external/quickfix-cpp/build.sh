#!/usr/bin/env bash
# Compiles the QuickFIX C++ executor into $1 (engines/external/target/ by the Maven build) when Debian's
# libquickfix-dev is installed; says so and does nothing when it is not (the engine file then names the install).
set -euo pipefail
out="${1:?usage: build.sh OUT_DIR}"
here="$(cd "$(dirname "$0")" && pwd)"
if [[ ! -f /usr/include/quickfix/Application.h ]]; then
  echo "quickfix-cpp: libquickfix-dev is not installed, the executor is not built (apt-get install -y libquickfix-dev)"
  exit 0
fi
version="$(dpkg-query -W -f='${Version}' libquickfix-dev 2>/dev/null || echo unknown)"
mkdir -p "$out"
if [[ "$out/quickfix-executor" -nt "$here/executor.cpp" && "$out/quickfix-executor" -nt "$0" ]]; then
  echo "quickfix-cpp: $out/quickfix-executor is up to date"
  exit 0
fi
# QuickFIX 1.15's headers declare dynamic exception specifications: C++14 is the newest standard that takes them
# Debian's library is built with OpenSSL (libquickfix-dev depends on libssl-dev): HAVE_SSL declares its
# SSLSocketAcceptor, the executor's --tls
g++ -std=gnu++14 -O2 -Wno-deprecated -DHAVE_SSL=1 -DQUICKFIX_VERSION_STRING="\"$version\"" \
  -o "$out/quickfix-executor.tmp" "$here/executor.cpp" -lquickfix -lssl -lcrypto -lpthread
mv "$out/quickfix-executor.tmp" "$out/quickfix-executor"
echo "quickfix-cpp: built $out/quickfix-executor against libquickfix-dev $version"

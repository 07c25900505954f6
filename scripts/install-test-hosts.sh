#!/usr/bin/env bash
# Installs what the long tests' simulated hosts need beyond the JDK and Maven: Debian's OpenSSH server, which
# OpenSshClusterTest runs once per network namespace (it never starts the system's own sshd: the package's service
# start is refused while it installs, by a policy-rc.d this script adds and removes).
# Needs root (or sudo) for apt-get. .ci/run runs it.
set -euo pipefail
SUDO=""
if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
if ! dpkg-query -W -f='${Status}' openssh-server 2>/dev/null | grep -q "install ok installed"; then
  policy=""
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    policy=/usr/sbin/policy-rc.d
    printf '#!/bin/sh\nexit 101\n' | $SUDO tee "$policy" >/dev/null
    $SUDO chmod +x "$policy"
  fi
  trap '[ -n "$policy" ] && $SUDO rm -f "$policy"' EXIT
  $SUDO apt-get install -y -q openssh-server >/dev/null || { $SUDO apt-get update -q >/dev/null && $SUDO apt-get install -y -q openssh-server >/dev/null; }
fi
echo "install: openssh-server $(dpkg-query -W -f='${Version}' openssh-server)"

#!/usr/bin/env bash
# Installs Debian packages with apt-get, the one way every script of this repository does it:
#   bash scripts/apt_install.sh WHO PACKAGE...     (or source it and call apt_install WHO PACKAGE...)
# prints "WHO: installing PACKAGE... with apt-get" on standard error, runs apt-get as root (sudo when not root),
# quietly and non-interactively, and keeps a package's own service (nginx on port 80, a PostgreSQL cluster) from
# starting while it installs, with a policy-rc.d that it removes again.
set -euo pipefail

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

apt_install() {
  local who=$1
  shift
  echo "$who: installing $* with apt-get" >&2
  local added_policy=0
  if [ ! -e /usr/sbin/policy-rc.d ]; then
    printf '#!/bin/sh\nexit 101\n' | as_root tee /usr/sbin/policy-rc.d >/dev/null
    as_root chmod +x /usr/sbin/policy-rc.d
    added_policy=1
  fi
  # Another install (a second checkout's bootstrap) may hold dpkg's lock: wait for it instead of failing.
  as_root apt-get -o DPkg::Lock::Timeout=600 update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@" >/dev/null
  if [ "$added_policy" = 1 ]; then as_root rm -f /usr/sbin/policy-rc.d; fi
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then apt_install "$@"; fi

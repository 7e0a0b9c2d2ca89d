#!/usr/bin/env bash
# Installs what pureform needs and is missing: pkg-config and libpcre2-dev (Debian), python3's jsonschema,
# and for the browser check of `pureform render` chromium, chromium-driver (Debian) and python3's selenium.
# Safe to run again: it only installs what is absent.
set -euo pipefail

as_root() {
  if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo "$@"; fi
}

if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libpcre2-8; then
  echo "bootstrap: installing libpcre2-dev and pkg-config with apt-get" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq libpcre2-dev pkg-config >/dev/null
fi

if ! python3 -c 'import jsonschema' >/dev/null 2>&1; then
  echo "bootstrap: installing python3 jsonschema with pip" >&2
  python3 -m pip install --quiet jsonschema
fi

# `make test`'s browser check of `pureform render` (scripts/check_render_browser.py): Debian's headless
# Chromium and its driver, and Selenium from PyPI; nothing is downloaded when the check runs.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  echo "bootstrap: installing chromium and chromium-driver with apt-get" >&2
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null
fi

if ! python3 -c 'import selenium' >/dev/null 2>&1; then
  echo "bootstrap: installing python3 selenium with pip" >&2
  python3 -m pip install --quiet selenium
fi

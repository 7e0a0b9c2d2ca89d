#!/usr/bin/env bash
# Installs what pureform needs and is missing: pkg-config and libpcre2-dev (Debian), python3's jsonschema,
# and for the browser check of `pureform render` chromium, chromium-driver (Debian) and python3's selenium.
# Safe to run again: it only installs what is absent.
set -euo pipefail

. "$(dirname "${BASH_SOURCE[0]}")/apt_install.sh"

if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libpcre2-8; then
  apt_install bootstrap libpcre2-dev pkg-config
fi

if ! python3 -c 'import jsonschema' >/dev/null 2>&1; then
  echo "bootstrap: installing python3 jsonschema with pip" >&2
  python3 -m pip install --quiet jsonschema
fi

# `make test`'s browser check of `pureform render` (scripts/check_render_browser.py): Debian's headless
# Chromium and its driver, and Selenium from PyPI; nothing is downloaded when the check runs.
if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then
  apt_install bootstrap chromium chromium-driver
fi

if ! python3 -c 'import selenium' >/dev/null 2>&1; then
  echo "bootstrap: installing python3 selenium with pip" >&2
  python3 -m pip install --quiet selenium
fi

# `make test`'s OpenAPI stage (scripts/check_openapi.py): the document's validator and the API fuzzer, pinned
# so every run checks against the same rules and generates the same cases from its seed.
OPENAPI_SPEC_VALIDATOR=0.9.0
SCHEMATHESIS=4.32.5
# schemathesis 4.32.5 allows hypothesis 6.130.12 and later; 6.155.2 failed its coverage phase with an
# AssertionError on a character class outside the alphabet (the schemas' `[𐀀-􏿿]`), 6.170.15 does not.
HYPOTHESIS=6.170.15
if ! python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('openapi-spec-validator') != '$OPENAPI_SPEC_VALIDATOR')" >/dev/null 2>&1; then
  echo "bootstrap: installing openapi-spec-validator $OPENAPI_SPEC_VALIDATOR with pip" >&2
  python3 -m pip install --quiet "openapi-spec-validator==$OPENAPI_SPEC_VALIDATOR"
fi
if ! python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('schemathesis') != '$SCHEMATHESIS')" >/dev/null 2>&1; then
  echo "bootstrap: installing schemathesis $SCHEMATHESIS with pip" >&2
  python3 -m pip install --quiet "schemathesis==$SCHEMATHESIS"
fi
if ! python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('hypothesis') != '$HYPOTHESIS')" >/dev/null 2>&1; then
  echo "bootstrap: installing hypothesis $HYPOTHESIS with pip" >&2
  python3 -m pip install --quiet "hypothesis==$HYPOTHESIS"
fi

# `make test-diff` (scripts/check_diff.py): `pureform diff --format markdown` rendered as GitHub-flavoured
# markdown by markdown-it-py (CommonMark with the GFM table rule).
if ! python3 -c 'import markdown_it' >/dev/null 2>&1; then
  echo "bootstrap: installing python3 markdown-it-py with pip" >&2
  python3 -m pip install --quiet markdown-it-py
fi
# `make test-lsp` (Tests/lsp/): the Language Server Protocol client that drives `pureform lsp`, pinned in
# Tests/lsp/requirements.txt; installed when any pinned version is missing.
if ! python3 - "$(dirname "${BASH_SOURCE[0]}")/../Tests/lsp/requirements.txt" >/dev/null 2>&1 <<'PY'
import importlib.metadata as m, sys
for line in open(sys.argv[1]):
    line = line.split("#")[0].strip()
    if not line:
        continue
    name, _, version = line.partition("==")
    if version and m.version(name) != version or not version and not m.version(name):
        sys.exit(1)
PY
then
  echo "bootstrap: installing the pytest-lsp client of Tests/lsp/requirements.txt with pip" >&2
  python3 -m pip install --quiet -r "$(dirname "${BASH_SOURCE[0]}")/../Tests/lsp/requirements.txt"
fi
# `make test`'s spec unit tests stage (scripts/check_spec_tests.py): `pureform test --format junit` read by a real
# JUnit consumer, pinned.
JUNITPARSER=5.0.3
if ! python3 -c "import importlib.metadata as m, sys; sys.exit(m.version('junitparser') != '$JUNITPARSER')" >/dev/null 2>&1; then
  echo "bootstrap: installing junitparser $JUNITPARSER with pip" >&2
  python3 -m pip install --quiet "junitparser==$JUNITPARSER"
fi

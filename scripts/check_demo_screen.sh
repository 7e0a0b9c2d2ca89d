#!/usr/bin/env bash
# The demo's first screen: a newcomer's `make demo` starts with what they came for (a spec that checks clean,
# records validated), never with warnings. The first 25 lines of `make demo` are the quiet build's one line
# and the demo's first 24: this runs the demo with the given binary and fails when those 24 lines hold a
# warning (the device warnings have a step of their own, later, that says what they are for).
#   bash scripts/check_demo_screen.sh [BIN]
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/debug/pureform}
screen=$(bash scripts/demo.sh "$bin" 2>&1 | head -24)
if grep -n -E 'warning:|note:|\[PF[0-9]+\]' <<<"$screen"; then
  echo "demo-screen: FAILED: the demo's first 24 lines (above) hold a warning" >&2
  exit 1
fi
if [ "$(grep -c '^\$ ' <<<"$screen")" -lt 3 ]; then
  printf '%s\n' "$screen"
  echo "demo-screen: FAILED: the demo's first screen shows fewer than 3 commands" >&2
  exit 1
fi
echo "demo-screen: the demo's first 24 lines hold no warning ($(grep -c '^\$ ' <<<"$screen") commands)"

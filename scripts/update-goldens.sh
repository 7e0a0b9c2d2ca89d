#!/usr/bin/env bash
# Regenerates the golden outputs beside each Specs/invalid/*.json spec from the debug build:
#   NAME.diagnostics.txt  what `pureform check` prints on standard output (text format)
#   NAME.check.json       what `pureform check --format json` prints
# Review `git diff Specs/invalid` before committing: the goldens are the specification of the diagnostics.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug/pureform
for spec in Specs/invalid/*.json; do
  case "$spec" in *.check.json) continue ;; esac
  base=${spec%.json}
  "$bin" check "$spec" >"$base.diagnostics.txt" 2>/dev/null || true
  "$bin" check --format json "$spec" >"$base.check.json" 2>/dev/null || true
done

#!/usr/bin/env bash
# Regenerates the golden outputs of each Specs/invalid/NAME.json spec from the debug build, in
# Specs/invalid/expected/ (a folder of their own, so that `Specs/invalid/*.json` matches only specs):
#   expected/NAME.diagnostics.txt  what `pureform check` prints on standard output (text format)
#   expected/NAME.check.json       what `pureform check --format json` prints
# Review `git diff Specs/invalid` before committing: the goldens are the specification of the diagnostics.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug/pureform
mkdir -p Specs/invalid/expected
for spec in Specs/invalid/*.json; do
  name=$(basename "$spec" .json)
  "$bin" check "$spec" >"Specs/invalid/expected/$name.diagnostics.txt" 2>/dev/null || true
  "$bin" check --format json "$spec" >"Specs/invalid/expected/$name.check.json" 2>/dev/null || true
done

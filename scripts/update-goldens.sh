#!/usr/bin/env bash
# Regenerates the golden outputs of each spec FOLDER/NAME.json of the golden folders (Specs/invalid: specs
# with errors; Specs/pureform-readme: PureForm's README forms as PureForm writes them, with their warnings)
# from the debug build, in FOLDER/expected/ (a folder of their own, so that `FOLDER/*.json` matches only specs):
#   expected/NAME.diagnostics.txt  what `pureform check` prints on standard output (text format)
#   expected/NAME.check.json       what `pureform check --format json` prints
# Review `git diff Specs` before committing: the goldens are the specification of the diagnostics.
set -euo pipefail
cd "$(dirname "$0")/.."
bin=.build/debug/pureform
for folder in Specs/invalid Specs/pureform-readme; do
  mkdir -p "$folder/expected"
  for spec in "$folder"/*.json; do
    name=$(basename "$spec" .json)
    "$bin" check "$spec" >"$folder/expected/$name.diagnostics.txt" 2>/dev/null || true
    "$bin" check --format json "$spec" >"$folder/expected/$name.check.json" 2>/dev/null || true
  done
done

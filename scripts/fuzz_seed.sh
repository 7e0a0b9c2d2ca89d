#!/usr/bin/env bash
# Seeds the fuzz corpora from the project's own files with libFuzzer's -merge=1: of these, only the inputs that
# add coverage to Fuzz/corpus/NAME join it (under a name that is their SHA-1; the named seeds stay): the example specs, the goldens' invalid specs and the schema specs
# for FuzzCheck and FuzzJSONReader; the sample records for FuzzValidate and FuzzRecordIO (each under a choosing
# first byte, FuzzChoice, spread over the cases) and FuzzJSONReader; the strings tables for FuzzStrings.
#   bash scripts/fuzz_seed.sh [TARGET...]
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fuzz_targets.sh
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${fuzz_targets[@]}")
for target in "${targets[@]}"; do
  fuzz_build "$target"
  name=${fuzz_corpus[$target]}
  seeds=$(mktemp -d)
  python3 - "$target" "$seeds" <<'PY'
import pathlib, sys
target, out = sys.argv[1], pathlib.Path(sys.argv[2])
specs = sorted(pathlib.Path("Specs").glob("**/*.json"))
specs = [p for p in specs if "inputs" not in p.parts and not p.name.endswith(".tests.json")]
records = sorted(pathlib.Path("Specs/inputs").glob("**/*.json")) + sorted(pathlib.Path("Specs/inputs").glob("*.ndjson"))
tables = sorted(p for p in pathlib.Path("Specs/strings").glob("**/*") if p.is_file())
def write(name, data):
    (out / name.replace("/", "_")).write_bytes(data)
if target in ("FuzzCheck", "FuzzJSONReader"):
    for p in specs:
        write(str(p), p.read_bytes())
if target == "FuzzJSONReader":
    for p in records:
        write(str(p), p.read_bytes())
if target in ("FuzzValidate", "FuzzRecordIO"):
    for i, p in enumerate(records):
        write(str(p), bytes([i % 64]) + p.read_bytes())
if target == "FuzzStrings":
    for p in tables:
        choice = 0 if p.suffix == ".strings" else 1 if p.suffix == ".xcstrings" else 3
        write(str(p), bytes([choice]) + p.read_bytes())
PY
  before=$(find "Fuzz/corpus/$name" -type f | wc -l)
  # shellcheck disable=SC2046
  ASAN_OPTIONS=detect_leaks=0 ".build-fuzz/release/$target" -merge=1 $(fuzz_flags "$target") \
    "Fuzz/corpus/$name" "$seeds" >"$seeds.log" 2>&1 || { tail -20 "$seeds.log"; exit 1; }
  echo "fuzz-seed: $target: $before seeds, $(find "$seeds" -type f | wc -l) from the project, $(find "Fuzz/corpus/$name" -type f | wc -l) after -merge=1"
  rm -rf "$seeds" "$seeds.log"
done

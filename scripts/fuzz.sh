#!/usr/bin/env bash
# Builds every fuzz target with libFuzzer and AddressSanitizer and runs each for SECONDS (default 20).
#   scripts/fuzz.sh            # every target, 20 s each
#   scripts/fuzz.sh 600 FuzzCheck
# A crash or a violated invariant stops the run with exit 1; libFuzzer writes the input as crash-* in
# Fuzz/findings/TARGET/. Copy it to Fuzz/regressions/<corpus>/ so `make test` replays it from then on.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(FuzzJSONReader FuzzCheck FuzzValidate FuzzParity FuzzStrings)
declare -A corpus=([FuzzJSONReader]=json [FuzzCheck]=check [FuzzValidate]=validate [FuzzParity]=parity [FuzzStrings]=strings)
swift=$(command -v swift || echo /opt/swift/usr/bin/swift)
# The fuzz targets need neither Vapor nor its dependencies: Package.swift leaves them out, unresolved.
export PUREFORM_WITHOUT_VAPOR=1
for target in "${targets[@]}"; do
  "$swift" build -c release --scratch-path .build-fuzz --product "$target" --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >/dev/null
  name=${corpus[$target]}
  work=Fuzz/findings/$target
  mkdir -p "$work/corpus"
  echo "fuzz: $target for ${seconds}s"
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 ".build-fuzz/release/$target" \
    -max_total_time="$seconds" -max_len=65536 -timeout=10 -rss_limit_mb=4096 -print_final_stats=1 \
    -artifact_prefix="$work/" "$work/corpus" "Fuzz/corpus/$name" "Fuzz/regressions/$name" 2>"$work/log.txt" ||
    { tail -40 "$work/log.txt"; echo "fuzz: $target found a problem (input saved in $work/)"; exit 1; }
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb" "$work/log.txt" | sed "s/^/fuzz: $target /"
done

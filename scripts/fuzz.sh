#!/usr/bin/env bash
# Builds every fuzz target with libFuzzer and AddressSanitizer and runs each for SECONDS (default 20).
#   scripts/fuzz.sh            # every target, 20 s each
#   scripts/fuzz.sh 600 FuzzCheck
# A crash or a violated invariant stops the run with exit 1; libFuzzer writes the input as crash-* in
# Fuzz/findings/TARGET/. Copy it to Fuzz/regressions/<corpus>/ so `make test` replays it from then on.
# Longer runs on every core, with the corpora merged back: scripts/fuzz_campaign.sh (`make fuzz-campaign`).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fuzz_targets.sh
seconds=${1:-20}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${fuzz_targets[@]}")
for target in "${targets[@]}"; do
  fuzz_build "$target"
  name=${fuzz_corpus[$target]}
  work=Fuzz/findings/$target
  mkdir -p "$work/corpus"
  echo "fuzz: $target for ${seconds}s"
  # shellcheck disable=SC2046
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 ".build-fuzz/release/$target" \
    -max_total_time="$seconds" $(fuzz_flags "$target") -print_final_stats=1 \
    -artifact_prefix="$work/" "$work/corpus" "Fuzz/corpus/$name" "Fuzz/regressions/$name" 2>"$work/log.txt" ||
    { tail -40 "$work/log.txt"; echo "fuzz: $target found a problem (input saved in $work/)"; exit 1; }
  grep -E "stat::number_of_executed_units|stat::average_exec_per_sec|stat::peak_rss_mb" "$work/log.txt" |
    sed "s/^/fuzz: $target /"
done

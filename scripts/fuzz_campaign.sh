#!/usr/bin/env bash
# A fuzzing campaign: every target (or the ones named) for MINUTES each, WORKERS libFuzzer processes (default:
# one per core; fewer leave cores to other work) on a shared working corpus, then merged back into
# Fuzz/corpus/NAME with libFuzzer's minimising -merge=1 (only the inputs that add coverage join the seeds), a
# summary table, and every finding copied to Fuzz/regressions/NAME/, which `make test` replays from then on
# (fix the finding, then commit it with its regression input).
#   bash scripts/fuzz_campaign.sh MINUTES [TARGET...]      (make fuzz-campaign MINUTES=N [WORKERS=N])
#   WORKERS=1 bash scripts/fuzz_campaign.sh 12             (one process per target, one core left free)
# The working corpora stay in Fuzz/findings/TARGET/campaign/ between campaigns (not committed); the merged,
# minimised seed corpus is what a commit keeps. A process that stops on a finding is started again until
# the time is up, so one finding does not end a target's campaign. Exit 1 when any target found something.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/fuzz_targets.sh
minutes=${1:?usage: fuzz_campaign.sh MINUTES [TARGET...]}
shift
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=("${fuzz_targets[@]}")
workers=${WORKERS:-$(nproc)}
[[ "$workers" =~ ^[1-9][0-9]*$ ]] || { echo "fuzz-campaign: WORKERS is a number of processes, not '$workers'" >&2; exit 2; }
seconds=$((minutes * 60))
summary=()
found=0
for target in "${targets[@]}"; do
  fuzz_build "$target"
  name=${fuzz_corpus[$target]}
  work=Fuzz/findings/$target
  corpus=$work/campaign
  mkdir -p "$corpus" "$work/logs" "$work/artifacts"
  rm -f "$work"/logs/*.txt
  echo "fuzz-campaign: $target for ${minutes} min, $workers process(es)"
  deadline=$((SECONDS + seconds))
  for ((worker = 0; worker < workers; worker++)); do
    (
      run=0
      while [ $((deadline - SECONDS)) -gt 5 ]; do
        # shellcheck disable=SC2046
        SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 ".build-fuzz/release/$target" \
          -max_total_time=$((deadline - SECONDS)) $(fuzz_flags "$target") -print_final_stats=1 \
          -seed=$((worker * 1000 + run + 1)) -artifact_prefix="$work/artifacts/" \
          "$corpus" "Fuzz/corpus/$name" "Fuzz/regressions/$name" >"$work/logs/$worker-$run.txt" 2>&1 || true
        run=$((run + 1))
      done
    ) &
  done
  wait
  # Sums of the processes' final statistics.
  stats() { cat "$work"/logs/*.txt | awk -v key="stat::$1:" '$1 == key { total += $2 } END { print total + 0 }'; }
  executions=$(stats number_of_executed_units)
  new_units=$(stats new_units_added)
  rate=$((executions / seconds))
  # Findings: every crash, leak, timeout or out-of-memory input, copied to the regressions it becomes.
  findings=0
  for artifact in "$work"/artifacts/*; do
    [ -e "$artifact" ] || continue
    findings=$((findings + 1))
    cp "$artifact" "Fuzz/regressions/$name/$target-$(basename "$artifact")"
    mv "$artifact" "$work/logs/"
  done
  [ "$findings" -eq 0 ] || found=1
  # Merge the working corpus back into the seed corpus: only inputs that add coverage join it (libFuzzer's
  # minimising merge), so the seeds grow by what the campaign reached that they did not.
  before=$(find "Fuzz/corpus/$name" -type f | wc -l)
  # shellcheck disable=SC2046
  ASAN_OPTIONS=detect_leaks=0 ".build-fuzz/release/$target" -merge=1 $(fuzz_flags "$target") \
    "Fuzz/corpus/$name" "$corpus" >"$work/logs/merge.txt" 2>&1
  after=$(find "Fuzz/corpus/$name" -type f | wc -l)
  summary+=("| $target | $executions | $rate | $new_units | $findings | $before -> $after |")
done
echo
echo "| target | executions | executions/s | new coverage units | findings | seed corpus (files) |"
echo "|---|---:|---:|---:|---:|---|"
printf '%s\n' "${summary[@]}"
[ "$found" -eq 0 ] || echo "fuzz-campaign: findings copied to Fuzz/regressions/ (make test-fuzz-replay replays them)"
exit "$found"

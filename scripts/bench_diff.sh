#!/usr/bin/env bash
# `make bench`'s diff row (BENCH_ONLY=diff runs it alone): `pureform diff --records` on 1,000,000 stored records
# of the Specs/diff pair (scripts/gen_diff_records.py, in bench-data/ unless present), beside `pureform validate
# --all-failures` of the same file with each spec alone, whole commands run in turn, best of BENCH_REPS, peak RSS
# from wait4 (scripts/bench_run.py). Bar: the one pass takes at most 0.7x the two validate runs added up.
# Prints a markdown table; exit 0 when it was measured (BENCH_STRICT=1: exit 1 when the bar fails).
#
# Environment: PUREFORM_BIN (default .build/release/pureform), BENCH_REPS (default 3), BENCH_DIFF_RECORDS
# (default 1000000), BENCH_STRICT.
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
read -r -a pf <<<"${PUREFORM_BIN:-$repo/.build/release/pureform}"
reps=${BENCH_REPS:-3}
count=${BENCH_DIFF_RECORDS:-1000000}
data=bench-data
run=$data/run-diff
mkdir -p "$data" "$run"
records=$data/diff-$count.ndjson
if [ ! -f "$records" ]; then
  echo "bench-diff: generating $records" >&2
  python3 scripts/gen_diff_records.py "$count" >"$records"
fi
old=Specs/diff/signup-v1.json
new=Specs/diff/signup-v2.json
measure() { # NAME CMD...: best wall and peak RSS into $run/NAME.json
  local name=$1
  shift
  python3 scripts/bench_run.py --reps "$reps" --ok-exit 0,1 --json-out "$run/$name.json" -- "$@"
}
# One after the other, so the load at the time falls on all three alike.
measure diff "${pf[@]}" diff "$old" "$new" --records "$records" --id id --format json
measure old "${pf[@]}" validate "$old" --input "$records" --all-failures --format json
measure new "${pf[@]}" validate "$new" --input "$records" --all-failures --format json
python3 - "$run" "$count" "${BENCH_STRICT:-0}" "$(cut -d' ' -f1-3 /proc/loadavg)" <<'PY'
import json, sys
run, count, strict, load = sys.argv[1], int(sys.argv[2]), sys.argv[3] == "1", sys.argv[4]
r = {name: json.load(open(f"{run}/{name}.json")) for name in ("diff", "old", "new")}
two = r["old"]["best_wall_s"] + r["new"]["best_wall_s"]
ratio = r["diff"]["best_wall_s"] / two
ok = ratio <= 0.7
print(f"\n### `pureform diff --records`: {count:,} records, Specs/diff pair (load average {load})\n")
print("| run | best wall (s) | records/s | peak RSS (MiB) |")
print("|---|---:|---:|---:|")
labels = {"diff": "diff --records (both specs, one pass)", "old": "validate --all-failures signup-v1",
          "new": "validate --all-failures signup-v2"}
for name in ("diff", "old", "new"):
    wall = r[name]["best_wall_s"]
    print(f"| {labels[name]} | {wall:.2f} | {count / wall:,.0f} | {r[name]['max_rss_kib'] / 1024:.0f} |")
print(f"\nBar: diff at most 0.7x the two validate runs added up ({two:.2f} s): {ratio:.2f}x, {'PASS' if ok else 'FAIL'}")
sys.exit(1 if strict and not ok else 0)
PY

#!/usr/bin/env bash
# `make bench`: pureform's NDJSON throughput and memory against the anchors of shared/bench, in one run.
#
#  1. installs what is missing: libpcre2-dev (scripts/bootstrap.sh) and the anchors' Python packages
#  2. generates bench-data/r200k.ndjson and r1m.ndjson (gen_records.py --malformed --seed 1), unless present
#     with the md5 that shared/bench/README.md gives
#  3. times `pureform validate login.json --input FILE --format json --jobs N > /dev/null` (whole command,
#     best of BENCH_REPS, peak RSS from wait4): --jobs 1 and all cores on 200k, all cores on 1M; checks its output
#  4. runs the anchors (anchors.py --no-probe) on the same 200k file
#  5. runs the in-process library benchmark (PureFormBench)
#  5b. the extension forms: Specs/business-account.json (conditions), Specs/order.json (repeated groups) and
#     Specs/booking.json (<format>, <in>, <not_in>, <min>, <max>), each on 200k records it generates
#     (gen_condition_records.py, gen_order_records.py, gen_booking_records.py): `pureform validate`
#     (--jobs 1 and all cores), PureFormBench (the NDJSON validator and the library call), and jsonschema-rs on the same
#     records with the form's own `pureform schema` (bench_schema_anchor.py), beside the login form; for a
#     schema with `format` keywords, jsonschema-rs again with format checks on (--formats)
#  6. prints the report (markdown) and writes it to bench-data/report.md
#  7. times `pureform check` beside Python's `orjson.loads` on large generated specs (gen_large_spec.py: 25k
#     and 250k cells, each without and with --warn-every-cell, one line a cell and --indented, in bench-data/
#     unless present): text and
#     --format json, whole processes run in turn with orjson's (scripts/bench_check.py), best of
#     BENCH_SPEC_REPS, peak RSS from wait4; scripts/bench_report.py compile adds the table to the report.
#     Bars on the 250k-cell specs: check >= 1.0x orjson's speed, peak RSS <= 3x the file; time linear in size
#
# Environment:
#   PUREFORM_SHARED   the shared/ folder (default: the repo's parent's shared/)
#   PUREFORM_BIN      the pureform command (default: .build/release/pureform); may hold arguments
#   BENCH_REPS        timed repetitions (default 7: single runs on a small VM vary by up to 30%)
#   BENCH_ANCHORS_ONLY  passed to anchors.py --only (comma-separated substrings of anchor names)
#   BENCH_IDLE_WAIT   seconds to wait, before each timed part, for other processes to leave the CPU (default 60)
#   BENCH_STRICT=1    exit 1 when a bar is FAIL or N/A (default: the report says so and the exit is 0)
#   BENCH_SPEC_REPS   timed repetitions of `pureform check` and orjson on the large specs (default 3)
#   BENCH_ONLY=check  only steps 1 (orjson and libpcre2-dev only) and 7: the compile-speed table, printed and
#                     written to bench-data/compile.md (bench-data/report.md is left as it was)
#   BENCH_ONLY=diff   only `pureform diff --records` on 1M records beside two `validate --all-failures` runs
#                     (scripts/bench_diff.sh), printed; in a full run its table is appended to the report
#   BENCH_ONLY=lsp    only `pureform lsp` (scripts/bench_lsp.py): diagnostics within 200 ms of a didChange on a
#                     2,000-cell spec and RSS over 200 changes, written to bench-data/lsp.md
#   SWIFT             the swift driver (default: swift on PATH, else /opt/swift/usr/bin/swift)
# Exit: 0 when the report was written; non-zero when the harness itself could not run.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
shared=${PUREFORM_SHARED:-$(dirname "$repo")/shared}
if [ ! -f "$shared/bench/gen_records.py" ] || [ ! -f "$shared/bench/anchors.py" ]; then
  echo "bench: no shared/bench at '$shared' (set PUREFORM_SHARED to the shared/ folder)" >&2
  exit 2
fi
shared=$(cd "$shared" && pwd)
bench="$shared/bench"
spec="$bench/login.json"
swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
reps=${BENCH_REPS:-7}
jobs=$(nproc)
data=bench-data
run=$data/run
read -r -a pf <<<"${PUREFORM_BIN:-$repo/.build/release/pureform}"
# Every timed and checked run is this command plus `--input FILE --jobs N`.
validate=("${pf[@]}" validate "$spec" --format json)

step() { printf '\n== bench: %s\n' "$*" >&2; }

# wait_idle: waits up to BENCH_IDLE_WAIT seconds (default 60) for other processes to use under 10% of the
# CPU, then prints how busy it was (percent of all cores, over one second).
wait_idle() {
  local busy waited=0 limit=${BENCH_IDLE_WAIT:-60}
  busy=$(python3 scripts/bench_report.py busy)
  while [ "$busy" -ge 10 ] && [ "$waited" -lt "$limit" ]; do
    if [ "$waited" -eq 0 ]; then
      echo "bench: the CPU is ${busy}% busy with other processes; waiting up to ${limit} s for it to settle" >&2
    fi
    sleep 4
    waited=$((waited + 5))
    busy=$(python3 scripts/bench_report.py busy)
  done
  echo "bench: CPU busy with other processes: ${busy}% (load average $(cut -d' ' -f1-3 /proc/loadavg))" >&2
  echo "$busy"
}

# ---- 1. what the anchors need
only=${BENCH_ONLY:-}
case "$only" in
  "" | check | lsp) ;;
  diff) exec bash scripts/bench_diff.sh ;;
  *)
    echo "bench: BENCH_ONLY='$only' is not known (check, diff, lsp, or unset for everything)" >&2
    exit 2
    ;;
esac
# ---- `pureform lsp` (BENCH_ONLY=lsp, and the last step of a full run): needs nothing but the binary.
bench_lsp() {
  step "pureform lsp: diagnostics after didChange, RSS over 200 changes"
  mkdir -p "$data"
  wait_idle >/dev/null
  python3 scripts/bench_lsp.py --pureform "${pf[0]}" --out "$data/lsp.md"
}
if [ "$only" = lsp ]; then
  bench_lsp
  exit 0
fi
step "installing what is missing"
bash scripts/bootstrap.sh
packages="msgspec:msgspec jsonschema-rs:jsonschema_rs fastjsonschema:fastjsonschema pysimdjson:simdjson"
packages+=" pydantic:pydantic jsonschema:jsonschema orjson:orjson"
# The compile-speed step needs orjson alone.
if [ "$only" = check ]; then packages="orjson:orjson"; fi
missing=()
for pair in $packages; do
  python3 -c "import ${pair#*:}" >/dev/null 2>&1 || missing+=("${pair%%:*}")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "bench: pip install ${missing[*]}" >&2
  python3 -m pip install --quiet --disable-pip-version-check "${missing[@]}"
else
  echo "bench: the anchors' Python packages are installed" >&2
fi

mkdir -p "$data"
if [ "$only" = check ]; then
  mkdir -p "$run"
  echo "bench: BENCH_ONLY=check: steps 2-6 (validate, anchors, library) are left out" >&2
else
# ---- 2. data
rm -rf "$run"
mkdir -p "$run"
md5_of() { md5sum <"$1" | cut -d' ' -f1; }
# ensure_data N FILE MD5: generate FILE (and FILE.labels, FILE.meta.json) unless it is there with that md5.
ensure_data() {
  local n=$1 out=$2 want=$3 got
  if [ -f "$out" ] && [ -f "$out.labels" ] && [ "$(md5_of "$out")" = "$want" ]; then
    echo "bench: $out present (md5 $want)" >&2
    return
  fi
  echo "bench: generating $out ($n records)" >&2
  python3 "$bench/gen_records.py" "$n" "$out" --malformed --seed 1 2>"$out.gen.log"
  got=$(md5_of "$out")
  if [ "$got" != "$want" ]; then
    echo "bench: WARNING: $out has md5 $got, not $want as in shared/bench/README.md; the anchors run on" \
      "this same file, so the ratios hold, but the figures are not comparable with the README's" >&2
  fi
}
step "data"
ensure_data 200000 "$data/r200k.ndjson" c6820192b28afd140392bab3261cf24d
ensure_data 1000000 "$data/r1m.ndjson" 4ee9851f9b7b97a48fb22cd7c49961be
r200k=$data/r200k.ndjson
r1m=$data/r1m.ndjson
n200k=$(wc -l <"$r200k")
n1m=$(wc -l <"$r1m")

# ---- 3. pureform
busy_pureform=$(wait_idle)
load=$(cut -d' ' -f1-3 /proc/loadavg)
step "pureform: ${validate[*]} --input FILE --jobs N"
pf_available=no
pf_reason=""
pf_version="?"
if ! command -v "${pf[0]}" >/dev/null 2>&1; then
  pf_reason="no pureform binary at '${pf[0]}' (run \`make release\`, or set PUREFORM_BIN)"
else
  pf_version=$("${pf[@]}" --version 2>/dev/null | head -1 || true)
  pf_version=${pf_version:-?}
  # Probe the NDJSON interface on the first 3 records: exit 0 or 1 and 3 result lines with "line" 1..3.
  head -n 3 "$r200k" >"$run/probe.ndjson"
  head -c 3 "$r200k.labels" >"$run/probe.ndjson.labels"
  set +e
  "${validate[@]}" --input "$run/probe.ndjson" --jobs 1 \
    >"$run/probe.out" 2>"$run/probe.err" </dev/null
  rc=$?
  set -e
  if [ "$rc" -ne 0 ] && [ "$rc" -ne 1 ]; then
    pf_reason="\`pureform validate SPEC --input FILE.ndjson --format json --jobs N\` is not available yet"
    pf_reason+=" (exit $rc: $(head -c 200 "$run/probe.err" | tr -s '\n ' ' ' | sed 's/ *$//'))"
  elif ! python3 scripts/bench_report.py check "$run/probe.out" "$run/probe.ndjson" >"$run/probe.check" 2>&1; then
    pf_reason="\`pureform validate\` does not write one NDJSON result per input line yet"
    pf_reason+=" ($(head -2 "$run/probe.check" | tr -s '\n ' ' ' | sed 's/ *$//'))"
  else
    pf_available=yes
  fi
fi
check_exit="?"
jobs_identical="?"
busy_pureform_after="-"
if [ "$pf_available" = yes ]; then
  # timed: best of $reps, output to /dev/null
  for cfg in "200k 1 $r200k" "200k $jobs $r200k" "1m $jobs $r1m"; do
    read -r size j file <<<"$cfg"
    tag=$([ "$j" = 1 ] && echo jobs1 || echo jobsN)
    echo "bench: $size --jobs $j (best of $reps)" >&2
    python3 scripts/bench_run.py --reps "$reps" --json-out "$run/run-$size-$tag.json" -- \
      "${validate[@]}" --input "$file" --jobs "$j" || true
  done
  busy_pureform_after=$(python3 scripts/bench_report.py busy)
  # untimed: the output itself, checked against the labels; --jobs 1 and all cores must write the same bytes
  echo "bench: output check (untimed)" >&2
  python3 scripts/bench_run.py --reps 1 --stdout "$run/out-200k-jobsN.ndjson" --json-out "$run/check-run.json" -- \
    "${validate[@]}" --input "$r200k" --jobs "$jobs" || true
  check_exit=$(python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))["exit_codes"][0])' \
    "$run/check-run.json" 2>/dev/null || echo "?")
  python3 scripts/bench_report.py check "$run/out-200k-jobsN.ndjson" "$r200k" --json-out "$run/check-200k.json" >&2 || true
  python3 scripts/bench_run.py --reps 1 --stdout "$run/out-200k-jobs1.ndjson" --json-out "$run/check-run1.json" -- \
    "${validate[@]}" --input "$r200k" --jobs 1 >/dev/null 2>&1 || true
  if cmp -s "$run/out-200k-jobs1.ndjson" "$run/out-200k-jobsN.ndjson"; then jobs_identical=yes; else jobs_identical=NO; fi
  rm -f "$run/out-200k-jobs1.ndjson"
else
  echo "bench: $pf_reason" >&2
  echo "bench: going on with the anchors and the library benchmark" >&2
fi

# ---- 4. anchors, same 200k file
step "anchors (anchors.py --no-probe, about 40 s)"
busy_anchors=$(wait_idle)
anchor_args=(--no-probe)
if [ -n "${BENCH_ANCHORS_ONLY:-}" ]; then anchor_args+=(--only "$BENCH_ANCHORS_ONLY"); fi
set +e
python3 "$bench/anchors.py" "$r200k" "${anchor_args[@]}" >"$run/anchors.md" 2> >(tee "$run/anchors.err" >&2)
anchors_rc=$?
set -e
busy_anchors_after=$(python3 scripts/bench_report.py busy)

# ---- 5. library, in process
step "library benchmark (PureFormBench)"
library_reason=""
if "$swift" build -c release --product PureFormBench >"$run/library-build.log" 2>&1; then
  bin_dir=$("$swift" build -c release --show-bin-path)
  "$bin_dir/PureFormBench" "$spec" "$r200k" --lines 200000 --reps "$reps" --json-out "$run/library.json" >&2 ||
    library_reason="PureFormBench failed (exit $?)"
else
  library_reason="swift build -c release --product PureFormBench failed (see $run/library-build.log)"
  tail -20 "$run/library-build.log" >&2
fi

# ---- 5b. the extension forms beside the login form: each on 200k generated records, pureform (whole command,
# --jobs 1 and all cores; PureFormBench in process) and jsonschema-rs with the form's own `pureform schema`
extras_reason=""
extra_forms=("business conditions business-account.json gen_condition_records.py"
  "order groups order.json gen_order_records.py"
  "booking values booking.json gen_booking_records.py")
if [ "$pf_available" = yes ]; then
  for extra in "${extra_forms[@]}"; do
    read -r name what spec_file generator <<<"$extra"
    step "$what: Specs/$spec_file on 200k generated records"
    extra_spec="$repo/Specs/$spec_file"
    if [ ! -f "$extra_spec" ]; then
      echo "bench: $extra_spec is not there; $name left out" >&2
      continue
    fi
    extra_data="$data/$name-200k.ndjson"
    if [ ! -f "$extra_data" ]; then
      echo "bench: generating $extra_data (200000 records)" >&2
      python3 "scripts/$generator" 200000 "$extra_data" --seed 1
    fi
    echo "$extra_data" >"$run/extra-$name.data"
    python3 scripts/bench_report.py busy >"$run/extra-$name.busy"
    for j in 1 "$jobs"; do
      tag=$([ "$j" = 1 ] && echo jobs1 || echo jobsN)
      echo "bench: $name 200k --jobs $j (best of $reps)" >&2
      python3 scripts/bench_run.py --reps "$reps" --json-out "$run/run-$name-$tag.json" -- \
        "${pf[@]}" validate "$extra_spec" --format json --input "$extra_data" --jobs "$j" || true
    done
    if [ -n "${bin_dir:-}" ] && [ -x "$bin_dir/PureFormBench" ]; then
      "$bin_dir/PureFormBench" "$extra_spec" "$extra_data" --lines 200000 --reps "$reps" --no-one-record \
        --json-out "$run/library-$name.json" >&2 || true
    fi
    "${pf[@]}" schema "$extra_spec" >"$run/$name.schema.json"
    python3 scripts/bench_schema_anchor.py "$run/$name.schema.json" "$extra_data" --reps "$reps" \
      --json-out "$run/anchor-$name.json" >&2 || true
    if grep -q '"format"' "$run/$name.schema.json"; then
      python3 scripts/bench_schema_anchor.py "$run/$name.schema.json" "$extra_data" --reps "$reps" --formats \
        --json-out "$run/anchor-$name-formats.json" >&2 || true
    fi
  done
else
  extras_reason="$pf_reason"
fi

# ---- 6. report
step "report"
strict=()
if [ "${BENCH_STRICT:-0}" = 1 ]; then strict=(--strict); fi
facts=(
  "nproc=$jobs" "reps=$reps" "load=$load" "pureform_cmd=${pf[*]}" "pureform_version=$pf_version"
  "busy_pureform=$busy_pureform" "busy_pureform_after=$busy_pureform_after"
  "busy_anchors=$busy_anchors" "busy_anchors_after=$busy_anchors_after"
  "pureform_available=$pf_available" "pureform_reason=$pf_reason"
  "commit=$(git rev-parse --short HEAD 2>/dev/null || echo '?')$(git diff --quiet HEAD 2>/dev/null || echo '+dirty')"
  "r200k=$r200k" "r200k_md5=md5 $(md5_of "$r200k")" "r1m=$r1m" "r1m_md5=md5 $(md5_of "$r1m")"
  "anchors_rc=$anchors_rc" "check_exit=$check_exit" "jobs_identical=$jobs_identical"
  "library_reason=$library_reason" "extras_reason=$extras_reason"
)
fact_args=()
for f in "${facts[@]}"; do fact_args+=("--fact=$f"); done
python3 scripts/bench_report.py report "$run" --records200k "$n200k" --records1m "$n1m" --jobs "$jobs" \
  --out "$data/report.md" "${strict[@]}" "${fact_args[@]}"
echo "bench: report written to $data/report.md" >&2

fi

# ---- 7. compile speed on large specs, beside orjson (after the report above, which it leaves as it was)
step "compile: pureform check beside orjson.loads on large generated specs"
spec_reps=${BENCH_SPEC_REPS:-3}
specs=()
for cells in 25000 250000; do
  for kind in "" -warn; do
    big=$data/spec$((cells / 1000))k$kind.json
    if [ ! -f "$big" ]; then
      echo "bench: generating $big ($cells cells${kind:+, a warning per cell})" >&2
      if [ -n "$kind" ]; then
        python3 scripts/gen_large_spec.py "$cells" "$big" --warn-every-cell
      else
        python3 scripts/gen_large_spec.py "$cells" "$big"
      fi
    else
      echo "bench: $big present" >&2
    fi
    specs+=("$big")
  done
done
# the same cells as people indent them: pretty-printed, one space per level, two views a cell (issue 29, item 4)
for cells in 25000 250000; do
  for kind in "" -warn; do
    big=$data/spec$((cells / 1000))k-indent$kind.json
    if [ ! -f "$big" ]; then
      echo "bench: generating $big ($cells cells, indented${kind:+, a warning per cell})" >&2
      python3 scripts/gen_large_spec.py "$cells" "$big" --indented ${kind:+--warn-every-cell}
    fi
    specs+=("$big")
  done
done
compile_out=$data/report.md
if [ "$only" = check ]; then
  compile_out=$data/compile.md
  : >"$compile_out"
fi
if command -v "${pf[0]}" >/dev/null 2>&1; then
  wait_idle >/dev/null
  echo "bench: pureform check (text, json) and orjson.loads in turn, best of $spec_reps" >&2
  python3 scripts/bench_check.py --reps "$spec_reps" --json-out "$run/check-timings.json" \
    --pureform "${pf[*]}" -- "${specs[@]}" || true
  python3 scripts/bench_report.py compile "$run/check-timings.json" --out "$compile_out"
  echo "bench: compile table written to $compile_out" >&2
else
  echo "bench: no pureform binary at '${pf[0]}': the compile table is left out" >&2
fi
if [ -z "$only" ]; then
  bash scripts/bench_diff.sh | tee -a "$data/report.md" || echo "bench: the diff row could not be measured" >&2
fi
if [ -z "$only" ]; then bench_lsp; fi

# The fuzz targets, sourced by scripts/fuzz.sh and scripts/fuzz_campaign.sh: their corpus folders
# (Fuzz/corpus/NAME, Fuzz/regressions/NAME), dictionaries (Fuzz/dictionaries/NAME.dict), the longest input
# each needs, and the build every run shares (libFuzzer and AddressSanitizer, release, .build-fuzz).
fuzz_targets=(FuzzJSONReader FuzzCheck FuzzValidate FuzzRecordIO FuzzStrings)
declare -A fuzz_corpus=([FuzzJSONReader]=json [FuzzCheck]=check [FuzzValidate]=validate [FuzzRecordIO]=record-io [FuzzStrings]=strings)
declare -A fuzz_dict=([FuzzJSONReader]=json [FuzzCheck]=spec [FuzzValidate]=spec [FuzzRecordIO]=spec [FuzzStrings]=strings)
# Specs, records of the fixed forms and strings tables are small: a longer input only slows every execution.
declare -A fuzz_max_len=([FuzzJSONReader]=4096 [FuzzCheck]=8192 [FuzzValidate]=2048 [FuzzRecordIO]=2048 [FuzzStrings]=4096)

# fuzz_build TARGET: builds TARGET's libFuzzer executable, .build-fuzz/release/TARGET.
fuzz_build() {
  local swift
  swift=$(command -v swift || echo /opt/swift/usr/bin/swift)
  # The fuzz targets need neither Vapor nor its dependencies: Package.swift leaves them out, unresolved.
  PUREFORM_WITHOUT_VAPOR=1 "$swift" build -c release --scratch-path .build-fuzz --product "$1" --sanitize=fuzzer \
    -Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING >/dev/null
}

# fuzz_flags TARGET: the libFuzzer flags every run of TARGET takes.
# -entropic_scale_per_exec_time=1 weighs an input of the corpus by its speed as well as by its rare features
# (AFL's performance score: a tenth of the energy for an input ten times slower than the average, three times
# for one four times faster). A spec that compiles to a whole form costs 50 to 100 ms an execution against 2 to
# 4 on average, and was mutated as often as a cheap one; with it, every target ran 2.5 to 5 times the
# executions per CPU second and above 1,000 a second, reaching as many edges in the same time (with up to a
# tenth fewer hit-count features): docs/development.md, "Speed of the targets".
fuzz_flags() {
  echo "-max_len=${fuzz_max_len[$1]} -dict=Fuzz/dictionaries/${fuzz_dict[$1]}.dict -timeout=10 -rss_limit_mb=4096" \
    "-entropic_scale_per_exec_time=1"
}

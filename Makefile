# The two commands of the README: `make demo` and `make test`. Both install what is missing first.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
BIN := .build/release/pureform

.PHONY: test-page-and-api test-diff fuzz-campaign test-demo-screen test-nginx test-spark test-postgres demo test install bootstrap build release test-swift test-schemas test-schema-agreement test-floors test-fuzz-replay test-docs test-render-browser test-openapi test-spec-tests lint goldens fuzz test-sanitizers bench bench-serve test-memory

# Runs one stage with its output in .build/logs/NAME.txt: a summary line when it passes, the whole output when
# it fails (scripts/quietly.py says exactly what is shown).
QUIET := python3 scripts/quietly.py

bootstrap:
	@bash scripts/bootstrap.sh

build: bootstrap
	@$(QUIET) build -- $(SWIFT) build

# The `pureform` product alone: the CLI and `serve` never need PureFormVapor, so the demo, `make install` and
# the benchmarks do not compile Vapor (`make bench-serve` builds its Vapor server itself).
release: bootstrap
	@$(QUIET) build-release -- $(SWIFT) build -c release --product pureform

# Build the release binary and copy it to $(PREFIX)/bin/pureform (PREFIX=/usr/local unless given; DESTDIR
# stages it elsewhere for packaging). The binary finds the Swift runtime in the toolchain it was built with.
PREFIX ?= /usr/local
install: release
	install -d "$(DESTDIR)$(PREFIX)/bin"
	install -m 755 $(BIN) "$(DESTDIR)$(PREFIX)/bin/pureform"
	@echo "installed $(DESTDIR)$(PREFIX)/bin/pureform ($$("$(DESTDIR)$(PREFIX)/bin/pureform" --version))"

# Build quietly (the log goes to .build/logs/build-release.txt, shown only when the build fails), then every
# command on the example specs, each shown as `$ command` and its output with its exit status checked
# (scripts/demo.sh says which steps and why).
demo: release
	@bash scripts/demo.sh $(BIN)

# Throughput and memory of `pureform validate` on NDJSON against the anchors of shared/bench, plus the
# in-process library figure; prints a markdown report and writes bench-data/report.md (2-3 minutes; the first
# run also installs the anchors' packages and generates the data).
bench: release
	bash scripts/bench.sh
	python3 scripts/spark_bench.py --records 1000000
	python3 scripts/spark_bench.py --records 1000000 --task-cpus 2

# `pureform serve` and the same routes in Vapor (Benchmarks/VaporFormServer, built in release by the script)
# against FastAPI + pydantic v2 under uvicorn (as many workers as cores) with wrk on 127.0.0.1, POST
# /forms/login/validate with a valid and an invalid body: requests/s, p50/p99 latency, peak RSS and the bar
# (pureform serve >= 3x FastAPI's requests/s, lower p99, no request errors; the Vapor row beside it). Installs wrk, fastapi and
# uvicorn when missing; about a minute. Then 20 s of wrk -c64 through nginx to two instances, one drained
# with SIGTERM and restarted, one reloaded with SIGHUP (scripts/nginx_drain.sh): 0 non-200 answers expected.
# Not part of `make test` or CI.
bench-serve: release
	bash scripts/bench_serve.sh
	PUREFORM_BIN=$(BIN) NGINX_DRAIN_CONNECTIONS=64 bash scripts/nginx_drain.sh 20

# Every test: the Swift suites (unit, golden diagnostics, CLI end to end), the JSON Schemas, the floors, the
# fuzz corpus, the examples and links of README.md and docs/, the style, and the scaling recipes (nginx, Spark,
# PostgreSQL). Each stage prints one summary line, or its failures in full.
test: bootstrap lint build test-diff test-spec-tests test-page-and-api test-schemas test-schema-agreement test-floors test-fuzz-replay test-docs test-demo-screen test-nginx test-spark test-postgres test-swift test-lsp

# Zero lost requests behind nginx (deploy/nginx.conf): wrk for 4 s through nginx to two `pureform serve`
# instances, one sent SIGTERM (it drains) and restarted, the other SIGHUP; fails on any non-200 answer or
# socket error. Installs nginx and wrk when missing. `make bench-serve` runs it for 20 s on the release build.
test-nginx: build
	@$(QUIET) nginx-drain -- bash scripts/nginx_drain.sh 4

# pureform as a Spark filter (docs/scaling.md): the JVM recipe (spark-shell, records' bytes fed to pureform) and
# the PySpark one (RDD.pipe) on 100,000 generated records in local[2], 4 partitions: one result per record,
# every verdict by id equal to one process's, invalid UTF-8 refused by the JVM recipe. Installs pyspark (pip)
# and Java 17 (apt-get) when missing; about a minute after that.
test-spark: build
	@$(QUIET) spark-check -- python3 scripts/spark_check.py --records 100000

# Records straight out of PostgreSQL (docs/scaling.md): a throwaway cluster (initdb in a temporary folder, its
# own port and socket folder, run as the postgres user), 20,000 rows COPY'd out as JSON through `pureform
# validate --ndjson --id id` and the verdicts COPY'd back in, joined by id. Installs postgresql when missing.
test-postgres: build
	@$(QUIET) postgres-check -- bash scripts/postgres_check.sh 20000

# The whole `swift test` output goes to .build/test-output.txt; the terminal gets the failing tests' lines and
# issues only, then the last line, the `swift-test: N passed, N failed` summary CI reads.
test-swift:
	@$(QUIET) swift-test --swift-test -- $(SWIFT) test

# `pureform render`'s page of every spec in headless Chromium against `pureform validate` on the same posted
# values: fails when the page refuses what pureform accepts; prints how often it catches what pureform refuses.
# UPDATE_SCREENSHOTS=1 also rewrites docs/login.png and docs/registration.png.
test-render-browser: build
	@$(QUIET) render-browser -- python3 scripts/check_render_browser.py

# `pureform openapi Specs` against openapi-spec-validator, the same bytes from `serve`'s GET /openapi.json, then
# schemathesis (every check, fixed seed, bounded examples; scripts/schemathesis/) against `pureform serve Specs`.
test-openapi: build
	@$(QUIET) openapi -- python3 scripts/check_openapi.py

# The two longest stages side by side: the browser's (Chromium and a debug `serve`) and schemathesis' (one Python
# worker and a debug `serve`) each keep about one core busy, so on 2 cores the pair takes about as long as the
# longer one instead of both added up. Each still prints its own line (or its failures) and fails `make test`.
test-page-and-api: build
	@$(MAKE) --no-print-directory -j2 test-render-browser test-openapi

test-schemas:
	@$(QUIET) schemas -- python3 scripts/check_schemas.py

# `pureform test` on the example specs' cases (Specs/*.tests.json): every case passes on the server and in the
# page (headless Chromium), 100 % rule coverage, junit read by junitparser, --generate a passing snapshot.
test-spec-tests: build
	@$(QUIET) spec-tests -- python3 scripts/check_spec_tests.py

# `pureform schema` against a real JSON Schema validator: for every spec in Specs/, generated records go to
# python-jsonschema and to `pureform validate`; fails on any record the schema rejects and pureform accepts.
test-schema-agreement: build
	@$(QUIET) schema-agreement -- python3 scripts/check_schema_agreement.py

# `pureform diff` read by real consumers (scripts/check_diff.py): the markdown rendered as GitHub-flavoured
# markdown (markdown-it-py's GFM tables) with the right rows, the github annotations at the spec members they
# name, and docs/diff.md's CI step run as a shell step (it fails on newly failing records, passes without).
test-diff: build
	@$(QUIET) diff -- python3 scripts/check_diff.py

# The library's floors (README, Layout): no folder uses one above it or beside it.
test-floors:
	@$(QUIET) floors -- python3 scripts/check_floors.py

# Every `$ ` example of README.md and docs/*.md runs with the debug build on PATH and prints what the page shows;
# every relative link and #anchor in them leads somewhere.
test-docs: build
	@$(QUIET) docs -- python3 scripts/check_docs.py

# The demo's first screen (the first 25 lines of `make demo`) holds no warning: it starts with a spec that checks
# clean and records validated; the device warnings come later, in a step that says what they are for.
test-demo-screen: build
	@$(QUIET) demo-screen -- bash scripts/check_demo_screen.sh .build/debug/pureform

lint:
	@$(QUIET) lint -- $(SWIFT) format lint --strict --recursive Sources Tests Fuzz Benchmarks Package.swift

# Rewrite the golden diagnostics of Specs/invalid/*.json (in Specs/invalid/expected/) from the current build
# (review the diff!).
goldens: build
	bash scripts/update-goldens.sh

# The fuzz targets built normally replay their seed corpus and every saved regression input.
test-fuzz-replay:
	@$(QUIET) fuzz-replay-json -- .build/debug/FuzzJSONReader Fuzz/corpus/json Fuzz/regressions/json
	@$(QUIET) fuzz-replay-check -- .build/debug/FuzzCheck Fuzz/corpus/check Fuzz/regressions/check
	@$(QUIET) fuzz-replay-validate -- .build/debug/FuzzValidate Fuzz/corpus/validate Fuzz/regressions/validate
	@$(QUIET) fuzz-replay-record-io -- .build/debug/FuzzRecordIO Fuzz/corpus/record-io Fuzz/regressions/record-io
	@$(QUIET) fuzz-replay-strings -- .build/debug/FuzzStrings Fuzz/corpus/strings Fuzz/regressions/strings

# libFuzzer with AddressSanitizer on every target; FUZZ_SECONDS per target (CI uses a short budget).
FUZZ_SECONDS ?= 60
fuzz: bootstrap
	bash scripts/fuzz.sh $(FUZZ_SECONDS)

# A fuzzing campaign (scripts/fuzz_campaign.sh): every target for MINUTES each on WORKERS processes (default: one
# per core), the corpora merged back into Fuzz/corpus/ and minimised, a summary table, findings copied to
# Fuzz/regressions/. Not part of CI.
MINUTES ?= 10
WORKERS ?=
fuzz-campaign: bootstrap
	WORKERS=$(WORKERS) bash scripts/fuzz_campaign.sh $(MINUTES)

# The library's test suite under AddressSanitizer and ThreadSanitizer, each in its own build folder so the normal
# .build is not rebuilt, and each on the library's targets alone (PUREFORM_SCOPE=library, read by Package.swift),
# since each compiles them once more on a 2-core machine. AddressSanitizer: the whole suite (the byte readers and
# the rule kernel read unsafe buffers), less SANITIZER_SKIP: the scale tests, which show that a million elements
# or a 50 MB spec are refused unread or compiled in bounded time, and the two largest comparisons of generated
# records with their recorded outputs (1,500 orders, and 1,500 registrations, under every option set); `make test`
# runs them all, FuzzRecordIO runs the kernel's readers and writers under AddressSanitizer in CI's fuzz stage, and under the sanitizer
# they take minutes on code the rest of the suite runs at a smaller size. Under both, the other comparisons run a
# tenth of their generated records (PUREFORM_TEST_SCALE=tenth, read by the tests' `generatedCount`). ThreadSanitizer: the suites whose code
# runs on several threads (TSAN_SUITES: tasks sharing a form, the engine pool, --jobs and the ordered pipeline, a
# spec read on a second thread); the rest of the suite runs on one thread, where it has no race to find.
# The servers, the CLI and the language server are tested by `make test`. XCTest's own allocations would be
# reported as leaks: leak checks are off. They link with the toolchain's lld: the system's gold warns "Cannot
# export local symbol" for hundreds of the sanitizers' symbols. (They keep the index store: `swift test` finds
# the XCTest cases on Linux through it.) Each prints its failures and `asan: N passed, M failed` (logs in
# .build/logs/).
SANITIZER_FLAGS := -Xswiftc -use-ld=lld
SANITIZER_SKIP := orderRecordsMatchTheirRecordedLines|pipelineOptionsLinesMatchTheirRecordedLines|aHugeArrayFailsUnread|aMillion|aLargeSpecWithoutErrors|aLargeSpecCompiles|aFiftyMegabyteSpec|hundredThousandBrackets|aSyntaxErrorLateInALargeSpec
TSAN_SUITES := ConcurrencyTests|NDJSONStreamTests/chunkBoundariesAndJobCounts|ConcurrentReadingTests/aLargeSpecGivesTheSame|OrderedPipelineTests|FailureCountsTests|ByteInputAPITests|LibraryKernelTests/concurrentCalls
test-sanitizers: bootstrap
	@PUREFORM_SCOPE=library PUREFORM_TEST_SCALE=tenth ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no $(QUIET) asan --swift-test -- \
	  $(SWIFT) test --scratch-path .build-asan --sanitize=address $(SANITIZER_FLAGS) --skip '$(SANITIZER_SKIP)'
	@PUREFORM_SCOPE=library PUREFORM_TEST_SCALE=tenth SWIFT_BACKTRACE=enable=no $(QUIET) tsan --swift-test -- \
	  $(SWIFT) test --scratch-path .build-tsan --sanitize=thread $(SANITIZER_FLAGS) --filter '$(TSAN_SUITES)'

# Peak memory of validate over a piped NDJSON stream must be flat from 10 MiB to 1 GiB (exit 1 beyond 1.2x):
# the repository's own NDJSON sample (valid, invalid and malformed records) repeated, so no data is needed.
test-memory: release
	python3 scripts/stream_memory.py --bin $(BIN) --spec Specs/signup.json --sample Specs/inputs/signup.ndjson --sizes 10M,1G

# `pureform lsp` driven by a real client from PyPI (pytest-lsp, pygls, lsprotocol; Tests/lsp/requirements.txt,
# installed by scripts/bootstrap.sh): lifecycle and error codes, diagnostics against `check --format json` for
# every example spec, quick fixes, completion, hover, definition and symbols, under UTF-16 and UTF-8 positions.
.PHONY: test-lsp
test-lsp: build
	@$(QUIET) lsp -- python3 -m pytest -q -p no:cacheprovider Tests/lsp

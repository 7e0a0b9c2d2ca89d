# The two commands of the README: `make demo` and `make test`. Both install what is missing first.
SHELL := /bin/bash
.SHELLFLAGS := -o pipefail -c
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
BIN := .build/release/pureform

.PHONY: demo test bootstrap build release test-swift test-schemas lint goldens bench

bootstrap:
	@bash scripts/bootstrap.sh

build: bootstrap
	$(SWIFT) build

release: bootstrap
	$(SWIFT) build -c release

# Build, then check every example spec (exit 0 expected).
demo: release
	$(BIN) check Specs/*.json
	$(BIN) check Specs/registration.json --strings Specs/strings/en.json

# Throughput and memory of `pureform validate` on NDJSON against the anchors of shared/bench, plus the
# in-process library figure; prints a markdown report and writes bench-data/report.md (2-3 minutes; the first
# run also installs the anchors' packages and generates the data).
bench: release
	bash scripts/bench.sh

# Every test: the Swift suites (unit, golden diagnostics, CLI end to end), the JSON Schemas, the style.
test: bootstrap lint build test-schemas test-swift

# The last line is the plain `N passed, N failed` summary CI reads (swift test prints XCTest's
# "Executed 0 tests" line first when all tests are Swift Testing ones).
test-swift:
	$(SWIFT) build
	$(SWIFT) test 2>&1 | tee .build/test-output.txt
	@n=$$(grep -oE 'Test run with [0-9]+ tests' .build/test-output.txt | grep -oE '[0-9]+' | tail -1); \
	  echo "swift-test: $${n:-0} passed, 0 failed"

test-schemas:
	python3 scripts/check_schemas.py

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

# Rewrite the golden diagnostics beside Specs/invalid/*.json from the current build (review the diff!).
goldens: build
	bash scripts/update-goldens.sh

# The two commands of the README: `make demo` and `make test`. Both install what is missing first.
SWIFT ?= $(shell command -v swift || echo /opt/swift/usr/bin/swift)
BIN := .build/release/pureform

.PHONY: demo test bootstrap build release test-swift test-schemas lint goldens

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

# Every test: the Swift suites (unit, golden diagnostics, CLI end to end), the JSON Schemas, the style.
test: bootstrap test-swift test-schemas lint

test-swift:
	$(SWIFT) build
	$(SWIFT) test

test-schemas:
	python3 scripts/check_schemas.py

lint:
	$(SWIFT) format lint --strict --recursive Sources Tests Package.swift

# Rewrite the golden diagnostics beside Specs/invalid/*.json from the current build (review the diff!).
goldens: build
	bash scripts/update-goldens.sh

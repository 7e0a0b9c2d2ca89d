#!/usr/bin/env bash
# `make demo`, after the quiet release build: every command on the example specs of Specs/, each step shown
# as the command a user would type (`$ …`) followed by what it prints, and its exit status checked:
#   first      what a newcomer came for: the login form checking clean, a valid record (0), an invalid and an
#              empty one (1); no warning on the first screen
#   validate   the example-app
#              form (0), the signup NDJSON stream (1: invalid and malformed lines among valid ones), the
#              business-account form with conditions both ways (a personal account: the company hidden; a
#              business: shown) and with a required_if and a same_as failure (1); the booking form's
#              <format>, <in>, <not_in>, <min> and <max>: a valid booking (0), one failing every word (1)
#   warnings   a step of its own that says what device warnings are for, then check on every example form (no
#              warning but the conditions' own, PF707-PF709, the booking form's value rules', PF431-PF435, and
#              the checkout's note that the device needs its bundle, PF907), PureForm's own README login form as PureForm writes it (two warnings, on
#              purpose: what `check` tells an author), and a form with a strings table
#   groups     the order form's line
#              items: a JSON array (0), failures per element (1), a form post's flat keys with --flat (0)
#   fill       the login form filled from its sample record (the diff: two <value> lines added); the order
#              form's record refused (1: repeated groups cannot be filled into a device spec)
#   edits      --changed-from: an edit of a stored business account whose company name breaks today's rule
#              (valid: only the street changed), the same record validated whole (1), and an edit moving
#              the billing to Germany, which reaches the VAT number's <required_if> (1)
#   includes   the checkout form, built from one address partial included for billing and for shipping:
#              check's note that the device needs its bundle (0), a record failing in both copies, each
#              failure with its file (1), the bundle's keys and paths, the bundle validating the valid
#              record read from standard input (0), and fill refusing the spec for its bundle (2)
#   pipelines  the signup stream as a Spark or database job runs it: --id, --no-values, --exit-zero (0)
#   schema     the login form's JSON Schema (its first lines), the order form's line items as an array
#   openapi    the OpenAPI document of `serve Specs` (its operations counted)
#   generate   the login form's values as a Swift type (its first lines)
#   render     the login form's page, written to .build/login.html
#   serve      `pureform serve Specs`: two posts, two PATCHed edits, a SIGHUP reload, /metrics, SIGTERM
#              (scripts/demo_serve.sh)
# Exits 1 at the first step whose exit status is not the expected one.
set -uo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/pureform}
dir=$(dirname "$bin")
export PATH="$PWD/$dir:$PATH"

# say LINE...: comment lines saying what the next steps show, after a blank line.
say() {
  printf '\n'
  printf '# %s\n' "$@"
}

# step WANT COMMAND...: prints `$ COMMAND`, runs it, and fails the demo unless it exits WANT.
step() {
  local want=$1
  shift
  printf '\n$ %s\n' "$*"
  bash -o pipefail -c "$*"
  local status=$?
  if [ "$status" -ne "$want" ]; then
    echo "demo: FAILED: '$*' exited $status, not $want" >&2
    exit 1
  fi
}

say 'A spec that checks clean, and records validated against it (exit 0 valid, 1 invalid):'
step 0 'pureform check Specs/login.json'
step 0 'pureform validate Specs/login.json --input Specs/inputs/login.json'
step 1 'pureform validate Specs/login.json --input Specs/inputs/login-invalid.json'
step 1 'pureform validate Specs/login.json --input Specs/inputs/login-empty.json'
step 0 'pureform validate Specs/profile.json --input Specs/inputs/profile.json'
step 1 'pureform validate Specs/signup.json --input Specs/inputs/signup.ndjson | cut -c1-100'
step 0 'pureform validate Specs/signup.json --input Specs/inputs/signup.ndjson --id email --no-values --exit-zero --format json | cut -c1-100'
step 0 'pureform validate Specs/business-account.json --input Specs/inputs/business-account.json'
step 0 'pureform validate Specs/business-account.json --input Specs/inputs/business-account-business.json'
step 1 'pureform validate Specs/business-account.json --input Specs/inputs/business-account-invalid.json'
say 'Rules users expect, beyond PureForm: a date, a check-out after the check-in, a country from a list, a URL, a UUID:'
step 0 'pureform validate Specs/booking.json --input Specs/inputs/booking.json'
step 1 'pureform validate Specs/booking.json --input Specs/inputs/booking-invalid.json --all-failures'
say "Device warnings: where the server's verdict can differ from PureForm's on the device (a condition the" \
  'device does not evaluate, a rule it reads another way), check warns at that spot, so the author learns it' \
  'before a user does. The example forms with conditions and includes have such warnings, each true:'
step 0 'pureform check Specs/*.json'
step 0 'pureform check Specs/pureform-readme/login.json'
step 0 'pureform check Specs/registration.json --strings Specs/strings/lproj --locale fr'
step 0 'pureform validate Specs/order.json --input Specs/inputs/order.json'
step 1 'pureform validate Specs/order.json --input Specs/inputs/order-invalid.json --all-failures'
step 0 'pureform validate Specs/order.json --input Specs/inputs/order-form-post.json --flat'
step 0 'pureform fill Specs/login.json --object Specs/inputs/login.json | diff Specs/login.json - ; test $? -eq 1'
step 1 'pureform fill Specs/order.json --object Specs/inputs/order.json'
step 0 'pureform validate Specs/business-account.json --input Specs/inputs/business-account-edit.json --changed-from Specs/inputs/business-account-stored.json'
step 1 'pureform validate Specs/business-account.json --input Specs/inputs/business-account-edit.json'
step 1 "sed 's/\"GB\"/\"DE\"/' Specs/inputs/business-account-stored.json | pureform validate Specs/business-account.json --input - --changed-from Specs/inputs/business-account-stored.json"
step 0 'pureform check -Wno-PF708 Specs/checkout.json'
step 1 'pureform validate Specs/checkout.json --input Specs/inputs/checkout-invalid.json'
step 0 'pureform bundle Specs/checkout.json | grep -E "\"<key>\"|<required_if>"'
step 0 'pureform bundle Specs/checkout.json | pureform validate - --input Specs/inputs/checkout.json'
step 2 'pureform fill Specs/checkout.json --object Specs/inputs/checkout.json'
step 0 'pureform schema Specs/login.json | head -8'
step 0 'pureform schema Specs/order.json | grep -B3 -A1 "\"maxItems\": 20"'
step 0 'pureform openapi Specs | grep -c "\"operationId\""'
step 0 'pureform generate swift Specs/login.json | sed -n "6,11p"'
step 0 'pureform render Specs/login.json > .build/login.html && echo "wrote .build/login.html ($(wc -c < .build/login.html) bytes): open it in a browser"'
step 1 'pureform diff Specs/diff/signup-v1.json Specs/diff/signup-v2.json --records Specs/diff/records.ndjson --id id --fail-on breaking'
# `pureform lsp`: an editor's session, scripted (docs/editors.md).
step 0 'python3 scripts/lsp_exchange.py Specs/invalid/unknown-validator.json'
say 'Spec unit tests: the cases kept beside each spec (Specs/NAME.tests.json), then the rules they cover:'
step 0 'pureform test Specs/login.json -v'
step 0 'pureform test Specs --coverage --min-coverage 100'
printf '\n$ pureform serve Specs (scripts/demo_serve.sh)\n'
bash scripts/demo_serve.sh "$bin" || { echo "demo: FAILED: serve" >&2; exit 1; }
printf '\ndemo: every step gave the expected exit status\n'

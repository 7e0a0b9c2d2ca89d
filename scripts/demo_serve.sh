#!/usr/bin/env bash
# `make demo`'s serve step: starts `pureform serve Specs` on a free port, posts the login form's valid and
# invalid records and the order form's line items as a form post, PATCHes an edit of the stored business
# account (an RFC 7396 merge patch), reloads the forms with SIGHUP, shows a few metrics, then stops it with
# SIGTERM and checks the exit status is 0. Needs only the binary and python3 (for the HTTP requests).
set -euo pipefail
cd "$(dirname "$0")/.."
bin=${1:-.build/release/pureform}
log=$(mktemp)
"$bin" serve Specs --port 0 2>"$log" &
server=$!
trap 'kill $server 2>/dev/null || true; rm -f "$log"' EXIT
port=""
for _ in $(seq 1 200); do
  port=$(grep -o 'listening on 127.0.0.1:[0-9]*' "$log" | head -1 | cut -d: -f2 || true)
  [ -n "$port" ] && break
  sleep 0.05
done
[ -n "$port" ] || { cat "$log"; echo "demo: serve did not start" >&2; exit 1; }
echo "serve: listening on 127.0.0.1:$port"
python3 - "$port" <<'PY'
import sys, urllib.request, urllib.error
port = sys.argv[1]
def post(path, body, kind="application/json", method="POST"):
    request = urllib.request.Request(f"http://127.0.0.1:{port}{path}", data=body.encode(), method=method,
                                     headers={"Content-Type": kind})
    try:
        with urllib.request.urlopen(request) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()
for name in ["login", "login-invalid"]:
    status, body = post("/forms/login/validate", open(f"Specs/inputs/{name}.json").read())
    print(f"POST /forms/login/validate ({name}.json): {status} {body.strip()}")
# A form post of line items, bracketed as form libraries write them: failures name the element.
form = "email=ada%40example.com&items[0][sku]=TEA-001&items[0][quantity]=2&items[1][sku]=jam&coupons[]=SPRING24"
status, body = post("/forms/order/validate", form, "application/x-www-form-urlencoded")
print(f"POST /forms/order/validate ({form}): {status} {body.strip()}")
stored = open("Specs/inputs/business-account-stored.json").read()
for patch in ['{"billing": {"street": "12 Analytical Row"}}', '{"billing": {"country": "DE"}}']:
    status, body = post("/forms/business-account/validate", f'{{"before": {stored}, "patch": {patch}}}', method="PATCH")
    print(f"PATCH /forms/business-account/validate (stored record, patch {patch}): {status} {body.strip()}")
PY
kill -HUP $server
sleep 0.5
grep -o 'reloaded the forms' "$log" | head -1 | sed 's/^/serve: SIGHUP: /'
python3 -c "
import sys, urllib.request
text = urllib.request.urlopen('http://127.0.0.1:$port/metrics').read().decode()
print('\n'.join(line for line in text.splitlines() if line.startswith(('pureform_records_total', 'pureform_failures_total', 'pureform_reloads_total'))))"
kill -TERM $server
wait $server
echo "serve: SIGTERM: exit $?"

#!/usr/bin/env bash
# `make bench-serve`: `pureform serve` (Hummingbird) and the same routes in Vapor (PureFormVapor) against
# FastAPI + pydantic v2 under uvicorn, under wrk, in one run.
#
#  1. installs what is missing: wrk (Debian, apt-get), fastapi and uvicorn[standard] (PyPI, pip); builds the
#     Vapor server (Benchmarks/VaporFormServer) in release when it is not built
#  2. starts the three servers on 127.0.0.1 with the login form of shared/bench/login.json: the release binary
#     (`pureform serve DIR`, DIR a temporary folder holding login.json), `VaporFormServer DIR` (the same
#     routes and answers, FormRouteCollection in a Vapor 4 application) and scripts/bench_serve_app.py
#     (the same rules as pydantic, shared/bench/anchors.py's model) under `uvicorn --workers $(nproc)`
#  3. checks all give the same verdicts before any timing: 200 {"valid":true,…} for the valid body, 422
#     {"valid":false,"failures":[…]} for the invalid one; exit 1 when one does not
#  4. warms each server up with both bodies under wrk, every answer counted by status (scripts/bench_serve.lua),
#     then times `POST /forms/login/validate` with wrk: the valid body, then the invalid one, one server at
#     a time, in rounds that rotate among the three (wrk's own count of non-2xx answers checked)
#  5. prints requests/s, p50 and p99 latency, peak RSS (VmHWM of the process, or of uvicorn's master and
#     workers summed), answers by status and socket errors for each, the ratios of requests/s and the bar:
#     pureform serve >= 3x FastAPI's requests/s with a lower p99 and no request errors (PASS or FAIL); the
#     Vapor row is beside it, measured the same way, outside the bar
# Every server is stopped on exit, whatever happens. About a minute and a half (plus the Vapor build, once).
#
# Environment:
#   PUREFORM_SHARED   the shared/ folder (default: the repo's parent's shared/)
#   PUREFORM_BIN      the pureform binary (default: .build/release/pureform)
#   PUREFORM_VAPOR_BIN  the Vapor server (default: .build/release/VaporFormServer, built when missing)
#   BENCH_SERVE_VAPOR=0 leaves the Vapor row out (and its build)
#   BENCH_SERVE_DURATION  one round of wrk (default 5s); BENCH_SERVE_ROUNDS rounds per server and body (2)
#   BENCH_SERVE_CONNECTIONS  wrk's connections (default 64); BENCH_SERVE_THREADS wrk's threads (2)
#   BENCH_SERVE_FASTAPI_ROUTE  typed (default: FastAPI's usual handler, a parameter typed with the pydantic model)
#                     or raw (the body's bytes to pydantic's model_validate_json, FastAPI's fastest)
#   BENCH_IDLE_WAIT   seconds to wait, before timing, for other processes to leave the CPU (default 30)
#   BENCH_STRICT=1    exit 1 when the bar is FAIL (default: the output says so and the exit is 0)
# Exit: 0 when the table was printed; 1 when the servers disagree on a verdict; 2 when it could not run.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
shared=${PUREFORM_SHARED:-$(dirname "$repo")/shared}
spec="$shared/bench/login.json"
if [ ! -f "$spec" ]; then
  echo "bench-serve: no $spec (set PUREFORM_SHARED to the shared/ folder)" >&2
  exit 2
fi
bin=${PUREFORM_BIN:-$repo/.build/release/pureform}
if [ ! -x "$bin" ]; then
  echo "bench-serve: no pureform binary at $bin (run \`make release\`, or set PUREFORM_BIN)" >&2
  exit 2
fi
duration=${BENCH_SERVE_DURATION:-5s}
rounds=${BENCH_SERVE_ROUNDS:-2}
connections=${BENCH_SERVE_CONNECTIONS:-64}
threads=${BENCH_SERVE_THREADS:-2}
workers=$(nproc)
helper=(python3 scripts/bench_serve_report.py)
servers=(pureform fastapi)
if [ "${BENCH_SERVE_VAPOR:-1}" != 0 ]; then servers=(pureform vapor fastapi); fi
vapor_bin=${PUREFORM_VAPOR_BIN:-$repo/.build/release/VaporFormServer}

step() { printf '\n== bench-serve: %s\n' "$*" >&2; }

# ---- 1. what is missing
step "installing what is missing"
if ! command -v wrk >/dev/null 2>&1; then
  bash scripts/apt_install.sh bench-serve wrk
fi
if ! python3 -c 'import fastapi, uvicorn, uvloop, httptools, pydantic' >/dev/null 2>&1; then
  echo "bench-serve: pip install fastapi uvicorn[standard]" >&2
  python3 -m pip install --quiet --disable-pip-version-check fastapi 'uvicorn[standard]'
fi
if [ "${servers[1]}" = vapor ] && [ ! -x "$vapor_bin" ]; then
  echo "bench-serve: building the Vapor server (swift build -c release --product VaporFormServer)" >&2
  swift=${SWIFT:-$(command -v swift || echo /opt/swift/usr/bin/swift)}
  if ! "$swift" build -c release --product VaporFormServer >"$repo/.build/vapor-release-build.log" 2>&1; then
    echo "bench-serve: the Vapor server did not build; its log: .build/vapor-release-build.log" >&2
    tail -20 "$repo/.build/vapor-release-build.log" >&2
    exit 2
  fi
  vapor_bin=$repo/.build/release/VaporFormServer
fi
versions=$(python3 -c 'import fastapi, pydantic, uvicorn
print("fastapi %s, pydantic %s, uvicorn %s (uvloop, httptools)" % (fastapi.__version__, pydantic.VERSION, uvicorn.__version__))')

# ---- 2. both servers
work=$(mktemp -d)
pureform_pid=""
vapor_pid=""
fastapi_pid=""
# stop PID: SIGTERM (both shut down gracefully on it), SIGKILL after 10 s.
stop() {
  local pid=$1 waited=0
  [ -n "$pid" ] || return 0
  kill -TERM "$pid" 2>/dev/null || return 0
  while kill -0 "$pid" 2>/dev/null && [ "$waited" -lt 100 ]; do
    sleep 0.1
    waited=$((waited + 1))
  done
  kill -KILL "$pid" 2>/dev/null || true
  wait "$pid" 2>/dev/null || true
}
cleanup() {
  stop "$pureform_pid"
  stop "$vapor_pid"
  stop "$fastapi_pid"
  rm -rf "$work"
}
trap cleanup EXIT

mkdir "$work/forms"
cp "$spec" "$work/forms/login.json"
# One record each way: every field right, and four wrong (email, confirmation, age, zip).
cat >"$work/valid.json" <<'EOF'
{"email":"ada@example.com","password":"hunter22","password_confirm":"hunter22","full_name":"Ada Lovelace","age":36,"zip":"12345","newsletter":true}
EOF
cat >"$work/invalid.json" <<'EOF'
{"email":"ada@example","password":"hunter22","password_confirm":"hunter23","full_name":"Ada Lovelace","age":12,"zip":"1234x","newsletter":true}
EOF

step "starting ${servers[*]} (uvicorn with $workers workers)"
pureform_port=$("${helper[@]}" port)
"$bin" serve "$work/forms" --host 127.0.0.1 --port "$pureform_port" 2>"$work/pureform.log" &
pureform_pid=$!
vapor_port=$("${helper[@]}" port)
if [ "${servers[1]}" = vapor ]; then
  "$vapor_bin" "$work/forms" --host 127.0.0.1 --port "$vapor_port" >"$work/vapor.log" 2>&1 &
  vapor_pid=$!
fi
fastapi_port=$("${helper[@]}" port)
python3 -m uvicorn --app-dir scripts bench_serve_app:app --host 127.0.0.1 --port "$fastapi_port" \
  --workers "$workers" 2>"$work/fastapi.log" >&2 &
fastapi_pid=$!
fastapi_route=""
fastapi_handler="a parameter typed with the model"
if [ "${BENCH_SERVE_FASTAPI_ROUTE:-typed}" = raw ]; then
  fastapi_route=/raw
  fastapi_handler="Login.model_validate_json(await request.body())"
fi
declare -A url=(
  [pureform]="http://127.0.0.1:$pureform_port/forms/login/validate"
  [vapor]="http://127.0.0.1:$vapor_port/forms/login/validate"
  [fastapi]="http://127.0.0.1:$fastapi_port${fastapi_route}/forms/login/validate"
)

# ready NAME PID: waits up to 30 s for the server to answer the valid body.
ready() {
  local name=$1 pid=$2 tries=0
  until "${helper[@]}" check "${url[$name]}" "$work/valid.json" 200 >/dev/null 2>&1; do
    if ! kill -0 "$pid" 2>/dev/null || [ "$tries" -ge 150 ]; then
      echo "bench-serve: $name did not start; its log:" >&2
      tail -20 "$work/$name.log" >&2
      exit 2
    fi
    sleep 0.2
    tries=$((tries + 1))
  done
}
ready pureform "$pureform_pid"
if [ -n "$vapor_pid" ]; then ready vapor "$vapor_pid"; fi
ready fastapi "$fastapi_pid"

# ---- 3. same verdicts
step "checking the verdicts: valid body 200, invalid body 422 with failures, on each"
for name in "${servers[@]}"; do
  "${helper[@]}" check "${url[$name]}" "$work/valid.json" 200 || exit 1
  "${helper[@]}" check "${url[$name]}" "$work/invalid.json" 422 || exit 1
done
echo "bench-serve: ${servers[*]} agree" >&2

# ---- 4. timing
limit=${BENCH_IDLE_WAIT:-30}
waited=0
busy=$(python3 scripts/bench_report.py busy)
while [ "$busy" -ge 10 ] && [ "$waited" -lt "$limit" ]; do
  echo "bench-serve: the CPU is ${busy}% busy with other processes; waiting (up to ${limit} s)" >&2
  sleep 4
  waited=$((waited + 5))
  busy=$(python3 scripts/bench_report.py busy)
done
load=$(cut -d' ' -f1-3 /proc/loadavg)
wrk_args=(-t "$threads" -c "$connections" --timeout 5s -s scripts/bench_serve.lua)
# Warm-up and status check in one: 2 s of each body on each server with every answer counted by status
# (all 200, all 422), untimed. Counting hands every response to wrk's Lua, which costs wrk about a seventh
# of its requests/s on a small machine, CPU the faster server then lacks: the timed rounds do not count,
# wrk's own count of answers outside 2xx/3xx tells enough there (none for the valid body, all for the
# invalid one).
step "warm-up, every answer counted by status (2 s per server and body, untimed)"
counts=()
for body in valid invalid; do
  for name in "${servers[@]}"; do
    wrk "${wrk_args[@]}" -d 2s "${url[$name]}" -- "$work/$body.json" count >"$work/count-$name-$body.txt"
    counts+=("--count=$name:$body=$work/count-$name-$body.txt")
  done
done
# Each server's time on a body is cut into rounds that rotate among the servers, so load from other
# processes that comes and goes falls on each.
runs=()
for body in valid invalid; do
  order=("${servers[@]}")
  for round in $(seq 1 "$rounds"); do
    for name in "${order[@]}"; do
      step "wrk -t$threads -c$connections -d$duration: $name, $body body, round $round of $rounds"
      out="$work/$name-$body-$round.txt"
      wrk "${wrk_args[@]}" -d "$duration" "${url[$name]}" -- "$work/$body.json" >"$out"
      grep -E '^ +(Latency|Req/Sec)|Requests/sec|Non-2xx|Socket errors' "$out" >&2 || true
      runs+=("--run=$name:$body=$out")
    done
    order=("${order[@]:1}" "${order[0]}")
  done
done
busy_after=$(python3 scripts/bench_report.py busy)

# ---- 5. the table (the servers still run: their peak RSS is read first)
pureform_rss=$("${helper[@]}" rss "$pureform_pid")
fastapi_rss=$("${helper[@]}" rss "$fastapi_pid")
vapor=()
if [ -n "$vapor_pid" ]; then
  vapor=("--rss=vapor=$("${helper[@]}" rss "$vapor_pid")"
    "--fact=vapor=Vapor $(python3 -c 'import json; print(next(p["state"]["version"] for p in json.load(open("Package.resolved"))["pins"] if p["identity"] == "vapor"))' 2>/dev/null || echo 4), FormRouteCollection with FormErrorMiddleware (Benchmarks/VaporFormServer), release build, one process, each request logged at info like pureform serve")
fi
strict=()
if [ "${BENCH_STRICT:-0}" = 1 ]; then strict=(--strict); fi
"${helper[@]}" report "${runs[@]}" "${counts[@]}" "--rss=pureform=$pureform_rss" "--rss=fastapi=$fastapi_rss" \
  "--fact=machine=$workers cores ($(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ *//'))" \
  "--fact=wrk=-t$threads -c$connections, $rounds rounds of $duration per server and body, 127.0.0.1, POST /forms/login/validate (application/json)" \
  "--fact=pureform=$("$bin" --version | head -1), release build, one process" \
  "--fact=fastapi=$versions, $workers worker processes, handler: $fastapi_handler" "${vapor[@]}" \
  "--fact=CPU busy with other processes=${busy}% before, ${busy_after}% after (load average $load)" \
  "${strict[@]}"

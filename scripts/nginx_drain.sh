#!/usr/bin/env bash
# Zero lost requests behind nginx: wrk posts a valid login record through deploy/nginx.conf to two
# `pureform serve` instances while one is sent SIGTERM (it drains and exits 0) and restarted, and the other
# SIGHUP (it reloads); fails on any answer other than 200 and on any socket error.
#
#   scripts/nginx_drain.sh [SECONDS]     wrk's run (default 4: `make test`; `make bench-serve` runs 20)
#
# 1. installs nginx (nginx-light) and wrk with apt-get when missing, keeping the package from starting a
#    system nginx of its own
# 2. starts instances A and B (`pureform serve DIR --port …`, DIR a temporary folder holding
#    Specs/login.json) and nginx with deploy/nginx.conf, its ports rewritten to free ones on 127.0.0.1
# 3. runs wrk (-t2 -c32, scripts/bench_serve.lua) on POST /forms/login/validate with Specs/inputs/login.json;
#    at a third of the run sends A SIGTERM, waits for its exit (status 0 expected), restarts it on its port;
#    at two thirds sends B SIGHUP and waits for the reload in its log
# 4. prints one summary line and exits 1 on any non-200 answer, socket error, or instance that did not
#    drain, exit 0 or reload
# Everything it started is stopped on exit. Environment: PUREFORM_BIN (default .build/debug/pureform),
# NGINX_DRAIN_CONNECTIONS (wrk's connections, default 32).
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
started=$(date +%s.%N)
seconds=${1:-4}
bin=${PUREFORM_BIN:-$repo/.build/debug/pureform}
connections=${NGINX_DRAIN_CONNECTIONS:-32}
if [ ! -x "$bin" ]; then
  echo "nginx-drain: no pureform binary at $bin (run \`swift build\`, or set PUREFORM_BIN)" >&2
  exit 2
fi

. "$repo/scripts/apt_install.sh"

# ---- 1. what is missing
missing=()
command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing+=(nginx-light)
command -v wrk >/dev/null 2>&1 || missing+=(wrk)
if [ ${#missing[@]} -gt 0 ]; then
  apt_install nginx-drain "${missing[@]}"
fi
nginx=$(command -v nginx || echo /usr/sbin/nginx)

# ---- 2. instances and nginx
work=$(mktemp -d)
pids=()
cleanup() {
  local status=$?
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  if [ -f "$work/nginx.pid" ]; then kill "$(cat "$work/nginx.pid")" 2>/dev/null || true; fi
  sleep 0.2
  if [ "$status" -ne 0 ]; then
    # The logs of a failed run stay for whoever looks into it.
    rm -rf "$repo/.build/nginx-drain-logs"
    mkdir -p "$repo/.build"
    cp -r "$work" "$repo/.build/nginx-drain-logs" 2>/dev/null || true
    echo "nginx-drain: logs in .build/nginx-drain-logs/" >&2
  fi
  rm -rf "$work"
}
trap cleanup EXIT

read -r front port_a port_b < <(python3 -c '
import socket
sockets = [socket.socket() for _ in range(3)]
for s in sockets: s.bind(("127.0.0.1", 0))
print(*[s.getsockname()[1] for s in sockets])')
mkdir -p "$work/forms"
cp Specs/login.json "$work/forms/login.json"

# Starts an instance on a port, its log in $work/NAME.log; sets the variable NAME_pid.
start() {
  local name=$1 port=$2
  "$bin" serve "$work/forms" --port "$port" >/dev/null 2>>"$work/$name.log" &
  printf -v "${name}_pid" '%s' "$!"
  pids+=("$!")
  for _ in $(seq 1 200); do
    if grep -q "listening on 127.0.0.1:$port" "$work/$name.log" 2>/dev/null; then return 0; fi
    sleep 0.05
  done
  echo "nginx-drain: instance $name did not start:" >&2
  cat "$work/$name.log" >&2
  exit 1
}
start a "$port_a"
start b "$port_b"

sed -e "s/127.0.0.1:8080/127.0.0.1:$front/" -e "s/127.0.0.1:8081/127.0.0.1:$port_a/" \
  -e "s/127.0.0.1:8082/127.0.0.1:$port_b/" deploy/nginx.conf >"$work/pureform.conf"
cat >"$work/nginx.conf" <<EOF
worker_processes 1;
pid $work/nginx.pid;
error_log $work/nginx-error.log warn;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work/body;
    proxy_temp_path $work/proxy;
    fastcgi_temp_path $work/fastcgi;
    uwsgi_temp_path $work/uwsgi;
    scgi_temp_path $work/scgi;
    include $work/pureform.conf;
}
EOF
"$nginx" -p "$work" -c "$work/nginx.conf" -e "$work/nginx-error.log"
for _ in $(seq 1 100); do
  if curl -sf -o /dev/null "http://127.0.0.1:$front/health" 2>/dev/null; then break; fi
  sleep 0.05
done

# ---- 3. load, SIGTERM and restart, SIGHUP
url="http://127.0.0.1:$front/forms/login/validate"
wrk -t2 -c"$connections" -d"${seconds}s" -s scripts/bench_serve.lua "$url" -- Specs/inputs/login.json \
  >"$work/wrk.txt" 2>&1 &
wrk_pid=$!
third=$(python3 -c "print($seconds / 3)")
sleep "$third"
term_at=$(date +%s.%N)
kill -TERM "$a_pid"
a_status=0
wait "$a_pid" || a_status=$?
drained=$(python3 -c "print(f'{$(date +%s.%N) - $term_at:.2f}')")
start a2 "$port_a"
sleep "$third"
kill -HUP "$b_pid"
reloaded=no
for _ in $(seq 1 100); do
  if grep -q "reloaded the forms" "$work/b.log"; then reloaded=yes; break; fi
  sleep 0.05
done
wait "$wrk_pid" || true

# ---- 4. verdict
summary=$(tail -n 1 "$work/wrk.txt")
python3 - "$summary" "$a_status" "$drained" "$reloaded" "$work/nginx-error.log" "$seconds" "$connections" \
  "$port_a" "$port_b" "$started" <<'EOF'
import json, re, sys, time
line, status, drained, reloaded, error_log, seconds, connections, port_a, port_b, started = sys.argv[1:]
try:
    run = json.loads(line)
except ValueError:
    print(f"nginx-drain: wrk printed no summary: {line!r}")
    sys.exit(1)
errors = run["errors"]
socket_errors = errors["connect"] + errors["read"] + errors["write"] + errors["timeout"]
log = open(error_log, encoding="utf-8", errors="replace").read()
refused = len(re.findall(r"Connection refused", log))
problems = []
if errors["status"]:
    problems.append(f"{errors['status']} answers other than 2xx")
if socket_errors:
    problems.append(f"{socket_errors} socket errors {errors}")
if status != "0":
    problems.append(f"instance A exited {status} after SIGTERM")
if reloaded != "yes":
    problems.append("instance B did not reload on SIGHUP")
if run["requests"] == 0:
    problems.append("no requests")
upstream = [l for l in log.splitlines() if "upstream" in l and "Connection refused" not in l]
verdict = "FAIL: " + "; ".join(problems) if problems else "PASS"
print(
    f"nginx-drain: 2 instances behind nginx, wrk -c{connections} {seconds}s: {run['requests']:,} requests, "
    f"{errors['status']} non-200, {socket_errors} socket errors; SIGTERM to A: drained and exited {status} "
    f"in {drained} s, restarted; SIGHUP to B: reloaded {reloaded}; nginx retried {refused} refused "
    f"connections: {verdict} ({time.time() - float(started):.1f} s in all)")
if problems:
    print(f"  instance A is 127.0.0.1:{port_a}, B 127.0.0.1:{port_b}")
    for l in upstream[:10]:
        print("  nginx: " + l)
    sys.exit(1)
EOF

#!/usr/bin/env bash
# Records straight out of PostgreSQL (docs/scaling.md, "Records in a database"), checked on a throwaway
# cluster: COPY the rows out as JSON, `pureform validate --ndjson --id id --no-values`, COPY the results back
# in, join them to the rows on the id.
#
#   scripts/postgres_check.sh [ROWS]     (default 20,000)
#
# 1. installs Debian's postgresql when no initdb is found (its own cluster kept from starting)
# 2. initdb in a temporary folder, started as the postgres user (runuser: PostgreSQL refuses root) on a free
#    port with its socket in that folder and no TCP listener; stopped by its pid at the end, whatever happens
# 3. creates `submissions` (the signup form's fields) with ROWS generated rows, invalid ones among them
#    (short passwords, unconfirmed ones, bad e-mails, missing zips, names with quotes and non-ASCII letters)
# 4. runs the recipe's pipeline and checks: one result per row, every row joined to its verdict by id, the
#    same verdicts as `pureform validate` on the same records in one process
# Prints one summary line; exit 1 on any difference. `pureform` is the debug build unless PUREFORM_BIN is set.
set -euo pipefail

repo=$(cd "$(dirname "$0")/.." && pwd)
cd "$repo"
started=$(date +%s.%N)
rows=${1:-20000}
bin=${PUREFORM_BIN:-$repo/.build/debug/pureform}
if [ ! -x "$bin" ]; then
  echo "postgres-check: no pureform binary at $bin (run \`swift build\`, or set PUREFORM_BIN)" >&2
  exit 2
fi
export PATH="$(dirname "$bin"):$PATH"

. "$repo/scripts/apt_install.sh"

pg_bin() { ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1; }
if [ -z "$(pg_bin)" ]; then
  apt_install postgres-check postgresql
fi
bindir=$(pg_bin)

# ---- a throwaway cluster
work=$(mktemp -d)
chmod 755 "$work"
mkdir -m 700 "$work/socket" "$work/data"
chown postgres "$work/socket" "$work/data"
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
as_postgres() { as_root runuser -u postgres -- "$@"; }
stop() {
  if [ -f "$work/data/postmaster.pid" ]; then
    pid=$(head -n 1 "$work/data/postmaster.pid")
    kill -INT "$pid" 2>/dev/null || true  # PostgreSQL's fast shutdown
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
  fi
  rm -rf "$work"
}
trap stop EXIT
as_postgres "$bindir/initdb" -D "$work/data" -U postgres -A trust --no-sync -E UTF8 --locale C.UTF-8 >"$work/initdb.log" 2>&1 \
  || { cat "$work/initdb.log" >&2; exit 1; }
as_postgres "$bindir/pg_ctl" -D "$work/data" -l "$work/data/server.log" -w -o \
  "-p $port -k $work/socket -c listen_addresses='' -c fsync=off" start >/dev/null
psql() { as_postgres "$bindir/psql" -h "$work/socket" -p "$port" -U postgres -d postgres -X -q -v ON_ERROR_STOP=1 "$@"; }

# ---- rows, valid and invalid
psql <<SQL
CREATE TABLE submissions (
  id bigint PRIMARY KEY, email text, password text, password_confirm text, full_name text, age int, zip text
);
INSERT INTO submissions
SELECT g,
       CASE WHEN g % 11 = 0 THEN 'user' || g ELSE 'user' || g || '@example.com' END,
       CASE WHEN g % 7 = 0 THEN 'abc' ELSE 'secret' || g END,
       CASE WHEN g % 13 = 0 THEN 'other' ELSE CASE WHEN g % 7 = 0 THEN 'abc' ELSE 'secret' || g END END,
       (ARRAY['Ada Lovelace', 'Grace O''Hara', 'Zoë Brontë', 'Jean-Luc "JL" Picard', 'Ken'])[1 + g % 5],
       13 + g % 60,
       CASE WHEN g % 17 = 0 THEN NULL ELSE lpad((g % 100000)::text, 5, '0') END
FROM generate_series(1, $rows) AS g;
CREATE TABLE validation_results (result jsonb NOT NULL);
SQL

# ---- the recipe: rows out as JSON, verdicts back in. CSV with a quote and a delimiter that JSON text never
# holds passes each line through COPY untouched (the text format would double every backslash).
out="COPY (SELECT row_to_json(t) FROM submissions t) TO STDOUT WITH (FORMAT csv, QUOTE E'\\x01', DELIMITER E'\\x02')"
in="COPY validation_results (result) FROM STDIN WITH (FORMAT csv, QUOTE E'\\x01', DELIMITER E'\\x02')"
psql -c "$out" \
  | pureform validate Specs/signup.json --input - --ndjson --format json --id id --no-values --exit-zero \
  | psql -c "$in"

# ---- checks: joined by id, and the same verdicts as one process on the same records
summary=$(psql -At -F ' ' <<'SQL'
SELECT count(*),
       count(r.result),
       count(*) FILTER (WHERE (r.result->>'valid')::boolean),
       count(*) FILTER (WHERE NOT (r.result->>'valid')::boolean),
       (SELECT count(*) FROM validation_results)
FROM submissions s LEFT JOIN validation_results r ON (r.result->>'id')::bigint = s.id;
SQL
)
read -r total joined valid invalid results <<<"$summary"
psql -At -c "SELECT (result->>'id') || ' ' || (result->>'valid') FROM validation_results ORDER BY (result->>'id')::bigint" \
  >"$work/database.txt"
psql -c "$out" | pureform validate Specs/signup.json --input - --ndjson --format json --id id --no-values --exit-zero \
  | python3 -c '
import json, sys
for line in sorted((json.loads(l) for l in sys.stdin), key=lambda r: r["id"]):
    print(line["id"], str(line["valid"]).lower())' >"$work/local.txt"
same=$(python3 -c 'import sys; a = open(sys.argv[1]).read().split("\n"); b = open(sys.argv[2]).read().split("\n"); print(sum(x == y for x, y in zip(a, b)) - (a[-1] == "" and b[-1] == ""))' \
  "$work/database.txt" "$work/local.txt")
problems=()
[ "$total" = "$rows" ] || problems+=("$total rows for $rows")
[ "$joined" = "$rows" ] || problems+=("$((rows - joined)) rows without a verdict")
[ "$results" = "$rows" ] || problems+=("$results results for $rows rows")
[ "$same" = "$rows" ] || problems+=("$((rows - same)) verdicts differ from one process")
[ "$valid" -gt 0 ] && [ "$invalid" -gt 0 ] || problems+=("the rows are all valid or all invalid")
elapsed=$(python3 -c "import time; print(f'{time.time() - $started:.1f}')")
if [ ${#problems[@]} -eq 0 ]; then verdict=PASS; else verdict="FAIL: ${problems[*]}"; fi
echo "postgres-check: PostgreSQL $("$bindir/postgres" --version | awk '{print $3}'), $rows rows in, $results verdicts out ($valid valid, $invalid invalid), $joined rows joined to their verdict by id, $same equal to one process: $verdict ($elapsed s in all)"
[ "$verdict" = PASS ]

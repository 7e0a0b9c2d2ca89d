#!/usr/bin/env python3
"""Times `pureform check` against `orjson.loads` on the same spec files, alternating, in one run.

usage: bench_check.py --reps N --json-out FILE --pureform CMD -- SPEC...

For each spec: `pureform check SPEC` (text) and `pureform check --format json SPEC`, both whole commands with
their output to /dev/null, and the Python process `orjson.loads(open(SPEC, 'rb').read())`, also whole
(interpreter start and import included, as pureform's own process start is). The three run in turn, N
times, so a machine that gets busier or quieter during the run weighs on all of them alike; each keeps its
best wall time and its peak RSS (ru_maxrss from wait4, see bench_run.py). A spec whose name has `-warn`
was written with gen_large_spec.py --warn-every-cell, one with `-indent` with --indented (pretty-printed, one
space per level, two views a cell). The figures go to FILE as JSON, which
`bench_report.py compile` turns into the report's table.
"""
import argparse
import json
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_run import run_once  # noqa: E402

ORJSON = "import orjson, sys; orjson.loads(open(sys.argv[1], 'rb').read())"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--json-out", required=True)
    ap.add_argument("--pureform", required=True, help="the pureform command (may hold arguments)")
    ap.add_argument("specs", nargs="+")
    a = ap.parse_args()
    specs = [s for s in a.specs if s != "--"]
    pureform = a.pureform.split()
    rows = []
    for spec in specs:
        commands = {
            "text": pureform + ["check", spec],
            "json": pureform + ["check", "--format", "json", spec],
            "orjson": [sys.executable, "-c", ORJSON, spec],
        }
        runs = {name: [] for name in commands}
        for rep in range(a.reps):
            for name, cmd in commands.items():
                r = run_once(cmd, os.devnull)
                runs[name].append(r)
                print("bench: %s %s rep %d: %.2f s, %d MiB, exit %s" % (
                    os.path.basename(spec), name, rep + 1, r["wall_s"], r["maxrss_kib"] // 1024, r["exit"]),
                    file=sys.stderr)
        row = {"spec": spec, "bytes": os.path.getsize(spec), "warn": "-warn" in os.path.basename(spec),
               "indented": "-indent" in os.path.basename(spec)}
        for name, rs in runs.items():
            good = [r for r in rs if r["exit"] == 0]
            row[name] = {
                "ok": len(good) == len(rs),
                "exit_codes": [r["exit"] for r in rs],
                "best_wall_s": min(r["wall_s"] for r in good) if good else None,
                "walls_s": [r["wall_s"] for r in rs],
                "max_rss_kib": max(r["maxrss_kib"] for r in good) if good else None,
                "stderr_tail": rs[-1]["stderr_head"][-300:],
            }
        rows.append(row)
    with open(a.json_out, "w") as f:
        json.dump({"reps": a.reps, "rows": rows}, f, indent=1)


if __name__ == "__main__":
    main()

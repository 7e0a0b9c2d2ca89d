#!/usr/bin/env python3
"""Runs one command N times; reports its best wall time and the child's peak RSS, as JSON.

usage: bench_run.py [--reps 3] [--stdout FILE] [--ok-exit 0,1] [--json-out FILE] -- CMD [ARG...]

Wall time is the whole command (process start, spec compile, reading, output), from just
before the fork to the child's exit, measured with time.perf_counter. Peak RSS is
ru_maxrss of that child from os.wait4 (KiB on Linux; it includes the child's own reaped
children), so no `time` package is needed. The child's stdout goes to FILE (default
/dev/null); its stderr is kept and the first lines are shown when an exit code is not
in --ok-exit. Exit status: 0 when every run ended with an accepted code, 3 otherwise.
"""
import argparse
import json
import os
import subprocess
import sys
import time


def run_once(cmd, stdout_path):
    with open(stdout_path, "wb") as out:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdin=subprocess.DEVNULL, stdout=out, stderr=subprocess.PIPE)
        # Read stderr in full before reaping, so a chatty child cannot block on a full pipe.
        err = proc.stderr.read()
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - t0
    proc.stderr.close()
    proc.returncode = os.waitstatus_to_exitcode(status)
    return {"wall_s": wall, "maxrss_kib": usage.ru_maxrss, "exit": proc.returncode,
            "stderr_head": err.decode("utf-8", "replace")[:2000]}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--reps", type=int, default=3)
    ap.add_argument("--stdout", default=os.devnull)
    ap.add_argument("--ok-exit", default="0,1")
    ap.add_argument("--json-out")
    ap.add_argument("cmd", nargs=argparse.REMAINDER)
    a = ap.parse_args()
    cmd = a.cmd[1:] if a.cmd[:1] == ["--"] else a.cmd
    if not cmd:
        ap.error("no command given")
    ok = {int(c) for c in a.ok_exit.split(",") if c}

    runs = []
    for _ in range(a.reps):
        try:
            r = run_once(cmd, a.stdout)
        except OSError as e:  # not found, not executable
            r = {"wall_s": None, "maxrss_kib": None, "exit": None, "stderr_head": str(e)}
        runs.append(r)
        if r["exit"] not in ok:
            break  # one failure is enough to know; do not spend the other reps
    good = [r for r in runs if r["exit"] in ok]
    result = {
        "cmd": cmd,
        "reps": len(runs),
        "ok": len(good) == len(runs) == a.reps,
        "exit_codes": [r["exit"] for r in runs],
        "best_wall_s": min(r["wall_s"] for r in good) if good else None,
        "walls_s": [r["wall_s"] for r in runs],
        "max_rss_kib": max(r["maxrss_kib"] for r in good) if good else None,
        "stderr_head": next((r["stderr_head"] for r in runs if r["exit"] not in ok), runs[-1]["stderr_head"]),
    }
    text = json.dumps(result, indent=1)
    if a.json_out:
        with open(a.json_out, "w") as f:
            f.write(text + "\n")
    else:
        print(text)
    if not result["ok"]:
        head = "\n".join(result["stderr_head"].splitlines()[:5])
        print("bench_run: %s exited %s\n%s" % (" ".join(cmd), result["exit_codes"], head), file=sys.stderr)
        sys.exit(3)


if __name__ == "__main__":
    main()

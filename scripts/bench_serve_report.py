#!/usr/bin/env python3
"""The Python half of `make bench-serve` (scripts/bench_serve.sh): free ports, the verdict check before the
timing, peak memory of a process tree, and the printed table with its bar.

usage:
  bench_serve_report.py port
      Prints a TCP port free on 127.0.0.1.
  bench_serve_report.py check URL BODY.json STATUS
      POSTs BODY.json as application/json to URL; exit 0 when the answer has STATUS and says so
      ({"valid":true,…} for 200, {"valid":false,"failures":[…]} with at least one failure for 422), else
      prints what came back and exits 1.
  bench_serve_report.py rss PID
      Prints the peak resident memory (VmHWM, KiB) of PID and every process below it, summed.
  bench_serve_report.py report --run NAME=WRK_OUTPUT ... --count NAME=WRK_OUTPUT ... --rss NAME=KIB ...
                              [--fact KEY=VALUE ...] [--strict]
      Reads the last line of each wrk output (scripts/bench_serve.lua's JSON) and prints the table, the
      ratio pureform/FastAPI of requests/s and the bar, and with a Vapor row the ratios Vapor/FastAPI and
      pureform/Vapor (outside the bar). A NAME is SERVER:BODY (pureform, vapor or fastapi; valid or
      invalid). --run: a timed run, not counted by status: wrk's own count of answers outside 2xx/3xx
      must be 0 for the valid body and all of them for the invalid one; a NAME given more than once is one
      run in rounds (requests/s over all of them, p50 and p99 of the worst round). --count: an untimed run
      counted by status: every answer must be 200 (valid) or 422 (invalid). Exit 1 with --strict when the
      bar is FAIL.

Standard library only.
"""
import argparse
import json
import os
import socket
import sys
import urllib.error
import urllib.request

SERVERS = {"pureform": "pureform serve", "vapor": "Vapor (PureFormVapor)", "fastapi": "FastAPI+pydantic"}
EXPECTED = {"valid": 200, "invalid": 422}


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def check(url, body_path, status):
    with open(body_path, "rb") as f:
        body = f.read()
    request = urllib.request.Request(url, data=body, headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=10) as answer:
            got, text = answer.status, answer.read()
    except urllib.error.HTTPError as error:
        got, text = error.code, error.read()
    except (urllib.error.URLError, OSError) as error:
        print("no answer from %s: %s" % (url, error))
        return 1
    try:
        obj = json.loads(text)
    except ValueError:
        obj = None
    if status == 200:
        ok = got == 200 and isinstance(obj, dict) and obj.get("valid") is True
    else:
        ok = (got == status and isinstance(obj, dict) and obj.get("valid") is False
              and isinstance(obj.get("failures"), list) and len(obj["failures"]) > 0)
    if not ok:
        print("expected %d from %s for %s, got %d: %s" % (status, url, body_path, got, text[:300].decode(errors="replace")))
        return 1
    return 0


def tree(pid):
    """pid and every process below it."""
    children = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            with open("/proc/%s/stat" % entry) as f:
                ppid = int(f.read().rsplit(")", 1)[1].split()[1])
        except (OSError, IndexError, ValueError):
            continue
        children.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        p = todo.pop()
        found.append(p)
        todo.extend(children.get(p, []))
    return found


def peak_rss_kib(pid):
    total = 0
    for p in tree(pid):
        try:
            with open("/proc/%d/status" % p) as f:
                for line in f:
                    if line.startswith("VmHWM:"):
                        total += int(line.split()[1])
        except OSError:
            pass
    return total


def last_json(path):
    with open(path) as f:
        lines = [line for line in f if line.startswith("{")]
    if not lines:
        raise SystemExit("bench-serve: no result line in %s (wrk failed?)" % path)
    return json.loads(lines[-1])


def merge(rounds):
    """One run from its rounds: requests, seconds, statuses and errors summed; p50 and p99 the worst round's."""
    out = {"requests": 0, "seconds": 0.0, "p50_us": 0, "p99_us": 0, "statuses": {}, "errors": {},
           "rounds": len(rounds), "counted": all(r.get("counted") for r in rounds)}
    for r in rounds:
        out["requests"] += r["requests"]
        out["seconds"] += r["seconds"]
        out["p50_us"] = max(out["p50_us"], r["p50_us"])
        out["p99_us"] = max(out["p99_us"], r["p99_us"])
        for group in ("statuses", "errors"):
            for key, n in r[group].items():
                out[group][key] = out[group].get(key, 0) + n
    return out


def status_check(counts):
    """The counted runs: (lines, problems)."""
    lines, problems = [], []
    for name, paths in sorted(counts.items()):
        r = merge([last_json(path) for path in paths])
        server, body = name.split(":")
        expected = EXPECTED[body]
        sockets = sum(r["errors"][k] for k in ("connect", "read", "write", "timeout"))
        statuses = {int(k): v for k, v in r["statuses"].items()}
        lines.append("%s %s body: %s" % (SERVERS[server], body, ", ".join(
            "%d x %s" % (status, "{:,}".format(n)) for status, n in sorted(statuses.items())) or "nothing counted"))
        if not r["counted"] or sockets or set(statuses) != {expected}:
            problems.append("%s, %s body, counted: %d socket errors, statuses %s (expected only %d)"
                            % (SERVERS[server], body, sockets, r["statuses"], expected))
    return lines, problems


def report(runs, counts, rss, facts, strict):
    rows, problems = {}, []
    for name, paths in runs.items():
        r = merge([last_json(path) for path in paths])
        server, body = name.split(":")
        expected = EXPECTED[body]
        sockets = sum(r["errors"][k] for k in ("connect", "read", "write", "timeout"))
        # wrk's own count of answers outside 2xx and 3xx: none for a 200, all of them for a 422.
        if expected < 300:
            unexpected = r["errors"]["status"]
            answered, label = r["requests"] - unexpected, "2xx"
        else:
            answered, label = r["errors"]["status"], "non-2xx"
            unexpected = r["requests"] - answered
        rows[name] = dict(r, server=server, body=body, rps=r["requests"] / r["seconds"], sockets=sockets,
                          unexpected=unexpected, expected=expected, answered=answered, label=label)
        if sockets or unexpected:
            problems.append("%s, %s body: %d socket errors, %d answers other than %s (%s)"
                            % (SERVERS[server], body, sockets, unexpected, label, r["statuses"]))
    print()
    for key in sorted(facts):
        print("%s: %s" % (key, facts[key]))
    print()
    print("| server | body | requests/s | p50 ms | p99 ms | peak RSS MiB | answers (status) | other statuses | socket errors |")
    print("|---|---|---:|---:|---:|---:|---:|---:|---:|")
    for body in ("valid", "invalid"):
        for server in SERVERS:
            r = rows.get("%s:%s" % (server, body))
            if r is None:
                continue
            print("| %s | %s | %s | %.2f | %.2f | %.1f | %s (%s) | %d | %d |" % (
                SERVERS[server], body, "{:,.0f}".format(r["rps"]), r["p50_us"] / 1e3, r["p99_us"] / 1e3,
                rss.get(server, 0) / 1024, "{:,}".format(r["answered"]), r["label"], r["unexpected"],
                r["sockets"]))
    if any(r["rounds"] > 1 for r in rows.values()):
        print("\nrequests/s over all rounds; p50 and p99: the worst round's.")
    print()
    verdicts = []
    for body in ("valid", "invalid"):
        p, f = rows.get("pureform:" + body), rows.get("fastapi:" + body)
        if p is None or f is None:
            continue
        ratio = p["rps"] / f["rps"] if f["rps"] else float("inf")
        lower = p["p99_us"] < f["p99_us"]
        verdicts += [ratio >= 3, lower]
        print("- %s body: pureform/FastAPI requests/s = **%.2fx** (bar >= 3x: %s); p99 %.2f ms vs %.2f ms (lower: %s)"
              % (body, ratio, "PASS" if ratio >= 3 else "FAIL", p["p99_us"] / 1e3, f["p99_us"] / 1e3,
                 "PASS" if lower else "FAIL"))
        v = rows.get("vapor:" + body)
        if v is not None and v["rps"]:
            print("- %s body: Vapor/FastAPI requests/s = %.2fx, pureform/Vapor = %.2fx; Vapor's p99 %.2f ms"
                  " (the same routes and answers in Vapor; not part of the bar)"
                  % (body, v["rps"] / f["rps"] if f["rps"] else float("inf"), p["rps"] / v["rps"], v["p99_us"] / 1e3))
    counted, count_problems = status_check(counts)
    problems += count_problems
    clean = not problems and bool(counted)
    print("- no socket errors; timed: every answer 2xx for the valid body and none for the invalid one (wrk's count);"
          " counted by status while warming up: %s: %s" % ("; ".join(counted), "PASS" if clean else "FAIL"))
    for problem in problems:
        print("  - " + problem)
    passed = bool(verdicts) and all(verdicts) and clean
    print("\nbench-serve bar (pureform serve >= 3x FastAPI requests/s, lower p99, no request errors): **%s**"
          % ("PASS" if passed else "FAIL"))
    return 0 if passed or not strict else 1


def pairs(items):
    out = {}
    for item in items or []:
        key, _, value = item.partition("=")
        out[key] = value
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="cmd", required=True)
    sub.add_parser("port")
    c = sub.add_parser("check")
    c.add_argument("url")
    c.add_argument("body")
    c.add_argument("status", type=int)
    m = sub.add_parser("rss")
    m.add_argument("pid", type=int)
    r = sub.add_parser("report")
    r.add_argument("--run", action="append", required=True)
    r.add_argument("--count", action="append", default=[])
    r.add_argument("--rss", action="append")
    r.add_argument("--fact", action="append")
    r.add_argument("--strict", action="store_true")
    a = ap.parse_args()
    if a.cmd == "port":
        print(free_port())
        return 0
    if a.cmd == "check":
        return check(a.url, a.body, a.status)
    if a.cmd == "rss":
        print(peak_rss_kib(a.pid))
        return 0
    rss = {k: int(v) for k, v in pairs(a.rss).items()}
    runs, counts = {}, {}
    for items, into in ((a.run, runs), (a.count, counts)):
        for item in items:
            key, _, path = item.partition("=")
            into.setdefault(key, []).append(path)
    return report(runs, counts, rss, pairs(a.fact), a.strict)


if __name__ == "__main__":
    sys.exit(main())

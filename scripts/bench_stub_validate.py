#!/usr/bin/env python3
"""A stand-in for `pureform validate SPEC --input FILE.ndjson [--jobs N] --format json`, to dry-run
the benchmark harness before the real NDJSON mode exists:

    PUREFORM_BIN=scripts/bench_stub_validate.py make bench

It is NOT pureform and knows nothing of PureForm specs: it judges each line with `ref_check` from
shared/bench/gen_records.py (found beside SPEC) and writes one result line per input line in the
documented shape, `{"line":N,"valid":true,"values":{...}}`, `{"line":N,"valid":false,"failures":[...]}`
or `{"line":N,"error":"..."}`. `--jobs` is accepted and ignored. Exit 1 when any record is invalid.
"""
import argparse
import json
import os
import sys


def main():
    ap = argparse.ArgumentParser(prog="bench_stub_validate")
    sub = ap.add_subparsers(dest="command", required=True)
    v = sub.add_parser("validate")
    v.add_argument("spec")
    v.add_argument("--input", required=True)
    v.add_argument("--format", choices=["json", "text"], default="text")
    v.add_argument("--jobs", type=int, default=os.cpu_count())
    v.add_argument("--ndjson", action="store_true")
    a = ap.parse_args()

    sys.path.insert(0, os.path.dirname(os.path.abspath(a.spec)))
    from gen_records import ref_check  # noqa: E402  (shared/bench, beside the spec)

    any_bad = False
    out = sys.stdout
    with open(a.input, "rb") as f:
        for n, raw in enumerate(f, 1):
            raw = raw.rstrip(b"\n")
            try:
                obj = json.loads(raw.decode("utf-8"))
            except (ValueError, UnicodeDecodeError) as e:
                res = {"line": n, "error": "not JSON: %s" % type(e).__name__}
            else:
                if not isinstance(obj, dict):
                    res = {"line": n, "error": "not a JSON object"}
                else:
                    bad = ref_check(obj)
                    if bad:
                        res = {"line": n, "valid": False, "failures": [{"key": k} for k in bad]}
                    else:
                        res = {"line": n, "valid": True, "values": obj}
            any_bad = any_bad or res.get("valid") is not True
            out.write(json.dumps(res, ensure_ascii=False))
            out.write("\n")
    sys.exit(1 if any_bad else 0)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""jsonschema-rs on a form's own JSON Schema: the anchor `make bench` sets beside each extra form.

Usage: bench_schema_anchor.py SCHEMA FILE.ndjson [--reps N] [--formats] [--json-out OUT]

Reads every line of FILE into memory, then times, best of N passes, `orjson.loads` and
`jsonschema_rs.validator_for(SCHEMA).is_valid` on each (a line that is not JSON counts as invalid), as
shared/bench/anchors.py times its jsonschema-rs anchor. SCHEMA is `pureform schema SPEC`'s output, which is
never stricter than pureform, so the anchor does no more than pureform does. jsonschema-rs treats `format` as an
annotation unless asked (draft 2020-12); --formats asks (`validate_formats=True`), so a schema's `date`,
`date-time` and `uuid` are checked as pureform's `<format>` checks them. Prints and writes
{"records", "valid", "best_seconds", "rps", "version", "formats"}.
"""
import argparse
import json
import time

import jsonschema_rs
import orjson


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("schema")
    parser.add_argument("input")
    parser.add_argument("--reps", type=int, default=3)
    parser.add_argument("--formats", action="store_true", help="check `format` keywords (validate_formats=True)")
    parser.add_argument("--json-out")
    args = parser.parse_args()
    with open(args.schema, "rb") as f:
        validator = jsonschema_rs.validator_for(orjson.loads(f.read()), validate_formats=args.formats)
    with open(args.input, "rb") as f:
        lines = f.read().splitlines()

    def one_pass(_loads=orjson.loads, _error=orjson.JSONDecodeError, _ok=validator.is_valid):
        valid = 0
        for line in lines:
            try:
                value = _loads(line)
            except _error:
                continue
            if _ok(value):
                valid += 1
        return valid

    one_pass()
    best = float("inf")
    valid = 0
    for _ in range(args.reps):
        start = time.perf_counter()
        valid = one_pass()
        best = min(best, time.perf_counter() - start)
    result = {"records": len(lines), "valid": valid, "best_seconds": best, "rps": len(lines) / best,
              "version": getattr(jsonschema_rs, "__version__", "?"), "formats": args.formats}
    print(json.dumps(result))
    if args.json_out:
        with open(args.json_out, "w") as f:
            json.dump(result, f)


if __name__ == "__main__":
    main()

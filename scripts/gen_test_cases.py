#!/usr/bin/env python3
"""Writes a large cases file for Specs/login.json, for timing `pureform test` (docs/benchmarks.md).

Case i is valid when i is even (a six-character-plus password); an odd i has a password of i % 30 characters,
valid from 6 to 25, else a failure at /password.
  python3 scripts/gen_test_cases.py N > login.tests.json   (beside a copy of Specs/login.json)
"""
import json
import sys


def main():
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 10000
    cases = []
    for i in range(count):
        if i % 2:
            length = i % 30
            expect = "valid" if 6 <= length <= 25 else {"valid": False, "failures": [{"path": "/password"}]}
            cases.append({"name": f"case {i}", "record": {"login": f"user{i}@example.com", "password": "x" * length},
                          "expect": expect})
        else:
            cases.append({"name": f"case {i}", "record": {"login": f"user{i}@example.com", "password": f"secret{i}"},
                          "expect": "valid"})
    json.dump({"$schema": "https://pureform.dev/schemas/test-cases.schema.json", "cases": cases}, sys.stdout, indent=1)
    print()


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Generates stored signup records for `pureform diff --records` on Specs/diff/signup-v1.json → v2.json.

Deterministic (a seeded PRNG): the same COUNT and --seed give the same bytes. Records are what an app on v1 sent:
most pass v1; some carry passwords of 6-9 characters (valid under v1, refused by v2's min_length 10), no phone
(v2 requires one), a one-word full name, an age of 13-15, or a non-integer age; each has an "id" member.

  python3 scripts/gen_diff_records.py COUNT [--seed N] > records.ndjson
"""
import argparse
import random
import sys


def record(rng: random.Random, number: int) -> str:
    parts = [f'"id":"u{number:07d}"']
    name = rng.choice(["ada", "grace", "alan", "edsger", "barbara", "ken"])
    if rng.random() < 0.97:
        parts.append(f'"email":"{name}{number}@example.com"')
    else:
        parts.append('"email":"not-an-email"')
    length = rng.choice([6, 7, 8, 9, 10, 12, 14, 16, 20, 24])
    parts.append('"password":"' + "".join(rng.choice("abcdefghjkmnpqrstuvwxyz23456789") for _ in range(length)) + '"')
    if rng.random() < 0.9:
        parts.append(f'"full_name":"{name.title()} Example"')
    else:
        parts.append(f'"full_name":"{name}"')
    roll = rng.random()
    if roll < 0.8:
        parts.append(f'"age":{rng.randint(16, 90)}')
    elif roll < 0.9:
        parts.append(f'"age":{rng.randint(13, 15)}')
    elif roll < 0.95:
        parts.append('"age":"forty"')
    if rng.random() < 0.5:
        parts.append('"phone":"+44 20 7946 ' + f"{rng.randint(0, 9999):04d}" + '"')
    if rng.random() < 0.3:
        parts.append(f'"newsletter":{"true" if rng.random() < 0.5 else "false"}')
    if rng.random() < 0.2:
        parts.append(f'"referral":"R{rng.randint(0, 10**6)}"')
    return "{" + ",".join(parts) + "}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("count", type=int)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    rng = random.Random(arguments.seed)
    out = sys.stdout
    for number in range(1, arguments.count + 1):
        out.write(record(rng, number) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())

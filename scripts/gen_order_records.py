#!/usr/bin/env python3
"""NDJSON records for Specs/order.json, the benchmark's form with repeated groups.

Usage: gen_order_records.py N OUT [--seed S]

Each record is an order as a client sends it: an e-mail, one to six line items (a SKU, a quantity, a gift
flag and, for gifts, a note) and up to three coupons. About one record in four breaks one rule (a SKU out of
pattern, a quantity of 0, no items, too many coupons, a gift note too long). Same seed, same bytes. Standard
library only.
"""
import argparse
import json
import random

FIRST = ["ada", "grace", "alan", "edsger", "barbara", "ken", "margaret", "linus", "radia", "donald"]
DOMAINS = ["example.com", "mail.example.org", "corp.example.net"]
NOTES = ["Happy birthday!", "With love", "Congratulations on the new job", "Merry Christmas"]
COUPONS = ["SPRING24", "WELCOME", "FREESHIP", "VIP10"]


def sku(rng):
    letters = "".join(rng.choice("ABCDEFGHIJKLMNOPQRSTUVWXYZ") for _ in range(3))
    return "%s-%03d" % (letters, rng.randrange(1000))


def record(rng):
    items = []
    for _ in range(rng.randint(1, 6)):
        gift = rng.random() < 0.2
        item = {"sku": sku(rng), "quantity": rng.randint(1, 5), "gift": gift}
        if gift:
            item["gift_note"] = rng.choice(NOTES)
        items.append(item)
    r = {"email": "%s.%d@%s" % (rng.choice(FIRST), rng.randrange(10000), rng.choice(DOMAINS)), "items": items,
         "coupons": rng.sample(COUPONS, rng.randint(0, 2))}
    if rng.random() < 0.25:
        broken = rng.randrange(5)
        if broken == 0:
            items[rng.randrange(len(items))]["sku"] = "abc-12"
        elif broken == 1:
            items[rng.randrange(len(items))]["quantity"] = 0
        elif broken == 2:
            r["items"] = []
        elif broken == 3:
            r["coupons"] = COUPONS[:]
        else:
            items[0]["gift"] = True
            items[0]["gift_note"] = "x" * 141
    return r


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="utf-8") as f:
        for _ in range(args.n):
            f.write(json.dumps(record(rng), ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""NDJSON records for Specs/business-account.json, the benchmark's form with conditions.

Usage: gen_condition_records.py N OUT [--seed S]

Each record is a sign-up as a client sends it: a personal or a business account (so `<visible_if>` hides the
company views in about half of them), a billing country inside or outside the EU (so `<required_if>` asks for a
VAT number or not), shipping the same as billing or not (hiding the shipping address), and the e-mail confirmed
(`<same_as>`). About one record in four breaks one rule. Same seed, same bytes. Standard library only.
"""
import argparse
import json
import random

FIRST = ["ada", "grace", "alan", "edsger", "barbara", "ken", "margaret", "linus", "radia", "donald"]
DOMAINS = ["example.com", "mail.example.org", "corp.example.net"]
COUNTRIES_EU = ["DE", "FR", "NL"]
COUNTRIES_OTHER = ["US", "GB", "CH", "JP"]
STREETS = ["Main St 1", "Hauptstraße 12", "Rue de la Paix 3", "Keizersgracht 42", "1-2-3 Shibuya"]


def record(rng):
    business = rng.random() < 0.5
    email = "%s.%d@%s" % (rng.choice(FIRST), rng.randrange(10000), rng.choice(DOMAINS))
    country = rng.choice(COUNTRIES_EU if rng.random() < 0.6 else COUNTRIES_OTHER)
    r = {"account": {"kind": "business" if business else "personal"}}
    if business:
        r["company"] = {"name": "%s %s GmbH" % (rng.choice(FIRST).title(), rng.choice(["Tools", "Labs", "Works"]))}
        if country in COUNTRIES_EU:
            r["company"]["vat_id"] = "%s%09d" % (country, rng.randrange(10**9))
    r["email"] = email
    r["email_confirm"] = email
    r["billing"] = {"street": rng.choice(STREETS), "country": country}
    same = rng.random() < 0.7
    r["shipping"] = {"same_as_billing": same}
    if not same:
        r["shipping"]["street"] = rng.choice(STREETS)
        r["shipping"]["country"] = rng.choice(COUNTRIES_EU + COUNTRIES_OTHER)
    if rng.random() < 0.25:
        broken = rng.randrange(5)
        if broken == 0:
            r["email_confirm"] = "x" + email
        elif broken == 1:
            r["billing"]["country"] = "Germany"
        elif broken == 2 and business:
            r["company"].pop("vat_id", None)
            r["billing"]["country"] = "DE"
        elif broken == 3:
            r["email"] = email.replace("@", "")
        else:
            r["shipping"] = {"same_as_billing": False}
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

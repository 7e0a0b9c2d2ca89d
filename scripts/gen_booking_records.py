#!/usr/bin/env python3
"""NDJSON records for Specs/booking.json, the benchmark's form with `<format>`, `<in>`, `<not_in>`, `<min>`, `<max>`.

Usage: gen_booking_records.py N OUT [--seed S]

Each record is a booking as a client sends it: a check-in date in the season and a check-out a few nights
later (`<min>` by path), an arrival time slot, the booking's date_time with an offset and now and then a
fraction, a guest's country from the list (`<in>`), a name (never a reserved one, `<not_in>`, but now and
then), a website (https) or none, a reference UUID in either case or none, and a guest count (`<in>` on an
integer). About one record in four breaks one rule: a day the calendar lacks, a check-out before the
check-in, an early arrival, a date_time with a space, a country outside the list, a reserved name, an http
website, a UUID in braces. Same seed, same bytes. Standard library only.
"""
import argparse
import datetime
import json
import random
import uuid

COUNTRIES = ["AT", "BE", "CH", "DE", "DK", "ES", "FR", "GB", "IE", "IT", "LU", "NL", "NO", "PL", "PT", "SE"]
NAMES = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Radia Perlman"]
SITES = ["https://ada.example", "https://labs.example.org/team", "https://bücher.example/ä?q=1", "https://x.io/a b"]
SEASON = datetime.date(2027, 4, 1)


def record(rng):
    check_in = SEASON + datetime.timedelta(days=rng.randrange(200))
    check_out = check_in + datetime.timedelta(days=rng.randrange(1, 14))
    booked = datetime.datetime(2027, 1, 1) + datetime.timedelta(seconds=rng.randrange(80 * 86400))
    offset = rng.choice(["Z", "+01:00", "-05:00", "+05:30"])
    fraction = rng.choice(["", "", ".250", ".5"])
    r = {
        "stay": {
            "check_in": check_in.isoformat(),
            "check_out": check_out.isoformat(),
            "arrival": "%02d:%02d" % (rng.randrange(14, 24), rng.choice([0, 15, 30])),
            "guests": rng.randrange(1, 5),
        },
        "booked_at": booked.strftime("%Y-%m-%dT%H:%M:%S") + fraction + offset,
        "guest": {"country": rng.choice(COUNTRIES), "name": rng.choice(NAMES)},
    }
    if r["stay"]["arrival"] > "23:30":
        r["stay"]["arrival"] = "23:30"
    if rng.random() < 0.6:
        r["guest"]["website"] = rng.choice(SITES)
    if rng.random() < 0.7:
        text = str(uuid.UUID(int=rng.getrandbits(128)))
        r["reference"] = text.upper() if rng.random() < 0.3 else text
    if rng.random() < 0.25:
        broken = rng.randrange(8)
        if broken == 0:
            r["stay"]["check_in"] = "2027-02-29"
        elif broken == 1:
            r["stay"]["check_out"] = (check_in - datetime.timedelta(days=1)).isoformat()
        elif broken == 2:
            r["stay"]["arrival"] = "13:45"
        elif broken == 3:
            r["booked_at"] = booked.strftime("%Y-%m-%d %H:%M:%S")
        elif broken == 4:
            r["guest"]["country"] = rng.choice(["US", "JP", "de"])
        elif broken == 5:
            r["guest"]["name"] = rng.choice(["admin", "root", "test"])
        elif broken == 6:
            r["guest"]["website"] = "http://ada.example"
        else:
            r["reference"] = "{%s}" % uuid.UUID(int=rng.getrandbits(128))
    return r


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("n", type=int)
    parser.add_argument("out")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    with open(args.out, "w", encoding="utf-8") as out:
        for _ in range(args.n):
            out.write(json.dumps(record(rng), ensure_ascii=False, separators=(",", ":")) + "\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""The consumer test of `pureform schema`: a real JSON Schema validator and pureform on the same records.

For every spec in Specs/*.json and Specs/pureform-readme/*.json (plain, and with each settings file of
Specs/settings/ that turns keyboardTypeValidation on), this script emits the schema with `pureform schema`, checks it against the
2020-12 meta-schema, generates records from the compiled model (`pureform check --emit model`): values that
look valid and adversarial ones (missing keys, null, "", wrong JSON types, numbers as strings, strings at
and around every length limit in ASCII and beyond the BMP, numbers at and around every min/max value,
e-mail and full-name edge cases, text matching and not matching the custom patterns, neighbours copied or
not, dotted keys sent nested, dotted, both, or with a non-object in the way, unknown keys, records that are
not objects), and for `<format>`, `<in>`, `<not_in>` the shared vectors of Tests/Vectors and the lists
elements and their variants. It validates them with python-jsonschema (Draft202012Validator, format
assertion off and on) and with
`pureform validate SPEC --ndjson --input FILE --format json`, prints the agreement rate per spec, and exits
1 when the schema rejects any record pureform accepts (THE RULE), printing those records.

  python3 scripts/check_schema_agreement.py [--bin .build/debug/pureform] [--records 600] [--seed 13] [SPEC...]

(SPEC...: other specs instead of Specs/*.json, Specs/pureform-readme/*.json and Specs/schema/*.json.)

Records the schema accepts and pureform rejects are expected where the schema is looser (its `$comment`s
say where); they are counted, not failures.
"""
import argparse
import json
import math
import random
import subprocess
import sys
import tempfile
from pathlib import Path

from jsonschema import Draft202012Validator

ROOT = Path(__file__).resolve().parent.parent


class Num:
    """A JSON number written exactly as its text (`1e2`, `1.0`, `0.30000000000000004`)."""

    def __init__(self, text):
        self.text = text


class FloatText(str):
    """A non-integer JSON number read from pureform's output or a sample, kept as its text (`1e400` stays)."""


def dump(value, ascii_only):
    """JSON text with `Num` and `FloatText` numbers written as given."""
    if isinstance(value, Num):
        return value.text
    if isinstance(value, FloatText):
        return str(value)
    if isinstance(value, dict):
        return "{" + ",".join(dump(k, ascii_only) + ":" + dump(v, ascii_only) for k, v in value.items()) + "}"
    if isinstance(value, list):
        return "[" + ",".join(dump(v, ascii_only) for v in value) + "]"
    return json.dumps(value, ensure_ascii=ascii_only)


def run(args, **kwargs):
    return subprocess.run(args, cwd=ROOT, capture_output=True, text=True, **kwargs)


def fields_of(model):
    """Each form view's field, with what the generator needs: key, type, validators, keyboard, neighbours."""
    fields = []
    for section in model["sections"]:
        cells = section["cells"]
        firsts = []
        for row, cell in enumerate(cells):
            first = None
            for view in cell["views"]:
                field = view.get("field")
                if field is None:
                    continue
                keyboard = None
                for prop in view["properties"]:
                    if prop["name"] == "keyboardType":
                        value = prop["value"]
                        keyboard = value.get("value") if value["kind"] in ("enum", "number") else None
                entry = {
                    "key": field["key"],
                    "path": field["keyPath"],
                    "type": field["type"],
                    "validators": [(v["name"], v["argument"]) for v in field["validators"]],
                    "keyboard": keyboard,
                    "initial": view["value"],
                    "section": section["section"],
                    "row": row,
                    # <same_as>: the key of the view whose value this one must equal (a path: a/b is a.b).
                    "same_as": field["sameAs"].lstrip("/").replace("/", ".") if "sameAs" in field else None,
                    "group": group_of(field["key"]) if field["key"] else None,
                    "items": field.get("items", {}),
                    # <format> (with <schemes>), <in>, <not_in>, <min>, <max> as written.
                    "format": field.get("format"),
                    "in": field.get("in", []),
                    "not_in": field.get("notIn", []),
                    "bounds": [field[word] for word in ("min", "max") if word in field],
                }
                if first is None:
                    first = len(fields)
                fields.append(entry)
            firsts.append(first)
        for entry in fields:
            if entry["section"] == section["section"] and "neighbours" not in entry:
                row = entry["row"]
                entry["neighbours"] = {
                    name: firsts[r]
                    for name, r in (("equal_previous", row - 1), ("equal_next", row + 1))
                    if 0 <= r < len(firsts) and firsts[r] is not None
                }
    unknown = 0
    for entry in fields:
        if entry["key"] is None:
            entry["key"] = f"unknown_key_{unknown}"
            entry["path"] = [entry["key"]]
            unknown += 1
    numbers = {entry["key"]: number for number, entry in enumerate(fields)}
    for entry in fields:
        entry["same_as"] = numbers.get(entry["same_as"])
    return fields


NUMBERS = ["0", "1", "-1", "1.0", "2.5", "-3e2", "1e2", "0.30000000000000004", "100", "99999999999999999999", "-0"]
TEXTS = [
    " ", "a", "A", "abc", "hello world", "0", "1", "2.5", "-3e2", " 5", "+5", ".5", "05", "1,5", "true", "false",
    "on", "off", "yes", "\u00e9t\u00e9", "\U0001F600", "a\U0001F600b", "line\nbreak", "tab\there",
    "user@example.com", "x@company.technology", "a@b..com", "user@localhost", "user@example.com\n", "@x.y",
    "Grace Hopper", "Jean-Luc O'Neill", "grace hopper", "Grace", "Grace  Hopper", " Grace Hopper",
    "\u0130lkay \u00c7elik", "\u674e \u5c0f\u9f8d", "Ada 2Lovelace", "abc123", "password1", "12345678", "abcdefgh",
    "5551234", "+15551234", "*#12", "12.5", "12,5", "Basic", "Pro", "basic",
]


def length_strings(limit, rng):
    out = []
    for n in {max(limit - 1, 0), limit, limit + 1, max(limit // 2, 0), (limit + 1) // 2 + 1}:
        out.append("x" * n)
        out.append("7" * n)
        out.append("\U0001F600" * n)
        half = n // 2
        out.append("\U0001F600" * half + "y" * (n - 2 * half))
        out.append("a1" * (n // 2) + "b" * (n % 2))
    return [s for s in out if s != ""]


def trailing_zero(text):
    """The same number written with one more digit (`5` → `5.0`, `2.5` → `2.50`); None for exponent forms."""
    if "e" in text.lower():
        return None
    return Num(text + "0" if "." in text else text + ".0")


def decimal_neighbours(text):
    """A min_value / max_value argument, and numbers and number text around it."""
    text = str(text)
    out = [Num(text), text]
    value = float(text)
    if not math.isfinite(value):
        return out
    for delta in (1, -1, 0.5, -0.5, 0.001, -0.001):
        shifted = value + delta
        shifted_text = repr(int(shifted)) if shifted == int(shifted) and abs(shifted) < 1e15 else repr(shifted)
        out += [Num(shifted_text), shifted_text]
    out.append(trailing_zero(text) or Num(text))
    return out


def pattern_candidates(pattern, rng):
    """Strings likely to match and not match a custom pattern: its literal characters, digits and letters."""
    literals = [c for c in pattern if c.isalnum() or c in "@.-_+ "]
    out = []
    for length in (1, 2, 3, 5, 8, 12):
        out.append("".join(rng.choice(literals or ["a"]) for _ in range(length)))
        out.append("".join(rng.choice("abcXYZ019") for _ in range(length)))
    out += ["a1b2c3d4", "Passw0rd", "abcdefghij", "1234567890", "A1"]
    return out


def sample_records(spec):
    """The spec's sample inputs (`inputs/NAME.json`, `inputs/NAME-*.json`, `inputs/NAME.ndjson` beside it)."""
    folder = ROOT / spec.parent / "inputs"
    if not folder.is_dir():  # Specs/pureform-readme/ shares Specs/inputs/
        folder = ROOT / spec.parent.parent / "inputs"
    records = []
    for path in sorted(folder.glob(spec.stem + ".json")) + sorted(folder.glob(spec.stem + "-*.json")):
        try:
            records.append(json.loads(path.read_text(encoding="utf-8"), parse_float=FloatText))
        except ValueError:
            continue
    ndjson = folder / (spec.stem + ".ndjson")
    if ndjson.exists():
        for line in ndjson.read_text(encoding="utf-8").splitlines():
            try:
                records.append(json.loads(line, parse_float=FloatText))
            except ValueError:
                continue
    return [r for r in records if isinstance(r, dict)]


def sample_values(field, records):
    """The values the sample inputs give `field` (dotted or nested)."""
    values = []
    for record in records:
        if field["key"] in record:
            values.append(record[field["key"]])
            continue
        nodes = [record]
        for segment in field["path"]:
            if segment == "*":
                nodes = [element for node in nodes if isinstance(node, list) for element in node]
            else:
                nodes = [node.get(segment) for node in nodes if isinstance(node, dict)]
        values += [node for node in nodes if node is not None]
    return values


def candidates(field, rng, samples=()):
    """Every value the generator tries for `field`: fixed edge cases, values derived from its validators, and
    the values of the spec's sample inputs."""
    pool = [None, "", Num("0"), True, False, [], {}, {"x": 1}] + list(samples)
    pool += [Num(n) for n in NUMBERS] + TEXTS
    for name, argument in field["validators"]:
        if name in ("min_length", "max_length", "equal_length"):
            pool += length_strings(argument, rng)
        elif name in ("min_value", "max_value"):
            pool += decimal_neighbours(argument)
        elif name == "equal":
            if isinstance(argument, bool):
                pool += [argument, Num("1" if argument else "0"), "1" if argument else "0"]
            elif isinstance(argument, (int, FloatText)):
                text = str(argument)
                pool += [Num(text), text, trailing_zero(text) or Num(text)]
            elif isinstance(argument, str):
                pool.append(argument)
                pool += [argument + " ", argument.upper(), argument[:-1]]
        elif name == "custom" and isinstance(argument, str):
            pool += pattern_candidates(argument, rng)
    if field["format"]:
        # Every value of the format's shared vectors (Tests/Vectors), valid and not.
        vectors = json.loads((ROOT / "Tests" / "Vectors" / f"format-{field['format']}.json").read_text(encoding="utf-8"))
        pool += [vector["value"] for vector in vectors["vectors"]]
        pool += [bound for bound in field["bounds"]]
    for element in field["in"] + field["not_in"]:
        if isinstance(element, bool):
            pool += [element, "true" if element else "false", Num("1" if element else "0")]
        elif isinstance(element, (int, FloatText)):
            text = str(element)
            pool += [Num(text), text, trailing_zero(text) or Num(text)]
        elif isinstance(element, str):
            pool += [element, element.lower(), element.upper(), element + " "]
    if field["initial"] is not None:
        pool.append(field["initial"])
    return pool


def place(record, field, value, rng):
    path = field["path"]
    if len(path) == 1:
        record[path[0]] = value
        return
    style = rng.random()
    if style < 0.2:
        record[field["key"]] = value
        return
    if style < 0.25:
        record[path[0]] = rng.choice([5, "x", None, []])
        return
    node = record
    for segment in path[:-1]:
        if not isinstance(node.get(segment), dict):
            node[segment] = {}
        node = node[segment]
    node[path[-1]] = value
    if style > 0.93:
        record[field["key"]] = rng.choice(candidates(field, rng) + [value])


def nest(path, value):
    """The record that holds `value` at `path`, a `*` segment being an array of one element."""
    if not path:
        return value
    if path[0] == "*":
        return [nest(path[1:], value)]
    return {path[0]: nest(path[1:], value)}


def group_of(key):
    """The template key of the innermost repeated group of `key` (`items` for `items.*.name`), or None."""
    segments = key.split(".")
    stars = [i for i, segment in enumerate(segments) if segment == "*" and i > 0]
    return ".".join(segments[: stars[-1]]) if stars else None


def group_record(groups, fields, group, rng, values_of, valid_looking):
    """An element list of `group` (its fields' values from `values_of`, nested groups inside), or another
    shape a record may send instead of an array."""
    info = groups[group]
    if not valid_looking and rng.random() < 0.08:
        return rng.choice([None, "x", Num("1"), {"0": {}}, True])
    bounds = [n for n in (info["min"], info["max"]) if n is not None]
    counts = [0, 1, 2, 3] + [n + d for n in bounds for d in (-1, 0, 1) if n + d >= 0]
    if valid_looking:
        counts = [c for c in counts if (info["min"] or 0) <= c <= (info["max"] if info["max"] is not None else 4)] or [1]
    elements = []
    for _ in range(min(rng.choice(counts), 6)):
        if not valid_looking and rng.random() < 0.05:
            elements.append(rng.choice([None, "x", [], Num("2")]))
            continue
        element = {}
        for number in info["fields"]:
            relative = fields[number]["path"][len(group.split(".")) + 1 :]
            value = values_of(number)
            if value is MISSING:
                continue
            if not relative:
                element = value
                break
            node = element
            for segment in relative[:-1]:
                node = node.setdefault(segment, {})
            node[relative[-1]] = value
        for child in info["children"]:
            if isinstance(element, dict) and rng.random() < 0.8:
                element[groups[child]["segments"][-1]] = group_record(groups, fields, child, rng, values_of, valid_looking)
        elements.append(element)
    return elements


def flattened(prefix, value):
    """`value` as flat keys under `prefix` (`items.0.name`), as a form post sends an array."""
    if isinstance(value, list):
        return [pair for i, element in enumerate(value) for pair in flattened(f"{prefix}.{i}", element)]
    if isinstance(value, dict) and value:
        return [pair for key, inner in value.items() for pair in flattened(f"{prefix}.{key}", inner)]
    return [(prefix, value)]


MISSING = object()


def accepted_values(spec, extra, field, pool, binary):
    """The values of `pool` pureform accepts for `field` alone (`validate --field`), to build valid-looking records."""
    lines = []
    for value in pool:
        record = nest(field["path"], value)
        lines.append(dump(record, ascii_only=False))
    with tempfile.NamedTemporaryFile("w", suffix=".ndjson", delete=False, encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
        path = handle.name
    validated = run([binary, "validate", str(spec), *extra, "--field", field["key"], "--ndjson", "--input", path, "--format", "json"])
    Path(path).unlink()
    results = [json.loads(line) for line in validated.stdout.splitlines()]
    return [value for value, result in zip(pool, results) if result.get("valid") is True]


def groups_of(fields, model):
    """Each repeated group by template key: its direct fields, nested groups, array segments and bounds."""
    groups = {}
    bounds = {}
    for number, field in enumerate(fields):
        key = field["key"]
        group = group_of(key)
        chain = []
        while group is not None:
            chain.append(group)
            group = group_of(group)
        for inner, outer in zip(chain, chain[1:] + [None]):
            entry = groups.setdefault(inner, {"fields": [], "children": [], "parent": outer, "min": None, "max": None})
            entry["segments"] = inner.split(".")[len(outer.split(".")) + 1 :] if outer else inner.split(".")
            if outer is not None:
                groups.setdefault(outer, {"fields": [], "children": [], "parent": group_of(outer), "min": None, "max": None})
                if inner not in groups[outer]["children"]:
                    groups[outer]["children"].append(inner)
        if chain:
            groups[chain[0]]["fields"].append(number)
            for name in ("min", "max"):
                if field["items"].get(name) is not None and groups[chain[0]][name] is None:
                    groups[chain[0]][name] = field["items"][name]
    return groups


def records_for(fields, count, rng, pools, accepted, groups):
    records = []
    for index in range(count):
        if index % 97 == 96:
            records.append(rng.choice([[], "record", Num("5"), None]))
            continue
        values = {}
        # A third of the records are valid-looking (each value one pureform accepts for its field alone).
        valid_looking = rng.random() < 0.35
        absent_rate = 0.0 if valid_looking else rng.choice([0.0, 0.1, 0.4])
        keep_good = 1.0 if valid_looking else 0.85
        def value_of(number):
            if rng.random() < absent_rate:
                return MISSING
            good = accepted[number]
            return rng.choice(good if good and rng.random() < keep_good else pools[number])

        for number, field in enumerate(fields):
            if field["group"] is not None:
                continue
            value = value_of(number)
            if value is not MISSING:
                values[number] = value
        for number, field in enumerate(fields):
            copied = [field["neighbours"].get(name) for name, _ in field["validators"]] + [field["same_as"]]
            for neighbour in copied:
                if field["group"] is not None:
                    break
                if neighbour is not None and neighbour in values and (valid_looking or rng.random() < 0.7):
                    values[number] = values[neighbour]
        record = {}
        if rng.random() < 0.2:
            record["unrelated_key"] = rng.choice(["x", Num("1"), None])
        for number, value in values.items():
            place(record, fields[number], value, rng)
        for group, info in groups.items():
            if info["parent"] is not None or rng.random() < absent_rate:
                continue
            array = group_record(groups, fields, group, rng, value_of, valid_looking)
            if isinstance(array, list) and rng.random() < 0.2:
                record.update(flattened(group, array))
            elif len(info["segments"]) == 1:
                record[info["segments"][0]] = array
            else:
                node = record
                for segment in info["segments"][:-1]:
                    node = node.setdefault(segment, {})
                node[info["segments"][-1]] = array
        records.append(record)
    return records


def check(spec, extra, count, seed, binary, verbose=False):
    label = (spec.name if spec.parent.name != "pureform-readme" else f"pureform-readme/{spec.name}") + (" " + " ".join(extra) if extra else "")
    emitted = run([binary, "schema", str(spec), *extra])
    if emitted.returncode != 0:
        print(f"{label}: pureform schema exited {emitted.returncode}\n{emitted.stderr}")
        return False, 0.0
    schema = json.loads(emitted.stdout)
    Draft202012Validator.check_schema(schema)
    # With format assertion on (`format` date, date-time and uuid refuse): it is the stricter of the two, so a
    # record it accepts the other accepts too, and no record pureform accepts may fail it.
    asserting = Draft202012Validator(schema, format_checker=Draft202012Validator.FORMAT_CHECKER)
    model = json.loads(run([binary, "check", "-Wno-PF317", str(spec), "--emit", "model"]).stdout, parse_float=FloatText)
    fields = fields_of(model)
    rng = random.Random(f"{seed}:{label}")
    samples = sample_records(spec)
    pools = [candidates(f, random.Random(f"{seed}:{label}:{f['key']}"), sample_values(f, samples)) for f in fields]
    accepted = [accepted_values(spec, extra, f, pool, binary) for f, pool in zip(fields, pools)]
    records = records_for(fields, count, rng, pools, accepted, groups_of(fields, model))
    lines = [dump(r, ascii_only=(i % 3 == 0)) for i, r in enumerate(records)]
    with tempfile.NamedTemporaryFile("w", suffix=".ndjson", delete=False, encoding="utf-8") as handle:
        handle.write("\n".join(lines) + "\n")
        path = handle.name
    validated = run([binary, "validate", str(spec), *extra, "--ndjson", "--input", path, "--format", "json"])
    Path(path).unlink()
    if validated.returncode not in (0, 1):
        print(f"{label}: pureform validate exited {validated.returncode}\n{validated.stderr}")
        return False, 0.0
    results = [json.loads(line) for line in validated.stdout.splitlines()]
    agree = looser = accepted = 0
    stricter = []
    for line, result in zip(lines, results):
        instance = json.loads(line)
        by_schema = asserting.is_valid(instance)
        by_pureform = result.get("valid") is True
        accepted += by_pureform
        if by_schema == by_pureform:
            agree += 1
        elif by_schema:
            looser += 1
            if verbose:
                print(f"  looser: {line}\n    {result.get('failures')}")
        else:
            stricter.append((line, next(asserting.iter_errors(instance)).message))
    total = len(results)
    print(
        f"{label}: {total} records, agreement {100.0 * agree / total:.1f}% ({agree}), pureform accepts {accepted}, "
        f"schema looser on {looser}, stricter on {len(stricter)}"
    )
    for line, why in stricter[:10]:
        print(f"  schema rejects what pureform accepts: {line}\n    {why}")
    return not stricter and total == len(lines), 100.0 * agree / total


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(ROOT / ".build" / "debug" / "pureform"))
    parser.add_argument("--records", type=int, default=600)
    parser.add_argument("--seed", default="13")
    parser.add_argument("--verbose", action="store_true", help="also print every record where the schema is looser")
    parser.add_argument("specs", nargs="*", help="specs to check (default: Specs/*.json, Specs/pureform-readme/*.json, Specs/schema/*.json)")
    args = parser.parse_args()
    settings = [
        s for s in sorted((ROOT / "Specs" / "settings").glob("*.json"))
        if json.loads(s.read_text()).get("keyboardTypeValidation") is True
    ]
    configurations = [[]] + [["--settings", str(s.relative_to(ROOT))] for s in settings]
    ok = True
    checked = 0
    rates = []
    specs = [ROOT / spec for spec in args.specs] or (
        sorted((ROOT / "Specs").glob("*.json")) + sorted((ROOT / "Specs" / "pureform-readme").glob("*.json"))
        + sorted((ROOT / "Specs" / "schema").glob("*.json"))
    )
    specs = [spec for spec in specs if not spec.name.endswith(".tests.json")]  # cases files are never specs
    for spec in specs:
        for extra in configurations:
            passed, rate = check(spec.relative_to(ROOT), extra, args.records, args.seed, args.bin, args.verbose)
            ok = ok and passed
            rates.append(rate)
            checked += 1
    verdict = "no record the schema rejects and pureform accepts" if ok else "FAILED: the schema rejects records pureform accepts"
    print(f"schema-agreement: {checked} runs, agreement {min(rates):.1f}% to {max(rates):.1f}%, {verdict}")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Checks the JSON Schemas in Schemas/ and the spec files in Specs/ against them.

1. Schemas/pureform-spec.schema.json and Schemas/check-output.schema.json must be valid draft 2020-12 schemas.
2. Every Specs/**/*.json spec must be valid against pureform-spec.schema.json, except invalid specs
   (under a folder named invalid/) and files that are not specs: sample inputs and tables (*.input.json,
   *.values.json, *.strings.json, *.settings.json, or anything under a folder named inputs/, values/,
   strings/ or settings/).
3. Every Specs/**/*.check.json (a golden `pureform check --format json` output, wherever it is) must be
   valid against check-output.schema.json.

Prints one line per file, then `N passed, M failed`; exits 1 if anything failed.
Usage: scripts/check_schemas.py [REPO_ROOT]   (default: the directory above this script)
"""

import json
import sys
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, best_match

SPEC_SCHEMA = Path("Schemas/pureform-spec.schema.json")
CHECK_SCHEMA = Path("Schemas/check-output.schema.json")
SAMPLE_SUFFIXES = (".input.json", ".values.json", ".strings.json", ".settings.json")
SKIPPED_FOLDERS = {"invalid", "inputs", "values", "strings", "settings"}
CHECK_SUFFIX = ".check.json"


def describe(error):
    """One line naming where in the instance the error is and what it is."""
    where = "/".join(str(part) for part in error.absolute_path)
    return f"at /{where}: {error.message}"


def load_json(path):
    """The parsed JSON of a file; raises ValueError with a readable reason when it is not JSON."""
    try:
        with path.open(encoding="utf-8") as handle:
            return json.load(handle)
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as error:
        raise ValueError(f"not readable as JSON: {error}") from error


def main(argv):
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent
    passed = 0
    failed = 0

    def report(path, problem):
        nonlocal passed, failed
        shown = path.relative_to(root)
        if problem is None:
            passed += 1
            print(f"ok   {shown}")
        else:
            failed += 1
            print(f"FAIL {shown}: {problem}")

    validators = {}
    for relative in (SPEC_SCHEMA, CHECK_SCHEMA):
        path = root / relative
        try:
            schema = load_json(path)
            Draft202012Validator.check_schema(schema)
        except ValueError as error:
            report(path, str(error))
            continue
        except SchemaError as error:
            report(path, f"not a valid draft 2020-12 schema {describe(error)}")
            continue
        validators[relative] = Draft202012Validator(schema)
        report(path, None)

    specs_dir = root / "Specs"
    files = sorted(specs_dir.rglob("*.json")) if specs_dir.is_dir() else []
    for path in files:
        relative = path.relative_to(specs_dir)
        name = path.name
        if name.endswith(CHECK_SUFFIX):
            schema_path = CHECK_SCHEMA
        elif name.endswith(SAMPLE_SUFFIXES) or SKIPPED_FOLDERS.intersection(relative.parts[:-1]):
            continue
        else:
            schema_path = SPEC_SCHEMA
        validator = validators.get(schema_path)
        if validator is None:
            report(path, f"not checked: {schema_path} is unusable")
            continue
        try:
            instance = load_json(path)
        except ValueError as error:
            report(path, str(error))
            continue
        error = best_match(validator.iter_errors(instance))
        report(path, None if error is None else describe(error))

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

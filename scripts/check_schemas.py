#!/usr/bin/env python3
"""Checks the JSON Schemas in Schemas/ and the spec files in Specs/ against them.

1. Schemas/pureform-spec.schema.json and Schemas/check-output.schema.json must be valid draft 2020-12 schemas.
2. Every Specs/**/*.json spec must be valid against pureform-spec.schema.json, except invalid specs
   (under a folder named invalid/) and files that are not specs: sample inputs and tables (*.input.json,
   *.values.json, *.strings.json, *.settings.json, or anything under a folder named inputs/, values/,
   strings/ or settings/).
3. Every Specs/**/*.check.json (a golden `pureform check --format json` output, wherever it is: the
   goldens are in Specs/invalid/expected/) must be valid against check-output.schema.json.
4. Schemas/validate-output.schema.json must be a valid draft 2020-12 schema, and, when the debug binary
   .build/debug/pureform exists, the output of `pureform validate SPEC --input INPUT --format json` (plain,
   with --all-failures, with --flat, and with --changed-from Specs/inputs/NAME.json, whose output alone has
   `changed`) must be valid against it for every sample input
   Specs/inputs/NAME.json, where SPEC is Specs/NAME.json or, for NAME-variant.json, the spec named by the
   longest such prefix (Specs/inputs/login-invalid.json goes with Specs/login.json).
5. Likewise every line `pureform validate SPEC --input Specs/inputs/NAME.ndjson --format json` prints (with
   --jobs 1 and --jobs 2, then both again with --id email --no-values, whose lines have `id` second and no
   `values`) must be valid against validate-output.schema.json, one per input line, numbered in order, and
   the exit status must be 0 exactly when every line is valid.
6. Schemas/serve-error.schema.json must be a valid draft 2020-12 schema, and every error body the serving
   guides show (docs/serving.md, docs/host.md: a line starting `{"error":`, or `# {"error":` in a session)
   must be valid against it.
7. Schemas/test-cases.schema.json must be a valid draft 2020-12 schema, and every cases file of `pureform test`
   (Specs/**/*.tests.json) must be valid against it and name it in its `$schema`.
8. `pureform check --format json` on a file that does not exist (a PF001 diagnostic, exit 2) must print a
   document valid against check-output.schema.json.

Prints one line per file, then `N passed, M failed`; exits 1 if anything failed.
Usage: scripts/check_schemas.py [REPO_ROOT]   (default: the directory above this script)
"""

import json
import subprocess
import sys
from pathlib import Path

from jsonschema import Draft202012Validator
from jsonschema.exceptions import SchemaError, best_match

SPEC_SCHEMA = Path("Schemas/pureform-spec.schema.json")
CHECK_SCHEMA = Path("Schemas/check-output.schema.json")
VALIDATE_SCHEMA = Path("Schemas/validate-output.schema.json")
ERROR_SCHEMA = Path("Schemas/serve-error.schema.json")
CASES_SCHEMA = Path("Schemas/test-cases.schema.json")
CASES_SUFFIX = ".tests.json"
# The guides whose error bodies (a line `{"error":…` or `# {"error":…`, up to its closing `}`) must be valid
# against ERROR_SCHEMA.
ERROR_GUIDES = (Path("docs/serving.md"), Path("docs/host.md"))
# The pipeline flags each NDJSON sample is also validated with: an `id` second, no `values`.
PIPELINE_FLAGS = ["--id", "email", "--no-values"]
BINARY = Path(".build/debug/pureform")
VALIDATE_VARIANTS = ([], ["--all-failures"], ["--flat"])
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


def spec_for_input(specs_dir, input_path):
    """The spec a sample input belongs to: Specs/NAME.json (or Specs/pureform-readme/NAME.json, PureForm's own
    forms), else the longest `-` prefix of NAME that is one."""
    stem = input_path.stem
    while True:
        for folder in (specs_dir, specs_dir / "pureform-readme"):
            candidate = folder / f"{stem}.json"
            if candidate.is_file():
                return candidate
        if "-" not in stem:
            return None
        stem = stem.rsplit("-", 1)[0]


def validate_outputs(root, validator, report):
    """Runs `pureform validate --format json` on every sample input and checks stdout against the schema."""
    binary = root / BINARY
    inputs_dir = root / "Specs" / "inputs"
    if validator is None or not binary.is_file() or not inputs_dir.is_dir():
        print(f"skip validate outputs: {BINARY} not built" if not binary.is_file() else "skip validate outputs")
        return
    for input_path in sorted(inputs_dir.glob("*.json")):
        spec = spec_for_input(root / "Specs", input_path)
        if spec is None:
            report(input_path, "no spec in Specs/ for this sample input")
            continue
        # An edit from the spec's first sample record (itself, for that one: nothing changed).
        base = inputs_dir / f"{spec.stem}.json"
        edit = [["--changed-from", str(base.relative_to(root))]] if base.is_file() else []
        for variant in [*VALIDATE_VARIANTS, *edit]:
            command = [str(binary), "validate", str(spec.relative_to(root)), "--input",
                       str(input_path.relative_to(root)), "--format", "json", *variant]
            shown = " ".join(["pureform", *command[1:]])
            run = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=60)
            if run.returncode not in (0, 1):
                report(input_path, f"`{shown}` exited {run.returncode}: {run.stderr.strip()}")
                continue
            if run.stderr:
                report(input_path, f"`{shown}` wrote to stderr with --format json: {run.stderr.strip()}")
                continue
            try:
                instance = json.loads(run.stdout)
            except json.JSONDecodeError as error:
                report(input_path, f"`{shown}` did not print JSON: {error}")
                continue
            error = best_match(validator.iter_errors(instance))
            problem = None if error is None else f"`{shown}` output {describe(error)}"
            if problem is None and ("changed" in instance) != ("--changed-from" in variant):
                problem = f"`{shown}` printed `changed` only with --changed-from: {'changed' in instance}"
            if problem is None and instance["valid"] != (run.returncode == 0):
                problem = f"`{shown}` exited {run.returncode} but printed valid={instance['valid']}"
            report(input_path, problem, f" (validate {spec.relative_to(root)} {' '.join(variant)})".replace(" )", ")"))


def validate_error_bodies(root, validator, report):
    """Checks every error body the serving guides show against the error schema, each with its line."""
    if validator is None:
        return
    for guide in ERROR_GUIDES:
        for number, line in enumerate((root / guide).read_text(encoding="utf-8").splitlines(), start=1):
            text = line.removeprefix("# ").strip().strip("`")
            if not text.startswith('{"error":'):
                continue
            body = text[: text.rindex("}") + 1]
            try:
                instance = json.loads(body)
            except json.JSONDecodeError as error:
                report(root / guide, f"line {number}: an error body that is not JSON: {error}")
                continue
            error = best_match(validator.iter_errors(instance))
            report(root / guide, None if error is None else describe(error), f":{number} (error body)")


def validate_ndjson_outputs(root, validator, report):
    """Runs `pureform validate --format json` on every NDJSON sample input and checks each output line."""
    binary = root / BINARY
    inputs_dir = root / "Specs" / "inputs"
    if validator is None or not binary.is_file() or not inputs_dir.is_dir():
        return
    for input_path in sorted(inputs_dir.glob("*.ndjson")):
        spec = spec_for_input(root / "Specs", input_path)
        if spec is None:
            report(input_path, "no spec in Specs/ for this sample input")
            continue
        expected_lines = input_path.read_bytes().count(b"\n")
        for jobs, extra in (("1", []), ("2", []), ("1", PIPELINE_FLAGS), ("2", PIPELINE_FLAGS)):
            command = [str(binary), "validate", str(spec.relative_to(root)), "--input",
                       str(input_path.relative_to(root)), "--format", "json", "--jobs", jobs, *extra]
            shown = " ".join(["pureform", *command[1:]])
            run = subprocess.run(command, cwd=root, capture_output=True, text=True, timeout=60)
            problem = None
            lines = run.stdout.splitlines()
            if run.returncode not in (0, 1) or run.stderr:
                problem = f"`{shown}` exited {run.returncode}: {run.stderr.strip()}"
            elif len(lines) != expected_lines:
                problem = f"`{shown}` printed {len(lines)} lines for {expected_lines} input lines"
            else:
                all_valid = True
                for number, text in enumerate(lines, start=1):
                    try:
                        instance = json.loads(text)
                    except json.JSONDecodeError as error:
                        problem = f"`{shown}` line {number} is not JSON: {error}"
                        break
                    error = best_match(validator.iter_errors(instance))
                    if error is not None:
                        problem = f"`{shown}` line {number} {describe(error)}"
                        break
                    if list(instance)[0] != "line" or instance["line"] != number:
                        problem = f"`{shown}` line {number} does not start with \"line\": {number}"
                        break
                    if extra and (list(instance)[1] != "id" or "values" in instance):
                        problem = f"`{shown}` line {number} has no \"id\" second, or has \"values\""
                        break
                    all_valid = all_valid and instance.get("valid") is True
                if problem is None and all_valid != (run.returncode == 0):
                    problem = f"`{shown}` exited {run.returncode} but all lines valid is {all_valid}"
            report(input_path, problem, f" (validate {spec.relative_to(root)} --jobs {jobs}{''.join(' ' + flag for flag in extra)})")


def validate_unreadable_output(root, validator, report):
    """Runs `pureform check --format json` on a missing file and checks its PF001 document."""
    binary = root / BINARY
    if validator is None or not binary.is_file():
        return
    missing = "Specs/no-such-spec.json"
    run = subprocess.run([str(binary), "check", "--format", "json", missing], cwd=root, capture_output=True,
                         text=True, timeout=60)
    problem = None
    try:
        instance = json.loads(run.stdout)
        error = best_match(validator.iter_errors(instance))
        if run.returncode != 2:
            problem = f"exited {run.returncode}, not 2"
        elif error is not None:
            problem = describe(error)
        elif [d["code"] for d in instance["diagnostics"]] != ["PF001"]:
            problem = "the document does not hold exactly one PF001"
    except json.JSONDecodeError as error:
        problem = f"not JSON: {error}"
    report(root / missing, problem, " (check --format json, unreadable)")


def main(argv):
    root = Path(argv[1]) if len(argv) > 1 else Path(__file__).resolve().parent.parent
    passed = 0
    failed = 0

    def report(path, problem, detail=""):
        nonlocal passed, failed
        shown = f"{path.relative_to(root)}{detail}"
        if problem is None:
            passed += 1
            print(f"ok   {shown}")
        else:
            failed += 1
            print(f"FAIL {shown}: {problem}")

    validators = {}
    for relative in (SPEC_SCHEMA, CHECK_SCHEMA, VALIDATE_SCHEMA, ERROR_SCHEMA, CASES_SCHEMA):
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
        elif name.endswith(CASES_SUFFIX):
            schema_path = CASES_SCHEMA
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
        problem = None if error is None else describe(error)
        if problem is None and schema_path == CASES_SCHEMA and not str(instance.get("$schema", "")).endswith(
            CASES_SCHEMA.name
        ):
            problem = f"its $schema does not name {CASES_SCHEMA.name}"
        report(path, problem)

    validate_outputs(root, validators.get(VALIDATE_SCHEMA), report)
    validate_error_bodies(root, validators.get(ERROR_SCHEMA), report)
    validate_ndjson_outputs(root, validators.get(VALIDATE_SCHEMA), report)
    validate_unreadable_output(root, validators.get(CHECK_SCHEMA), report)

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

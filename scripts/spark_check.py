#!/usr/bin/env python3
"""pureform as a Spark filter, checked: the recipes of docs/scaling.md run on generated records in local[N].

  python3 scripts/spark_check.py [--records N] [--partitions P] [--cores C]   (make test: 100,000, 4, 2)

1. installs what is missing: pyspark (pinned, pip) and a Java 17 runtime (Debian's
   openjdk-17-jre-headless, apt-get) when `java` is absent
2. writes N signup records (Specs/signup.json) with an "id" member each: valid ones, invalid ones, one in
   1,000 holding a byte that is not UTF-8, one in 5,000 that is not JSON
3. validates them in one process (`pureform validate … --ndjson --id id --no-values --exit-zero`): the
   reference verdicts by id
4. runs deploy/spark/validate_bytes.scala (the JVM recipe: spark-shell, Hadoop Text bytes fed to pureform)
   and deploy/spark/validate_pyspark.py (RDD.pipe) in local[C] over P partitions
5. checks each: one result per record, every record's verdict by id equal to the reference (records that
   are not JSON have id null: their count and errors are compared), and what became of the records with
   invalid UTF-8: refused as on one process by the JVM recipe; validated as text holding U+FFFD by PySpark,
   whose text reader decodes before pureform sees them (the recipe says so)
Prints one summary line per recipe and exits 1 on any difference. The debug build's `pureform` is put on
PATH unless PUREFORM_BIN names another.
"""

import argparse
import collections
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYSPARK_VERSION = "4.3.0"
SPEC = "Specs/signup.json"
PUREFORM_FLAGS = ["--ndjson", "--format", "json", "--exit-zero", "--id", "id", "--no-values"]


def ensure_installed():
    """Installs pyspark and a Java runtime when missing; returns the spark-shell path."""
    if shutil.which("java") is None:
        subprocess.run(["bash", str(ROOT / "scripts" / "apt_install.sh"), "spark-check", "openjdk-17-jre-headless"],
                       check=True)
    try:
        import pyspark  # noqa: F401
        if pyspark.__version__ != PYSPARK_VERSION:
            raise ImportError(pyspark.__version__)
    except ImportError:
        print(f"spark-check: installing pyspark=={PYSPARK_VERSION} with pip", file=sys.stderr)
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", f"pyspark=={PYSPARK_VERSION}"], check=True)
    found = subprocess.run([sys.executable, "-c", "import pyspark, os; print(os.path.dirname(pyspark.__file__))"],
                           check=True, capture_output=True, text=True).stdout.strip()
    return str(Path(found) / "bin" / "spark-shell")


def records(count):
    """The generated lines, as bytes without their line feeds."""
    names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Edsger Dijkstra", "Barbara Liskov", "Ken"]
    for number in range(1, count + 1):
        if number % 5000 == 0:
            yield b'{"id": %d, "email": "broken@example.com",,}' % number
            continue
        name = names[number % len(names)]
        password = "secret%d" % (number % 97) if number % 7 else "abc"
        record = {
            "id": number if number % 3 else f"r-{number}",
            "email": f"user{number}@example.com" if number % 11 else f"user{number}",
            "password": password,
            "password_confirm": password if number % 13 else password + "x",
            "full_name": name,
            "age": 13 + number % 60,
            "zip": "%05d" % (number % 100000) if number % 17 else "123",
        }
        line = json.dumps(record, separators=(",", ":")).encode()
        if number % 1000 == 0:
            line = line.replace(name.encode(), name.encode()[:3] + b"\xff" + name.encode()[3:])
        yield line


def verdicts(lines):
    """Result lines → (verdict by id, errors of records without an id, count)."""
    by_id = {}
    orphans = collections.Counter()
    count = 0
    for text in lines:
        if not text.strip():
            continue
        count += 1
        result = json.loads(text)
        verdict = result["error"] if "error" in result else ("valid" if result["valid"] else "invalid")
        if result.get("id") is None:
            # "1:113: invalid UTF-8 byte …": the kind of error, without where in the line it was.
            orphans[verdict.split(": ", 1)[-1] if "error" in result else verdict] += 1
        else:
            key = json.dumps(result["id"])
            if key in by_id:
                raise SystemExit(f"spark-check: two results for id {key}")
            by_id[key] = verdict
    return by_id, orphans, count


def output_lines(folder):
    """The lines of Spark's part files."""
    for part in sorted(Path(folder).glob("part-*")):
        yield from part.read_text(encoding="utf-8").splitlines()


def compare(name, reference, got, count, invalid_utf8_ids, expect_refused, seconds, partitions, cores):
    """Prints the recipe's summary line; returns False on a difference."""
    ref_ids, ref_orphans, ref_count = reference
    ids, orphans, results = got
    problems = []
    if results != count:
        problems.append(f"{results} results for {count} records")
    utf8 = {key for key in invalid_utf8_ids}
    differing = [key for key in ref_ids if key not in utf8 and ids.get(key) != ref_ids[key]]
    if differing:
        problems.append(f"{len(differing)} verdicts differ (first: id {differing[0]}: {ids.get(differing[0])} "
                        f"instead of {ref_ids[differing[0]]})")
    extra = set(ids) - set(ref_ids) - utf8
    if extra:
        problems.append(f"{len(extra)} ids not in the reference")
    if expect_refused:
        # Refused as on one process: those records are malformed (id null), with the same errors.
        if orphans != ref_orphans:
            problems.append(f"errors of records without an id differ: {dict(orphans)} vs {dict(ref_orphans)}")
        kept = [key for key in utf8 if key in ids]
        if kept:
            problems.append(f"{len(kept)} records with invalid UTF-8 were not refused")
        utf8_note = f"{len(utf8)} records with invalid UTF-8 refused as on one process"
    else:
        replaced = [key for key in utf8 if key in ids]
        if len(replaced) != len(utf8):
            problems.append(f"{len(utf8) - len(replaced)} records with invalid UTF-8 lost their id")
        utf8_note = (f"{len(replaced)} records with invalid UTF-8 reached pureform as U+FFFD (Spark's text "
                     f"reader) and were validated: {collections.Counter(ids[k] for k in replaced).most_common()}")
    same = len(ref_ids) - len(utf8) - len(differing)
    verdict = "FAIL: " + "; ".join(problems) if problems else "PASS"
    print(f"spark-check: {name}, local[{cores}], {partitions} partitions: {count:,} records, {results:,} results, "
          f"{same:,} verdicts by id equal to one process, {sum(orphans.values())} records without an id "
          f"({dict(orphans)}); {utf8_note}; {seconds:.1f} s: {verdict}")
    fate = "refused" if expect_refused else "validated as U+FFFD"
    short = (f"{name.split(' (')[0]}: {results:,} results, verdicts {'equal' if not differing else 'DIFFER'}, "
             f"{len(utf8)} invalid UTF-8 {fate}")
    return not problems, short


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--records", type=int, default=100_000)
    parser.add_argument("--partitions", type=int, default=4)
    parser.add_argument("--cores", type=int, default=2)
    args = parser.parse_args()
    started = time.time()
    spark_shell = ensure_installed()
    binary = Path(os.environ.get("PUREFORM_BIN", ROOT / ".build" / "debug" / "pureform")).resolve()
    if not binary.is_file():
        raise SystemExit(f"spark-check: no pureform binary at {binary} (run `swift build`, or set PUREFORM_BIN)")
    env = dict(os.environ, PATH=f"{binary.parent}{os.pathsep}{os.environ['PATH']}")
    work = Path(tempfile.mkdtemp(prefix="pureform-spark-"))
    try:
        data = work / "records.ndjson"
        invalid_utf8_ids = []
        with data.open("wb") as file:
            for line in records(args.records):
                file.write(line + b"\n")
                if b"\xff" in line:
                    invalid_utf8_ids.append(json.dumps(json.loads(line.decode("utf-8", "replace"))["id"]))
        # Several input files, so Spark makes at least `partitions` splits however small the data.
        lines = data.read_bytes().splitlines(keepends=True)
        data.unlink()
        (work / "in").mkdir()
        size = -(-len(lines) // args.partitions)
        for index in range(args.partitions):
            (work / "in" / f"part-{index}.ndjson").write_bytes(b"".join(lines[index * size:(index + 1) * size]))
        local = subprocess.run(
            ["pureform", "validate", SPEC, "--input", "-", *PUREFORM_FLAGS],
            input=b"".join(lines), capture_output=True, env=env, cwd=ROOT, check=True)
        reference = verdicts(local.stdout.decode().splitlines())
        ok = True
        shorts = []

        def recipe(label, name, command, recipe_env, refuses_invalid_utf8):
            """Runs one recipe into work/NAME and compares its verdicts with the single-process ones."""
            begin = time.time()
            run = subprocess.run(command, env=recipe_env, cwd=ROOT, capture_output=True, text=True,
                                 stdin=subprocess.DEVNULL)
            if run.returncode != 0 or not (work / name / "_SUCCESS").exists():
                print(run.stdout[-3000:], run.stderr[-3000:], file=sys.stderr)
                raise SystemExit(f"spark-check: the {label.split(' (')[0]} failed (exit {run.returncode})")
            return compare(label, reference, verdicts(output_lines(work / name)), args.records, invalid_utf8_ids,
                           refuses_invalid_utf8, time.time() - begin, args.partitions, args.cores)

        jvm_env = dict(env, PUREFORM_SPEC=str(ROOT / SPEC), PUREFORM_INPUT=str(work / "in"),
                       PUREFORM_OUTPUT=str(work / "jvm"))
        runs = [
            recipe("JVM recipe (spark-shell, Text bytes)", "jvm",
                   [spark_shell, "--master", f"local[{args.cores}]", "-i",
                    str(ROOT / "deploy" / "spark" / "validate_bytes.scala")], jvm_env, True),
            recipe("PySpark recipe (RDD.pipe)", "py",
                   [sys.executable, str(ROOT / "deploy" / "spark" / "validate_pyspark.py"), str(ROOT / SPEC),
                    str(work / "in"), str(work / "py"), f"local[{args.cores}]"], env, False),
        ]
        for passed, short in runs:
            ok &= passed
            shorts.append(short)
        print(f"spark-check: {args.records:,} records, local[{args.cores}], {args.partitions} partitions; "
              f"{'; '.join(shorts)}: {'PASS' if ok else 'FAIL'} ({time.time() - started:.1f} s in all)")
        return 0 if ok else 1
    finally:
        shutil.rmtree(work, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""`make test-spec-tests`: the example specs' cases (Specs/*.tests.json) through `pureform test`.

1. `pureform test Specs --coverage --min-coverage 100 --page` exits 0: every case passes on the server and on the
   page `pureform render` writes (headless Chromium), and every spec's rules are covered.
2. `pureform test Specs --format junit` is read by junitparser, a real JUnit consumer: one suite per spec, one
   case per cases-file case, none failed, each with its cases file and line; the counts agree with the text
   output's last line.
3. For every spec, `pureform test SPEC --generate` gives the same bytes twice, and the file it writes passes.

Prints one line per check, then `N passed, M failed`; exits 1 if anything failed.
Usage: scripts/check_spec_tests.py [--bin .build/debug/pureform]
"""
import argparse
import json
import subprocess
import sys
import tempfile
from pathlib import Path

from junitparser import Failure, JUnitXml

ROOT = Path(__file__).resolve().parent.parent


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--bin", default=str(ROOT / ".build/debug/pureform"))
    binary = parser.parse_args().bin
    specs = sorted(p for p in (ROOT / "Specs").glob("*.json") if not p.name.endswith(".tests.json"))
    passed = failed = 0

    def report(name, problem):
        nonlocal passed, failed
        if problem:
            failed += 1
            print(f"FAIL {name}: {problem}")
        else:
            passed += 1
            print(f"ok   {name}")

    run = subprocess.run([binary, "test", "Specs", "--coverage", "--min-coverage", "100", "--page"], cwd=ROOT,
                         capture_output=True, text=True)
    last = run.stdout.splitlines()[-1] if run.stdout else ""
    report("pureform test Specs --coverage --min-coverage 100 --page",
           None if run.returncode == 0 else f"exit {run.returncode}: {run.stdout}{run.stderr}")

    junit = subprocess.run([binary, "test", "Specs", "--format", "junit"], cwd=ROOT, capture_output=True, text=True)
    with tempfile.TemporaryDirectory() as work:
        path = Path(work) / "report.xml"
        path.write_text(junit.stdout)
        xml = JUnitXml.fromfile(str(path))
        suites = list(xml)
        problems = []
        if [suite.name for suite in suites] != [f"Specs/{spec.name}" for spec in specs]:
            problems.append(f"suites {[suite.name for suite in suites]}")
        total = 0
        for suite, spec in zip(suites, specs):
            cases = json.loads(spec.with_name(spec.stem + ".tests.json").read_text())["cases"]
            names = [case.name for case in suite]
            total += len(names)
            if names != [case["name"] for case in cases]:
                problems.append(f"{suite.name}: cases {names}")
            for case in suite:
                if any(isinstance(result, Failure) for result in case.result):
                    problems.append(f"{suite.name}: {case.name} failed")
                if case._elem.get("file") != f"Specs/{spec.stem}.tests.json" or not case._elem.get("line"):
                    problems.append(f"{suite.name}: {case.name} has no file and line")
        if xml.tests != total or xml.failures != 0 or last != f"{total} passed, 0 failed":
            problems.append(f"junit counts {xml.tests} tests, {xml.failures} failures; text says {last!r}")
        report(f"junitparser reads pureform test --format junit ({total} cases)", "; ".join(problems))

        for spec in specs:
            relative = spec.relative_to(ROOT)
            first = subprocess.run([binary, "test", str(relative), "--generate"], cwd=ROOT, capture_output=True)
            second = subprocess.run([binary, "test", str(relative), "--generate"], cwd=ROOT, capture_output=True)
            generated = Path(work) / f"{spec.stem}.tests.json"
            generated.write_bytes(first.stdout)
            result = subprocess.run([binary, "test", str(relative), "--cases", str(generated)], cwd=ROOT,
                                    capture_output=True, text=True)
            problem = None
            if first.returncode != 0 or first.stdout != second.stdout:
                problem = "--generate failed or gave other bytes the second time"
            elif result.returncode != 0:
                problem = f"the generated cases do not pass: {result.stdout}{result.stderr}"
            report(f"{relative} --generate is a snapshot that passes", problem)

    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Runs one stage of `make test` quietly: a short summary when it passes, everything that matters when not.

usage: scripts/quietly.py NAME [--swift-test] -- COMMAND [ARG...]

The command's standard output and standard error go to .build/logs/NAME.txt (for NAME `swift-test`, to
.build/test-output.txt, where CI and people look for the whole log), and a line `NAME<TAB>SECONDS s` with its
wall time to .build/logs/stage-times.txt. Then:

- Lines with `warning:` or `error:` are always printed (a build must stay free of warnings), except
  SwiftPM's warnings about a dependency's own layout (`warning: 'swift-distributed-tracing': found 1 file(s)
  which are unhandled`), which no change of this project can remove; they stay in the log.
- When the command exits 0, one line: `NAME: ` and the output's last line (its own summary, such as
  `63 passed, 0 failed` or `Build complete! (2.1s)`; without the prefix when it starts with `NAME: `
  already), or `NAME: ok` when there was no output.
- When it exits non-zero, the whole output, then `NAME: FAILED (exit N; log in PATH)`; this script then
  exits with the command's status, so make stops there.

With `--swift-test` the output is `swift test`'s: instead of every passing test, only the failing tests'
lines and their issues are printed (Swift Testing's `✘` lines with the `↳` details below them, XCTest's
`error:` and `failed` lines; the last 40 lines when a crash left none of those), and the last line is
always the `NAME: N passed, M failed` summary (`swift-test: …` is the one CI reads), counting Swift Testing's tests and XCTest's
test cases. M is the number of failing tests; N + M is the number of tests that ran.
"""

import re
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ALWAYS_SHOWN = re.compile(r"\b(warning|error):")
# SwiftPM's warnings about another package's layout: `warning: 'NAME': …` where NAME is not this package.
DEPENDENCY_WARNING = re.compile(r"^warning: '(?!pureform')[^']+': ")


def always_shown(line):
    """Whether a line is printed even when the stage passes: a warning or error of this project's."""
    return bool(ALWAYS_SHOWN.search(line)) and not DEPENDENCY_WARNING.match(line)
# Swift Testing: "✔ Test run with 812 tests in 97 suites passed after …" / "✘ Test run with 812 tests failed …".
TEST_RUN = re.compile(r"Test run with (\d+) tests?\b")
# A failing test (not a suite, not the run): "✘ Test name() failed after …" / "… with 3 test cases failed …".
FAILED_TEST = re.compile(r"^✘ Test (?!run with)(.+?) (?:with \d+ test cases? )?failed after ")
FAILURE_LINE = re.compile(r"^✘ ")
# The details Swift Testing prints under a line (shown only under a failure's line).
DETAIL_LINE = re.compile(r"^\s*↳")
# XCTest: "Executed 12 tests, with 1 failure (0 unexpected) in …" and "Test Case '…' failed (…)".
XCTEST_EXECUTED = re.compile(r"Executed (\d+) tests?, with (\d+) failures?")
XCTEST_FAILED = re.compile(r"Test Case '.*' failed")


def swift_test_report(name, lines, status):
    """The lines to print for a `swift test` run, its summary line last."""
    failing = []
    shown = []
    under_failure = False
    for line in lines:
        match = FAILED_TEST.match(line)
        if match and match.group(1) not in failing:
            failing.append(match.group(1))
        if DETAIL_LINE.match(line):
            if under_failure:
                shown.append(line)
            continue
        under_failure = bool(FAILURE_LINE.match(line) or XCTEST_FAILED.search(line))
        if under_failure or always_shown(line):
            shown.append(line)
    run_counts = [int(match.group(1)) for line in lines for match in [TEST_RUN.search(line)] if match]
    swift_testing = run_counts[-1] if run_counts else 0
    xctest = [(int(m.group(1)), int(m.group(2))) for line in lines for m in [XCTEST_EXECUTED.search(line)] if m]
    # XCTest prints a total for each bundle and one for all: the largest is the total.
    xctest_run, xctest_failed = max(xctest) if xctest else (0, 0)
    failed = len(failing) + xctest_failed
    if status != 0 and failed == 0:
        failed = 1  # a crash or a build error: no test says so, but the run failed
        if not shown:
            shown = lines[-40:]
    passed = max(swift_testing + xctest_run - failed, 0)
    return shown + [f"{name}: {passed} passed, {failed} failed"]


def main(argv):
    if "--" not in argv:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    split = argv.index("--")
    name, flags, command = argv[1], argv[2:split], argv[split + 1:]
    swift_test = "--swift-test" in flags
    log = ROOT / ".build" / ("test-output.txt" if name == "swift-test" else f"logs/{name}.txt")
    log.parent.mkdir(parents=True, exist_ok=True)
    started = time.monotonic()
    with log.open("wb") as handle:
        status = subprocess.run(command, cwd=ROOT, stdout=handle, stderr=subprocess.STDOUT).returncode
    # Each stage's wall time, for keeping CI's time in view (not printed: the output stays the stages' own).
    (ROOT / ".build" / "logs").mkdir(parents=True, exist_ok=True)
    with (ROOT / ".build" / "logs" / "stage-times.txt").open("a") as times:
        times.write(f"{name}\t{time.monotonic() - started:.0f} s\n")
    lines = log.read_text(encoding="utf-8", errors="replace").splitlines()
    shown_log = log.relative_to(ROOT)
    if swift_test:
        report = swift_test_report(name, lines, status)
        if status != 0:
            report.insert(-1, f"{name}: FAILED (exit {status}; log in {shown_log})")
        print("\n".join(report), flush=True)
        return status
    if status != 0:
        print("\n".join(lines))
        print(f"{name}: FAILED (exit {status}; log in {shown_log})", flush=True)
        return status
    for line in lines:
        if always_shown(line):
            print(line)
    summary = next((line for line in reversed(lines) if line.strip()), "ok")
    print(summary if summary.startswith(f"{name}: ") else f"{name}: {summary}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Runs every terminal example in README.md and checks that its output and exit status are what it shows.

A terminal example is a fenced code block whose first line starts with `$ `. Every line that starts with
`$ ` in it is one command; the lines after it, up to the next `$ ` line or the end of the block, are what
the command prints. The convention, which README.md repeats for its readers:

- Each command runs through `bash -c` from the repository root, with standard input empty and with
  .build/debug (the debug build that `swift build` makes) first on PATH, so `pureform` is that build.
  Pipelines and redirections work as in a shell (`echo '[1]' | pureform …`, `… 2>/dev/null | head -12`).
- What it prints is standard output and standard error together, in the order they were written, as a
  terminal shows them. The output's final newline is not shown, and every other line is compared exactly.
- `[exit N]` as the last line of a command's output means the command exits with status N; without it the
  command must exit 0 (so `[exit 0]` is never needed).
- A line that is only `…` (after any indentation) stands for any number of lines, none included.
- Any other line that ends in `…` matches one line that starts with the text before the `…` (trailing
  spaces before the `…` are part of that text).
- A command may not name a path outside the repository (`../`): every file an example uses is in it.
- The examples may not change the repository: `git status --porcelain` is the same before and after.

Prints one line per example block that failed (with the command, what was expected and what came), then
`readme: N commands in M examples, F failed`; exits 1 if any failed, 2 if the debug build is missing.
Usage: scripts/check_readme.py [README]   (default: README.md in the directory above this script)
"""

import os
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BINARY = ROOT / ".build" / "debug" / "pureform"
ELLIPSIS = "…"
EXIT_LINE = re.compile(r"^\[exit (\d+)\]$")
FENCE = re.compile(r"^```")
TIMEOUT_SECONDS = 60


def examples(text):
    """Yields (line number, [(line number, command, expected lines)]) for each fenced block whose first line
    is `$ …`, or (line number, None) for a block that names `$ pureform` without being one."""
    lines = text.split("\n")
    index = 0
    while index < len(lines):
        if not FENCE.match(lines[index]):
            index += 1
            continue
        start = index + 1
        end = start
        while end < len(lines) and not FENCE.match(lines[end]):
            end += 1
        body = lines[start:end]
        index = end + 1
        if not body or not body[0].startswith("$ "):
            if any(line.startswith("$ pureform") for line in body):
                yield start + 1, None  # a pureform command in a block that is not an example
            continue
        commands = []
        for offset, line in enumerate(body):
            if line.startswith("$ "):
                commands.append((start + offset + 1, line[2:], []))
            else:
                commands[-1][2].append(line)
        yield start + 1, commands


def matches(expected, got):
    """Whether the output lines `got` match the expected lines with the `…` conventions of the docstring."""
    if not expected:
        return not got
    first, rest = expected[0], expected[1:]
    if first.strip() == ELLIPSIS:
        return any(matches(rest, got[skip:]) for skip in range(len(got) + 1))
    if not got:
        return False
    if first.endswith(ELLIPSIS):
        ok = got[0].startswith(first[: -len(ELLIPSIS)])
    else:
        ok = got[0] == first
    return ok and matches(rest, got[1:])


def check_conventions():
    """Asserts the `…` conventions of the docstring on small cases, so the checker cannot drift from them."""
    assert matches(["a", "…", "d"], ["a", "b", "c", "d"])
    assert matches(["a", "  …", "b"], ["a", "b"])  # `…` may stand for no line, and may be indented
    assert matches(["ab…"], ["abc"]) and matches(["ab…"], ["ab"])
    assert not matches(["ab…"], ["ac"]) and not matches(["ab…"], ["abc", "d"])
    assert not matches(["a"], ["a", "b"]) and not matches(["a", "b"], ["a"]) and not matches(["a"], ["a "])


def run(command, env):
    """The command's output lines (stdout and stderr interleaved) and exit status."""
    completed = subprocess.run(
        ["bash", "-c", command], cwd=ROOT, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT, timeout=TIMEOUT_SECONDS)
    output = completed.stdout.decode("utf-8", errors="replace")
    if output.endswith("\n"):
        output = output[:-1]
    return (output.split("\n") if output else []), completed.returncode


def git_status():
    """`git status --porcelain` of the repository, or None outside a git work tree."""
    completed = subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True)
    return completed.stdout if completed.returncode == 0 else None


def main(argv):
    readme = Path(argv[1]) if len(argv) > 1 else ROOT / "README.md"
    check_conventions()
    if not BINARY.is_file():
        print(f"readme: {BINARY.relative_to(ROOT)} is not built (run swift build first)")
        return 2
    env = dict(os.environ)
    env["PATH"] = f"{BINARY.parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("COLUMNS", None)  # help text wraps at 80 columns, as in a pipe
    before = git_status()
    blocks = 0
    commands_run = 0
    failed = 0
    for line_number, commands in examples(readme.read_text(encoding="utf-8")):
        if commands is None:
            failed += 1
            print(f"FAIL {readme.name}:{line_number}: a `$ pureform` line in a block whose first line is not `$ `")
            continue
        blocks += 1
        for line_number, command, expected in commands:
            commands_run += 1
            while expected and expected[-1] == "":
                expected.pop()
            want_status = 0
            if expected and EXIT_LINE.match(expected[-1]):
                want_status = int(EXIT_LINE.match(expected[-1]).group(1))
                expected = expected[:-1]
            if "../" in command:
                failed += 1
                print(f"FAIL {readme.name}:{line_number}: $ {command}\n  names a path outside the repository")
                continue
            try:
                got, status = run(command, env)
            except subprocess.TimeoutExpired:
                failed += 1
                print(f"FAIL {readme.name}:{line_number}: $ {command}\n  did not finish in {TIMEOUT_SECONDS} s")
                continue
            if status == want_status and matches(expected, got):
                continue
            failed += 1
            print(f"FAIL {readme.name}:{line_number}: $ {command}")
            if status != want_status:
                print(f"  exit status {status}, the README shows {want_status}")
            print("  --- README")
            print("\n".join(f"  {line}" for line in expected + ([f"[exit {want_status}]"] if want_status else [])))
            print("  --- output")
            print("\n".join(f"  {line}" for line in got + ([f"[exit {status}]"] if status else [])))
    if before is not None and git_status() != before:
        failed += 1
        print("FAIL the examples changed the repository (git status --porcelain differs)")
    print(f"readme: {commands_run} commands in {blocks} examples, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

#!/usr/bin/env python3
"""Runs every terminal example in README.md and docs/*.md, and checks every relative link in them.

A terminal example is a fenced code block whose first line starts with `$ `. Every line that starts with
`$ ` in it is one command; the lines after it, up to the next `$ ` line or the end of the block, are what
the command prints. The convention, which docs/development.md repeats for its readers:

- Each command runs through `bash -c` from the repository root (in every file, README.md or a guide), with
  standard input empty and with .build/debug (the debug build that `swift build` makes) first on PATH, so
  `pureform` is that build. Pipelines and redirections work as in a shell (`echo '[1]' | pureform …`,
  `… 2>/dev/null | head -12`).
- What it prints is standard output and standard error together, in the order they were written, as a
  terminal shows them. The output's final newline is not shown, and every other line is compared exactly.
- `[exit N]` as the last line of a command's output means the command exits with status N; without it the
  command must exit 0 (so `[exit 0]` is never needed).
- A line that is only `…` (after any indentation) stands for any number of lines, none included.
- Any other line that ends in `…` matches one line that starts with the text before the `…` (trailing
  spaces before the `…` are part of that text).
- A command may not name a path outside the repository (`../`): every file an example uses is in it.
- The examples may not change the repository: `git status --porcelain` is the same before and after.

Links: every Markdown link or image (`[text](target)`, `![alt](target)`, `<img src="target">`) whose target
is not a URL (`http:`, `https:`, `mailto:`) must name a file or folder that exists, relative to the file
that links; a `#anchor` (alone, or after a Markdown file) must be the anchor of a heading in that file, as
GitHub makes them (lowercase; spaces to `-`; punctuation other than `-` and `_` dropped; a repeated heading
gets `-1`, `-2`, …). Links inside code (fenced blocks and `inline code`) are not links.

Prints one line per example block or link that failed (with the command, what was expected and what came),
then `docs: N commands in M examples, L links in F files, K failed`; exits 1 if any failed, 2 if the debug
build is missing.
Usage: scripts/check_docs.py [FILE.md ...]   (default: README.md and docs/*.md)
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
# A bound on one example, for a hang: the schema-agreement example runs 24 validations of 600 records each, which
# takes well over a minute on a 2-core machine busy with other work.
TIMEOUT_SECONDS = 300


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


LINK = re.compile(r"!?\[(?:[^\]`]|`[^`]*`)*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
IMG_SRC = re.compile(r"<img\s[^>]*src=\"([^\"]+)\"")
INLINE_CODE = re.compile(r"`+[^`]*`+")
URL = re.compile(r"^[a-z][a-z0-9+.-]*:", re.I)


def prose_lines(text):
    """Yields (line number, line) for each line outside fenced code blocks, inline code removed."""
    fenced = False
    for number, line in enumerate(text.split("\n"), start=1):
        if FENCE.match(line.lstrip()):
            fenced = not fenced
            continue
        if not fenced:
            yield number, INLINE_CODE.sub("", line)


def slug(heading):
    """GitHub's anchor for a heading's text: lowercase, spaces to `-`, punctuation but `-` and `_` dropped."""
    text = re.sub(r"<[^>]+>", "", heading.strip().lower())
    text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", text)  # a link in a heading counts as its text
    return "".join(c for c in text if c.isalnum() or c in "-_ ").replace(" ", "-")


def anchors(path, cache={}):
    """The set of heading anchors of a Markdown file, as GitHub makes them (repeats get -1, -2, …)."""
    if path not in cache:
        seen = {}
        found = set()
        fenced = False
        for line in path.read_text(encoding="utf-8").split("\n"):
            if FENCE.match(line.lstrip()):
                fenced = not fenced
                continue
            heading = re.match(r"^#{1,6}\s+(.*?)\s*#*\s*$", line)
            if fenced or not heading:
                continue
            base = slug(heading.group(1))
            count = seen.get(base, 0)
            seen[base] = count + 1
            found.add(base if count == 0 else f"{base}-{count}")
        cache[path] = found
    return cache[path]


def check_links(path):
    """(links checked, failure messages) for the relative links of one Markdown file."""
    checked = 0
    failures = []
    for number, line in prose_lines(path.read_text(encoding="utf-8")):
        for target in LINK.findall(line) + IMG_SRC.findall(line):
            if URL.match(target):
                continue
            checked += 1
            file_part, _, anchor = target.partition("#")
            linked = (path.parent / file_part).resolve() if file_part else path
            where = f"{path.relative_to(ROOT)}:{number}"
            if not linked.exists():
                failures.append(f"FAIL {where}: link '{target}': no file {file_part}")
            elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
                failures.append(f"FAIL {where}: link '{target}': {linked.relative_to(ROOT)} has no heading '#{anchor}'")
    return checked, failures


def check_examples(path, env):
    """(commands run, blocks, failure count) for the terminal examples of one Markdown file; prints failures."""
    name = str(path.relative_to(ROOT))
    blocks = 0
    commands_run = 0
    failed = 0
    for line_number, commands in examples(path.read_text(encoding="utf-8")):
        if commands is None:
            failed += 1
            print(f"FAIL {name}:{line_number}: a `$ pureform` line in a block whose first line is not `$ `")
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
                print(f"FAIL {name}:{line_number}: $ {command}\n  names a path outside the repository")
                continue
            try:
                got, status = run(command, env)
            except subprocess.TimeoutExpired:
                failed += 1
                print(f"FAIL {name}:{line_number}: $ {command}\n  did not finish in {TIMEOUT_SECONDS} s")
                continue
            if status == want_status and matches(expected, got):
                continue
            failed += 1
            print(f"FAIL {name}:{line_number}: $ {command}")
            if status != want_status:
                print(f"  exit status {status}, the document shows {want_status}")
            print("  --- document")
            print("\n".join(f"  {line}" for line in expected + ([f"[exit {want_status}]"] if want_status else [])))
            print("  --- output")
            print("\n".join(f"  {line}" for line in got + ([f"[exit {status}]"] if status else [])))
    return commands_run, blocks, failed


def main(argv):
    files = [Path(arg).resolve() for arg in argv[1:]] or [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
    check_conventions()
    check_slugs()
    if not BINARY.is_file():
        print(f"docs: {BINARY.relative_to(ROOT)} is not built (run swift build first)")
        return 2
    env = dict(os.environ)
    env["PATH"] = f"{BINARY.parent}{os.pathsep}{env.get('PATH', '')}"
    env.pop("COLUMNS", None)  # help text wraps at 80 columns, as in a pipe
    before = git_status()
    totals = [0, 0, 0, 0]  # commands, blocks, links, failed
    for path in files:
        commands_run, blocks, failed = check_examples(path, env)
        links, failures = check_links(path)
        for failure in failures:
            print(failure)
        totals = [totals[0] + commands_run, totals[1] + blocks, totals[2] + links, totals[3] + failed + len(failures)]
    if before is not None and git_status() != before:
        totals[3] += 1
        print("FAIL the examples changed the repository (git status --porcelain differs)")
    commands_run, blocks, links, failed = totals
    print(f"docs: {commands_run} commands in {blocks} examples, {links} links in {len(files)} files, {failed} failed")
    return 1 if failed else 0


def check_slugs():
    """Asserts GitHub's anchor rules on headings this project writes, so the link check cannot drift."""
    assert slug("Differences from PureForm") == "differences-from-pureform"
    assert slug("`pureform check SPEC... [--format text|json]`") == "pureform-check-spec---format-textjson"
    assert slug("Serving forms: `pureform serve DIR`") == "serving-forms-pureform-serve-dir"
    assert slug("NDJSON: many records, one per line (`--ndjson`, `--jobs N`)") == "ndjson-many-records-one-per-line---ndjson---jobs-n"


if __name__ == "__main__":
    sys.exit(main(sys.argv))

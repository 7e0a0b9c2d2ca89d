#!/usr/bin/env python3
"""`make test-diff`: `pureform diff`'s outputs read by real consumers, on Specs/diff/signup-v1.json → v2.json.

1. markdown: the pull-request comment rendered as GitHub-flavoured markdown (markdown-it-py, CommonMark with
   the GFM table rule) must hold a table whose header is `kind | key | change | old | new | location` and whose
   rows are the json output's changes, in order; with --records, a second table of the new failures.
2. github: every `::LEVEL file=F,line=L,col=C::MESSAGE` line must point at the member the change names in that
   file (the validator, bound or reserved word as a JSON key, the view's name for `view`), one per change, the
   level `error` for the changes --fail-on matches, else `warning` (breaking) or `notice`.
3. The CI recipe of docs/diff.md (the `run:` block of its GitHub Actions step), run as a shell step: it fails
   (exit 1) on the example pair, whose records newly fail, and passes on a spec against itself.

Prints `diff: N checks passed` or each failure; exits 1 on any failure.
"""
import json
import os
import re
import subprocess
import sys
from html.parser import HTMLParser
from pathlib import Path

from markdown_it import MarkdownIt

ROOT = Path(__file__).resolve().parent.parent
BIN = os.environ.get("PUREFORM_BIN", str(ROOT / ".build" / "debug" / "pureform"))
OLD = "Specs/diff/signup-v1.json"
NEW = "Specs/diff/signup-v2.json"
RECORDS = "Specs/diff/records.ndjson"
failures = []
checks = 0


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        failures.append(message)


def pureform(*arguments):
    return subprocess.run([BIN, *arguments], cwd=ROOT, capture_output=True, text=True)


class Tables(HTMLParser):
    """The cells of every <table>, row by row (header row first)."""

    def __init__(self):
        super().__init__()
        self.tables, self.cell = [], None

    def handle_starttag(self, tag, attrs):
        if tag == "table":
            self.tables.append([])
        elif tag == "tr":
            self.tables[-1].append([])
        elif tag in ("td", "th"):
            self.cell = ""

    def handle_endtag(self, tag):
        if tag in ("td", "th"):
            self.tables[-1][-1].append(self.cell.strip())
            self.cell = None

    def handle_data(self, data):
        if self.cell is not None:
            self.cell += data


def shown(value):
    return "none" if value is None else json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def check_markdown():
    report = json.loads(pureform("diff", OLD, NEW, "--records", RECORDS, "--id", "id", "--format", "json").stdout)
    run = pureform("diff", OLD, NEW, "--records", RECORDS, "--id", "id", "--format", "markdown")
    check(run.returncode == 0, f"markdown: exit {run.returncode}: {run.stderr}")
    html = MarkdownIt("commonmark").enable("table").render(run.stdout)
    parser = Tables()
    parser.feed(html)
    check(len(parser.tables) == 2, f"markdown: {len(parser.tables)} tables rendered, expected 2:\n{html}")
    if len(parser.tables) != 2:
        return
    changes, groups = parser.tables
    check(changes[0] == ["kind", "key", "change", "old", "new", "location"], f"markdown: header {changes[0]}")
    expected = [
        [c["kind"], c["key"], c["change"], shown(c["old"]), shown(c["new"]),
         c["location"] + (f" ({c['newly_failing']} newly failing)" if c["newly_failing"] else "")]
        for c in report["changes"]
    ]
    check(changes[1:] == expected, f"markdown: change rows\n{changes[1:]}\nexpected\n{expected}")
    check(groups[0] == ["path", "validator", "newly failing", "samples"], f"markdown: header {groups[0]}")
    expected = [
        [g["path"], g["validator"], str(g["count"]), ", ".join(json.dumps(s) for s in g["samples"])]
        for g in report["records"]["new_failures"]
    ]
    check(groups[1:] == expected, f"markdown: failure rows\n{groups[1:]}\nexpected\n{expected}")
    first = run.stdout.splitlines()[0]
    breaking = sum(c["kind"] != "loosened" for c in report["changes"])
    check(first == f"**pureform diff**: {len(report['changes'])} changes, {breaking} breaking", f"markdown: {first}")


ANNOTATION = re.compile(r"^::(error|warning|notice) file=([^,]+),line=(\d+),col=(\d+)::(\w+): (\S+): (\S+) ")


def check_github():
    changes = json.loads(pureform("diff", OLD, NEW, "--format", "json").stdout)
    run = pureform("diff", OLD, NEW, "--format", "github", "--fail-on", "tightened")
    matches = any(c["kind"] == "tightened" for c in changes)
    check(run.returncode == (1 if matches else 0), f"github: exit {run.returncode}")
    lines = [line for line in run.stdout.splitlines() if line.startswith("::")]
    check(len(lines) == len(changes), f"github: {len(lines)} annotations for {len(changes)} changes")
    for line, change in zip(lines, changes):
        match = ANNOTATION.match(line)
        check(match is not None, f"github: not an annotation: {line}")
        if not match:
            continue
        level, file, row, column, kind, key, name = match.groups()
        expected = "error" if kind == "tightened" else ("warning" if kind != "loosened" else "notice")
        check(level == expected, f"github: {line}: level {level}, expected {expected}")
        check(f"{file}:{row}:{column}" == change["location"], f"github: {line}: not at {change['location']}")
        text = (ROOT / file).read_text().splitlines()[int(row) - 1]
        member = text[int(column) - 1:]
        if name == "view":
            check(re.match(r'"[^"]+\?"\s*:', member), f"github: {line}: column holds {member!r}, not a view name")
        else:
            written = "min" if name == "min_items" else "max" if name == "max_items" else name
            check(member.startswith(f'"{written}"'), f"github: {line}: column holds {member!r}, not \"{written}\"")
    check(run.stdout.splitlines()[-1].startswith(f"{len(changes)} changes: "), "github: last line")


def check_ci_recipe():
    guide = (ROOT / "docs" / "diff.md").read_text()
    block = re.search(r"```yaml\n(.*?)```", guide, re.S)
    check(block is not None, "ci: no yaml block in docs/diff.md")
    if not block:
        return
    run_block = re.search(r"run: \|\n((?:          .*\n|\n)+)", block.group(1))
    check(run_block is not None, "ci: no `run: |` in the yaml block")
    if not run_block:
        return
    script = "\n".join(line[10:] for line in run_block.group(1).splitlines())
    bin_dir = str(Path(BIN).parent)
    environment = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"])
    for old, new, status in [(OLD, NEW, 1), (OLD, OLD, 0)]:
        env = dict(environment, OLD_SPEC=old, NEW_SPEC=new, RECORDS=RECORDS)
        run = subprocess.run(["bash", "-e", "-c", script], cwd=ROOT, env=env, capture_output=True, text=True)
        check(run.returncode == status, f"ci: {old} -> {new}: exit {run.returncode}, expected {status}\n{run.stdout}{run.stderr}")


def main():
    check_markdown()
    check_github()
    check_ci_recipe()
    for failure in failures:
        print(failure)
    print(f"diff: {checks - len(failures)} of {checks} checks passed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())

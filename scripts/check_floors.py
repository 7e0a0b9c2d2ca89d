#!/usr/bin/env python3
"""Fails when a folder of the PureForm library uses a folder on a floor above its own, or a sibling.

The floors, bottom up (docs/development.md, "Layout"): a file may use the types of its own folder and of the
floors below it, never of a floor above or of another folder on its own floor. A folder is named by its path
under Sources/PureForm (`Emit/Page`): Emit's products, each in a folder of its own, sit on one floor above
`Emit/Shared`, the code several of them use, so no product reads another's. SwiftPM targets already enforce
this between targets; inside the one library target nothing would, hence this scan.

How uses are found: every type a folder declares at the top level of a file (struct, enum, class, actor,
protocol, typealias) is that folder's; a file uses a folder when its code (comments and string literals
removed) names one of that folder's types. Members added by extensions are not followed: an extension is
declared beside the floor that needs it, and names its type, so the use is seen there.

  python3 scripts/check_floors.py          # exit 1 and one line per use that runs up or sideways
  python3 scripts/check_floors.py --graph  # every use between folders, with the files and types
"""
import collections
import re
import sys
from pathlib import Path

FLOORS = [
    ["Diagnostics"],
    ["JSON"],
    ["Formats"],
    ["Model"],
    ["Regex"],
    ["Compile", "Validate"],
    ["Stream"],
    ["API"],
    ["Emit/Shared"],
    [
        "Emit/Page",
        "Emit/Schema",
        "Emit/SwiftTypes",
        "Emit/ModelJSON",
        "Emit/DiagnosticText",
        "Emit/Fill",
        "Emit/Bundle",
        "Diff",
    ],
]
LIBRARY = Path(__file__).resolve().parent.parent / "Sources" / "PureForm"

DECLARATION = re.compile(
    r"^(?:@\w+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|final|indirect|nonisolated)\s+)*"
    r"(?:struct|enum|class|protocol|typealias|actor)\s+(\w+)",
    re.M,
)
COMMENT_OR_STRING = re.compile(r'//.*?$|/\*.*?\*/|"(?:\\.|[^"\\\n])*"', re.M | re.S)


def main() -> int:
    floor_of = {folder: level for level, folders in enumerate(FLOORS) for folder in folders}
    files = {}
    owner = {}
    problems = []
    for path in sorted(LIBRARY.rglob("*.swift")):
        folder = path.parent.relative_to(LIBRARY).as_posix() if path.parent != LIBRARY else None
        if folder not in floor_of:
            problems.append(f"{path.relative_to(LIBRARY.parent.parent)}: folder '{folder}' is on no floor")
            continue
        text = path.read_text()
        files[path] = (folder, COMMENT_OR_STRING.sub("", text))
        for name in DECLARATION.findall(text):
            owner.setdefault(name, folder)
    uses = collections.defaultdict(set)
    for path, (folder, code) in files.items():
        for word in set(re.findall(r"\b[A-Z]\w*\b", code)):
            used = owner.get(word)
            if used and used != folder:
                uses[(folder, used)].add(f"{path.name}:{word}")
    if "--graph" in sys.argv:
        for (user, used), places in sorted(uses.items(), key=lambda item: (floor_of[item[0][0]], item[0])):
            print(f"{user} -> {used}: {', '.join(sorted(places))}")
        return 0
    for (user, used), places in sorted(uses.items()):
        if floor_of[used] >= floor_of[user]:
            where = "above" if floor_of[used] > floor_of[user] else "beside"
            problems.append(f"{user} uses {used}, a floor {where} its own: {', '.join(sorted(places))}")
    for problem in problems:
        print(problem)
    print(f"floors: {len(files)} files in {len(floor_of)} folders, {len(problems)} uses up or sideways")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

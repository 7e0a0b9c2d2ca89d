#!/usr/bin/env python3
"""Prints the README's table of diagnostic codes from Sources/PureForm/Diagnostics/DiagnosticCode.swift.

The README table is checked against this output by Tests/PureFormTests/Diagnostics/DiagnosticCodeTests.swift, so the
two cannot drift: after adding a code, run `python3 scripts/diagnostic_table.py` and paste the table.
"""
import re
import sys
from pathlib import Path

root = Path(__file__).resolve().parent.parent
source = (root / "Sources/PureForm/Diagnostics/DiagnosticCode.swift").read_text()
cases = re.findall(r'case (\w+) = "(PF\d+)"', source)
summaries = dict(re.findall(r'case \.(\w+):\s*\n?\s*return "(.*?)"\n', source))
warning_block = re.search(r"switch self \{\n\s*case (.*?):\n\s*return \.warning", source, re.S).group(1)
warnings = set(re.findall(r"\.(\w+)", warning_block))
print("| code | severity | meaning |")
print("|---|---|---|")
for name, code in cases:
    severity = "warning" if name in warnings else "error"
    meaning = summaries[name].replace("\\\"", "\"").replace("\\\\", "\\").replace("|", "\\|")
    print("| " + code + " | " + severity + " | " + meaning + " |")
sys.exit(0)

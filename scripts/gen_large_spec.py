#!/usr/bin/env python3
"""Writes a large, realistic PureForm spec of N cells, for timing `pureform check`.

usage: gen_large_spec.py N OUT [--warn-every-cell] [--indented]

The spec compiles with 0 errors. It mixes what real specs hold: text fields with `required`, `min_length`,
`max_length`, `type: email` and `custom` patterns (cycling over a few distinct ones, so compiling PCRE2
patterns is part of the cost but not all of it), `equal_previous` confirm pairs, numbers with
`min_value` / `max_value` and `<type>`, switches, `<messages>` with `%@`, dotted `<key>`s, UIKit
constants, colours, and a section marker every few hundred cells. Every `<key>` is unique and none is a
prefix of another: keys are `gGROUP.NAME_INDEX`, and no group is ever a key itself. Fields whose
validators fail an empty value also have `"required": true`, so the spec draws no PF317 warnings.

With --warn-every-cell, every cell draws exactly one warning, PF317 ("can never be left empty ... and it
has no 'required'"), as a spec written for PureForm's habits does: `required` is left out wherever another
validator fails an empty value, a text field with only `max_length` gets a `min_length` too, a slider
must keep its value (`equal`) and a switch must be on (`equal: true`, an "I accept" box).
With --indented, the spec is written as people indent theirs: pretty-printed, one space per level, and
every cell holds a second view, a `titleLabel` with `text` and `textColor` (as a switch cell always does).
The output is deterministic: the same N and options always give the same bytes.
"""
import json
import sys

PATTERNS = [
    "^[0-9]{5}$",
    "(?=.*[0-9])(?=.*[A-Za-z]).+",
    "[A-Z]{2}[0-9]{2}[A-Z0-9]{4,30}",
    "^\\+?[0-9 ]{6,20}$",
    "[a-z0-9_]{3,16}",
    "^[A-Z][a-z]+( [A-Z][a-z]+)*$",
    "[0-9]{4}-[0-9]{2}-[0-9]{2}",
    "^#[0-9A-Fa-f]{6}$",
    "(?i)^[a-z]{3}$",
    "[^@\\s]+",
]
COLOURS = ["#6F3F83", "#333333", "#34C759", "#FF3B30", "#007AFF", "#6F3F83CC"]
KEYBOARDS = ["UIKeyboardTypeDefault", "UIKeyboardTypeEmailAddress", "UIKeyboardTypeASCIICapable"]
RETURN_KEYS = ["UIReturnKeyNext", "UIReturnKeyDone", "UIReturnKeyGo"]
CAPITALIZATION = ["UITextAutocapitalizationTypeNone", "UITextAutocapitalizationTypeWords"]
SECTION_EVERY = 300  # cells per section


def without_required(validators):
    """The validators without `required`, and a `min_length` beside a lone `max_length`: PF317 on the field."""
    out = {name: arg for name, arg in validators.items() if name != "required"}
    if not any(name.rstrip("!") in ("min_length", "type", "custom", "equal_previous", "equal") for name in out):
        out = {"min_length": 1, **out}
    return out


def text_cell(i, key, first, warn):
    kind = i % 5
    field = {
        "placeholder": f"Field {i}",
        "textColor": COLOURS[i % len(COLOURS)],
        "returnKeyType": RETURN_KEYS[i % len(RETURN_KEYS)],
        "autocapitalizationType": CAPITALIZATION[i % len(CAPITALIZATION)],
        "<key>": key,
    }
    if kind == 0:
        field["keyboardType"] = "UIKeyboardTypeEmailAddress"
        field["<validators>"] = {"required": True, "type": "email", "max_length": 254}
        field["<messages>"] = {"type": "That does not look like an e-mail address"}
    elif kind == 1:
        field["keyboardType"] = KEYBOARDS[i % len(KEYBOARDS)]
        field["<validators>"] = {"required": True, "min_length": 2 + i % 5, "max_length!": 40 + i % 20}
        field["<messages>"] = {"min_length": "Use at least %@ characters", "max_length": "At most %@ please"}
    elif kind == 2:
        field["<type>"] = "text"
        field["<validators>"] = {"required": True, "custom": PATTERNS[i % len(PATTERNS)]}
        field["<messages>"] = {"custom": f"Does not match %@ (field {i})"}
    elif kind == 3:
        field["<validators>"] = {"max_length": 80}
    else:
        field["secureTextEntry"] = True
        field["<validators>"] = {"required": True, "min_length!": 8, "custom": PATTERNS[1]}
    if warn:
        field["<validators>"] = without_required(field["<validators>"])
    name = "<TextFieldCell + TextFieldCellIdentifier>" if first else "<= + =>"
    return {name: {"textField?": field}}


def confirm_cell(i, key, warn):
    validators = {"required": True, "equal_previous": True}
    return {"<= + =>": {"textField?": {
        "placeholder": f"Confirm field {i - 1}",
        "secureTextEntry": True,
        "<key>": key,
        "<persist>": False,
        "<validators>": without_required(validators) if warn else validators,
        "<messages>": {"equal_previous": "Both entries must match"},
    }}}


def number_cell(i, key, warn):
    low = i % 50
    validators = {"min_value": low, "max_value!": low + 500}
    if warn:
        validators["equal"] = low + 1
    return {"<SliderCell + SliderCellIdentifier>": {
        "slider?": {
            "minimumValue": 0,
            "maximumValue": 1000,
            "<value>": low + 1,
            "<key>": key,
            "<type>": "integer" if i % 2 else "number",
            "<display>": "text",
            "<validators>": validators,
            "<messages>": {"min_value": "At least %@", "max_value": "At most %@"},
        },
        "valueLabel": {"textColor": COLOURS[i % len(COLOURS)], "font": {"name": "Avenir-Heavy", "size": 14}},
    }}


def switch_cell(i, key, warn):
    control = {"onTintColor": "#34C759", "<value>": i % 3 == 0, "<key>": key, "<type>": "bool"}
    if warn:
        control["<validators>"] = {"equal": True}
    return {"<SwitchCell + SwitchCellIdentifier>": {
        "switchControl?": control,
        "titleLabel": {"text": f"Option {i}", "textColor": "#333333"},
    }, "analyticsName": f"switch_{i}"}


def cells(n, warn=False):
    section = 0
    in_section = 0
    previous_text = False  # whether the previous cell of this section is a text field
    yield {"<section>": section}
    for i in range(n):
        if in_section == SECTION_EVERY:
            section += 1
            in_section = 0
            previous_text = False
            yield {"<section>": section}
        group = f"g{i // 40}"
        slot = i % 10
        if slot in (0, 1, 2, 4, 6, 7):
            key = f"{group}.text_{i}"
            yield text_cell(i, key, first=not previous_text, warn=warn)
            previous_text = True
        elif slot in (3, 8) and previous_text:
            yield confirm_cell(i, f"{group}.confirm_{i}", warn)
            previous_text = True
        elif slot == 5:
            yield number_cell(i, f"{group}.sub{i % 3}.amount_{i}", warn)
            previous_text = False
        else:
            yield switch_cell(i, f"{group}.flag_{i}", warn)
            previous_text = False
        in_section += 1


def with_title(i, cell):
    """The cell with a second view, a `titleLabel`, beside its control (a section marker is left as it is)."""
    for name, body in cell.items():
        if isinstance(body, dict) and "titleLabel" not in body:
            body["titleLabel"] = {"text": f"Label {i}", "textColor": COLOURS[i % len(COLOURS)]}
    return cell


def main():
    options = ("--warn-every-cell", "--indented")
    args = [arg for arg in sys.argv[1:] if arg not in options]
    if len(args) != 2 or len(sys.argv) - len(args) > 3:
        sys.exit("usage: gen_large_spec.py N OUT [--warn-every-cell] [--indented]")
    n = int(args[0])
    indented = "--indented" in sys.argv
    with open(args[1], "w", encoding="utf-8") as out:
        out.write("[\n")
        for index, cell in enumerate(cells(n, warn="--warn-every-cell" in sys.argv)):
            if index:
                out.write(",\n")
            if indented:
                text = json.dumps(with_title(index, cell), ensure_ascii=False, indent=1)
                out.write("\n".join(" " + line for line in text.split("\n")))
            else:
                out.write("  " + json.dumps(cell, ensure_ascii=False))
        out.write("\n]\n")


if __name__ == "__main__":
    main()

#!/usr/bin/env python3
"""Loads every spec's `pureform render` page in headless Chromium and checks it against `pureform validate`.

For each Specs/*.json: renders the page, loads it (file://), and fills it CASES times with seeded values:
the spec's sample input (Specs/inputs/NAME.json) with one to three fields replaced by values made from the
field's validators, valid-looking and adversarial (empty, too short and too long in UTF-16 code units, non-BMP
characters, edge numbers, pattern misses, unequal neighbours). Text is typed with the DevTools protocol's
Input.insertText, so the browser treats it as the user's edit (minlength and maxlength apply only to those);
switches, segments, steppers and sliders are set as a click would. Then it reads the page's verdict
(form.checkValidity(), which includes the live script's failures through setCustomValidity) and the record the
page posts (window.PureForm.record(): every field by its <key>, as strings), and validates all records with
`pureform validate SPEC --input FILE --ndjson --format json --all-failures`.

It fails when the page refuses a record pureform accepts, when the live script gives a field a reason
pureform does not give it, when the page hides other views than pureform's `hidden` (conditions), or when it
requires an empty view by its `<required_if>` where pureform gives no `required_if` failure, or the reverse. It prints, per spec, how often the page catches what pureform refuses. It also
checks that a spec's texts cannot inject markup, submits two pages as `pureform serve Specs` serves them
(`GET /forms/NAME/page`, on the same origin as the route they post to) and checks the verdict and the
reasons they show, and with UPDATE_SCREENSHOTS=1 rewrites docs/login.png and docs/registration.png.

  python3 scripts/check_render_browser.py [--bin .build/debug/pureform] [--cases 120] [--seed 1]
"""
import argparse
import base64
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

ROOT = Path(__file__).resolve().parent.parent

# Values every text field also gets now and then: the kinds of text the validators disagree about.
ADVERSARIAL = [
    "", " ", "a", "0", "-0", "1e2", "2.5", "05", ".5", "1,5", "+5", "1e400", "0.30000000000000004",
    "Ada Lovelace", "ada lovelace", "Zoë Ñúñez", "Jean-Luc O'Neill", "Ada  Lovelace", "Ada", " Ada Lovelace",
    "Ada-Lovelace", "𝒜𝒹𝒶 Lovelace", "Ada 3", "user@example.com", "x@company.technology", "a@b..com",
    "not an email", "user@localhost", "ü@example.com", "😀", "😀😀😀😀😀", "12345", "1234", "123456", "12a45",
    "+1 555 0100", "+15550100", "*#0", "abcdefgh", "abcdefgh1", "12345678", "<script>alert(1)</script>",
    "a\u2028b", "true", "false", "on",
]


def page_key(key, keys):
    """The key the page has for pureform's `key`: element 0 of a repeated group is the literal key, a `*` in
    place of each index 0 (`items.0.sku` is `items.*.sku`), when the page has that key among `keys`."""
    if key in keys:
        return key
    starred = ".".join("*" if segment == "0" else segment for segment in key.split("."))
    return starred if starred in keys else key


def flatten(value, key=None):
    """A sample record as the page posts it: dotted keys, every value a string."""
    if isinstance(value, dict):
        out = {}
        for inner_key, inner in value.items():
            out.update(flatten(inner, inner_key if key is None else f"{key}.{inner_key}"))
        return out
    if isinstance(value, list):
        # A repeated group: the page's one row, posted by the literal key, is element 0.
        return flatten(value[0], f"{key}.*") if value else {}
    if isinstance(value, bool):
        return {key: "true" if value else "false"}
    return {key: "" if value is None else str(value)}


def sample_record(name):
    path = ROOT / "Specs" / "inputs" / f"{name}.json"
    return flatten(json.loads(path.read_text())) if path.exists() else {}


def field_validators(binary, spec):
    """Each field's validators from the model (`check --emit model`), by key."""
    command = [binary, "check", "-Wno-PF317", "-Wno-PF501", spec, "--emit", "model"]
    model = json.loads(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    fields = {}
    unknown = 0
    for section in model["sections"]:
        for cell in section["cells"]:
            for view in cell["views"]:
                field = view.get("field")
                if not field:
                    continue
                key = field["key"]
                if key is None:
                    key = f"unknown_key_{unknown}"
                    unknown += 1
                fields[key] = {v["name"]: v["argument"] for v in field["validators"]}
    return fields


def utf16_string(rng, length, non_bmp):
    """A string of `length` UTF-16 code units; with non_bmp, one of them a surrogate pair."""
    if length <= 0:
        return ""
    letters = "abcdefghijklmnopqrstuvwxyz0123456789"
    if non_bmp and length >= 2:
        return "😀" + "".join(rng.choice(letters) for _ in range(length - 2))
    return "".join(rng.choice(letters) for _ in range(length))


def numbers_around(text):
    """Edge numbers around a bound: the bound, just past it in both directions, beyond double precision."""
    value = float(text)
    out = [text, repr(value + 1), repr(value - 1), text + "0000000000000001" if "." in text else text + ".0000000000000001"]
    out.append("-" + text if not text.startswith("-") else text[1:])
    return out


def candidates(rng, validators, sample):
    """Values for one field made from its validators, valid-looking and adversarial."""
    values = list(ADVERSARIAL)
    if sample:
        values += [sample, sample + "x", sample[:-1], sample.upper(), " " + sample]
    for name, argument in validators.items():
        if name in ("min_length", "max_length", "equal_length") and isinstance(argument, int):
            for length in (argument - 1, argument, argument + 1):
                values += [utf16_string(rng, length, False), utf16_string(rng, length, True)]
        elif name in ("min_value", "max_value"):
            values += numbers_around(str(argument))
        elif name == "equal":
            values += [str(argument).lower() if isinstance(argument, bool) else str(argument)]
        elif name == "custom" and isinstance(argument, str):
            values += ["".join(rng.choice("0123456789") for _ in range(5)), "abc1", "a1" * 5]
    return values


def fill(driver, table, record):
    """Sets every field to the record's value (text typed as the user's edit) and returns the page's view."""
    driver.execute_script(
        """
        const [fields, record] = arguments;
        fields.forEach((field, index) => {
          const elements = document.querySelectorAll('[data-field="' + index + '"]');
          const value = record[field.name] ?? "";
          if (field.control === "checkbox") elements[0].checked = value === "true";
          else if (field.control === "radio") elements.forEach((e) => { e.checked = e.value === value; });
          else elements[0].value = field.control === "text" ? "" : value;
        });
        """,
        table,
        record,
    )
    driver.execute_script("window.PureForm.validateAll()")  # the conditions, for the values set so far
    for index, field in enumerate(table):
        value = record.get(field["name"], "")
        if field["control"] == "text" and value:
            # A hidden view's control is disabled and cannot take focus: its value is set, not typed (it is
            # not posted while hidden, and a browser checks minlength only on typed values: looser).
            typed = driver.execute_script(
                "const e = document.querySelector(arguments[0]); if (e.disabled) { e.value = arguments[1]; return false; }"
                " e.focus(); return true;", f'[data-field="{index}"]', value)
            if typed:
                driver.execute_cdp_cmd("Input.insertText", {"text": value})
    return driver.execute_script(
        """
        const form = document.getElementById("pf-form");
        const failures = window.PureForm.validateAll();
        const invalid = Array.from(form.elements).filter((e) => e.willValidate && !e.checkValidity())
          .map((e) => e.name + ": " + e.validationMessage);
        return {valid: form.checkValidity(), failures, invalid, record: window.PureForm.record(),
                hidden: window.PureForm.hidden(), requiredByCondition: window.PureForm.requiredByCondition()};
        """
    )


def pureform_verdicts(binary, spec, options, records, work):
    path = Path(work) / "records.ndjson"
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    command = [binary, "validate", spec, "--input", str(path), "--ndjson", "--format", "json", "--all-failures"]
    command += options
    output = subprocess.run(command, capture_output=True, text=True).stdout
    return [json.loads(line) for line in output.split("\n") if line]


def check_spec(driver, binary, spec, options, cases, rng, work):
    """One spec's page, rendered and validated with `options` (`--strings`, `--settings`)."""
    name = Path(spec).stem
    label = name + "".join(" " + Path(option).name for option in options if "/" in option)
    page = Path(work) / f"{name}.html"
    command = [binary, "render", spec] + options
    page.write_text(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    driver.get(page.as_uri())
    table = driver.execute_script('return JSON.parse(document.getElementById("pf-data").textContent).fields')
    validators = field_validators(binary, spec)
    base = sample_record(name)
    pools = {f["name"]: candidates(rng, validators.get(f["name"], {}), base.get(f["name"], "")) for f in table}
    # The values conditions compare with, so that their branches are taken (a business account, an EU
    # country), and each radio group's own options.
    def compared(condition, out):
        if isinstance(condition, dict):
            if "equals" in condition:
                for target in condition["values"]:
                    if target is not None:
                        text = target.get("text", target.get("number"))
                        if text is None:
                            text = "true" if target.get("bool") else "false"
                        out.setdefault(condition["equals"], set()).add(str(text))
            for inner in condition.get("all", []) + condition.get("any", []) + ([condition["not"]] if "not" in condition else []):
                compared(inner, out)
        return out
    targets = {}
    for field in table:
        for word in ("visibleIf", "requiredIf"):
            compared(field.get(word), targets)
    radio_values = driver.execute_script(
        "return JSON.parse(document.getElementById('pf-data').textContent).fields.map((f, i) =>"
        " Array.from(document.querySelectorAll('[data-field=\"' + i + '\"]')).map((e) => e.value))")
    for index, field in enumerate(table):
        if field["control"] == "radio":
            pools[field["name"]] = [""] + radio_values[index]
        for value in sorted(targets.get(index, ())):
            pools[field["name"]] = pools[field["name"]] + [value] * 3
    records, views = [], []
    for case in range(cases):
        record = {f["name"]: base.get(f["name"], "") for f in table}
        if case % 10 != 0 and table:  # every tenth case is the sample itself
            for field in rng.sample(table, min(len(table), rng.randint(1, 3))):
                key = field["name"]
                if field["control"] == "checkbox":
                    record[key] = rng.choice(["true", "false"])
                elif field["control"] == "radio":
                    record[key] = rng.choice(pools[key])
                else:
                    record[key] = rng.choice(pools[key])
            if rng.random() < 0.2:  # a neighbour copied: equal_next / equal_previous pass
                keys = [f["name"] for f in table if f["control"] == "text"]
                if len(keys) >= 2:
                    index = rng.randrange(len(keys) - 1)
                    record[keys[index + 1]] = record[keys[index]]
        view = fill(driver, table, record)
        views.append(view)
        records.append(view["record"])
    verdicts = pureform_verdicts(binary, spec, options, records, work)
    problems = []
    overruled = 0
    refused = caught = live_caught = 0
    missed = {}
    for view, verdict in zip(views, verdicts):
        accepted = verdict.get("valid") is True
        # The page has one row per repeated group, which it posts by the device's literal key (`items.*.sku`):
        # element 0 of each group, which pureform names `items.0.sku`.
        page_keys = set(view["record"]) | set(view["hidden"]) | set(view["requiredByCondition"])
        for failure in verdict.get("failures", []):
            failure["key"] = page_key(failure["key"], page_keys)
        if "hidden" in verdict:
            verdict["hidden"] = [page_key(key, page_keys) for key in verdict["hidden"]]
        reasons = {}
        for failure in verdict.get("failures", []):
            reasons.setdefault(failure["key"], set()).add(failure["reason"])
        # Conditions: the page hides exactly the views the server hides, and requires an empty view by its
        # <required_if> exactly when the server fails it as required_if.
        if view["hidden"] != verdict.get("hidden", []):
            problems.append(f"{label}: the page hides {view['hidden']}, pureform {verdict.get('hidden', [])}:"
                            f" {json.dumps(view['record'], ensure_ascii=False)}")
        required_if = {f["key"] for f in verdict.get("failures", []) if f["validator"] == "required_if"}
        empty_required = {key for key in view["requiredByCondition"] if view["record"].get(key, "") == ""}
        if required_if != empty_required:
            problems.append(f"{label}: the page requires {sorted(empty_required)} by condition, pureform fails"
                            f" {sorted(required_if)} as required_if: {json.dumps(view['record'], ensure_ascii=False)}")
        if not view["valid"] and accepted:
            overruled += 1
            problems.append(f"{label}: the page refuses what pureform accepts: {json.dumps(view['record'], ensure_ascii=False)}"
                            f" (page: {'; '.join(view['invalid'])})")
        for failure in view["failures"]:
            if failure["reason"] not in reasons.get(failure["key"], set()):
                problems.append(f"{label}: the live script says {failure['key']!r}: {failure['reason']!r}, pureform does not:"
                                f" {json.dumps(view['record'], ensure_ascii=False)} -> {json.dumps(verdict)}")
        if not accepted:
            refused += 1
            caught += not view["valid"]
            if view["valid"]:
                for failure in verdict.get("failures", []):
                    what = f"{failure['key']} {failure['validator']}"
                    missed[what] = missed.get(what, 0) + 1
            live_caught += bool(view["failures"])
    if any("visibleIf" in f or "requiredIf" in f for f in table):
        shapes = {tuple(view["hidden"]) for view in views}
        required = sum(1 for verdict in verdicts for f in verdict.get("failures", []) if f["validator"] == "required_if")
        print(f"{label}: conditions: {len(shapes)} different sets of hidden views, the page's and pureform's the same"
              f" in every record; {required} required_if failures, each required on the page too")
    share = f"{100 * caught / refused:.0f}%" if refused else "n/a"
    print(f"{label}: {len(records)} records, pureform refuses {refused}, the page catches {caught} of them ({share}; "
          f"the live script {live_caught}); refuses what pureform accepts: {overruled}")
    if missed:
        ranked = sorted(missed.items(), key=lambda item: (-item[1], item[0]))
        print("  not caught: " + ", ".join(f"{what} ({count})" for what, count in ranked))
    return problems, f"{label} {caught}/{refused}"


def check_escaping(driver, binary, work):
    """A spec whose texts hold markup: the page shows them as text and runs none of it."""
    evil = '</script><script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">'
    spec = Path(work) / "evil.json"
    spec.write_text(json.dumps([
        {"<TextCell + T>": {"titleLabel": {"text": evil}, "textField?": {
            "placeholder": evil, "<key>": "a\"b<c", "<value>": evil,
            "<validators>": {"equal!": evil, "max_length!": 300}, "<messages>": {"equal": evil}}}},
        {"<ButtonCell + B>": {"titleLabel": {"text": evil}}},
    ]))
    page = Path(work) / "evil.html"
    page.write_text(subprocess.run([binary, "render", str(spec)], capture_output=True, text=True, check=True).stdout)
    driver.get(page.as_uri())
    state = driver.execute_script(
        """return {pwned: window.pwned === undefined ? null : window.pwned, label: document.querySelector("label").textContent,
                   value: document.querySelector("input").value, name: document.querySelector("input").name,
                   images: document.images.length}""")
    expected = {"pwned": None, "label": evil, "value": evil, "name": 'a"b<c', "images": 0}
    if state != expected:
        return [f"escaping: expected {expected}, the page has {state}"]
    print("escaping: markup in labels, placeholders, values, keys and reasons stays text")
    return []


def free_port():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def check_submit(driver, binary, work):
    """The submit, end to end: each page as `pureform serve Specs` serves it (`GET /forms/NAME/page`, posting to
    the route beside it); a record the page lets through but pureform refuses shows the server's reason beside
    its field, a valid one says so."""
    serve_port = free_port()
    server = subprocess.Popen([binary, "serve", "Specs", "--port", str(serve_port), "--strings", "Specs/strings/en.json"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    problems = []
    try:
        for _ in range(100):
            try:
                urllib.request.urlopen(f"http://127.0.0.1:{serve_port}/health").read()
                break
            except OSError:
                time.sleep(0.05)
        cases = [
            ("login", {"login": "ada@example.com", "password": "hunter22"}, None, "Valid."),
            ("registration", {"account.email": "ada@example.com", "account.password": "analytical1",
                              "account.password_confirm": "analytical1", "profile.full_name": "Ada Lovelace",
                              "profile.nickname": "ada", "profile.nickname_again": "lovelace", "address.zip": "10115",
                              "plan": "Basic", "terms_accepted": "true"},
             ("profile.nickname", "Value doesn't match next one"), "1 problem."),
        ]
        for name, values, failure, status in cases:
            driver.get(f"http://127.0.0.1:{serve_port}/forms/{name}/page")
            table = driver.execute_script('return JSON.parse(document.getElementById("pf-data").textContent).fields')
            record = driver.execute_script("return window.PureForm.record()")
            record.update(values)
            fill(driver, table, record)
            driver.execute_script('document.getElementById("pf-form").requestSubmit()')
            shown = ""
            for _ in range(100):
                shown = driver.execute_script('return document.getElementById("pf-status").textContent')
                if shown not in ("", "Sending\u2026"):
                    break
                time.sleep(0.05)
            beside = None
            if failure:
                index = [f["name"] for f in table].index(failure[0])
                beside = driver.execute_script(f'return document.getElementById("pf-e{index}").textContent')
            if shown != status or (failure and beside != failure[1]):
                problems.append(f"submit: {name}: expected {status!r} and {failure!r}, the page shows {shown!r} and {beside!r}")
        if not problems:
            print("submit: the page posts to pureform serve and shows its verdict and its reasons beside the fields")
    finally:
        server.terminate()
        server.wait()
    return problems


def screenshots(driver, binary, work):
    strings = str(ROOT / "Specs" / "strings" / "en.json")
    (ROOT / "docs").mkdir(exist_ok=True)
    for name in ("login", "registration"):
        page = Path(work) / f"shot-{name}.html"
        page.write_text(subprocess.run([binary, "render", f"Specs/{name}.json", "--strings", strings],
                                       capture_output=True, text=True, check=True, cwd=ROOT).stdout)
        driver.get(page.as_uri())
        width, height = driver.execute_script(
            'return [document.documentElement.scrollWidth,'
            ' Math.ceil(document.getElementById("pf-form").getBoundingClientRect().bottom) + 8]')
        shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
            "format": "png", "captureBeyondViewport": True,
            "clip": {"x": 0, "y": 0, "width": width, "height": height, "scale": 1}})
        (ROOT / "docs" / f"{name}.png").write_bytes(base64.b64decode(shot["data"]))
        print(f"screenshot: docs/{name}.png")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", default=str(ROOT / ".build" / "debug" / "pureform"))
    parser.add_argument("--cases", type=int, default=120)
    parser.add_argument("--seed", type=int, default=1)
    arguments = parser.parse_args()
    os.chdir(ROOT)
    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu", "--window-size=480,900",
                 "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    problems = []
    figures = []
    try:
        with tempfile.TemporaryDirectory() as work:
            rng = random.Random(arguments.seed)
            runs = [(str(spec), ["--strings", "Specs/strings/en.json"] if spec.name == "registration.json" else [])
                    for spec in sorted(Path("Specs").glob("*.json"))]
            # The settings' keyboardTypeValidation (a pattern of the pad's characters) and failure reasons.
            runs.append(("Specs/signup.json", ["--settings", "Specs/settings/pureform-settings.json"]))
            for spec, options in runs:
                found, figure = check_spec(driver, arguments.bin, spec, options, arguments.cases, rng, work)
                problems += found
                figures.append(figure)
            problems += check_escaping(driver, arguments.bin, work)
            problems += check_submit(driver, arguments.bin, work)
            if os.environ.get("UPDATE_SCREENSHOTS") == "1":
                screenshots(driver, arguments.bin, work)
    finally:
        driver.quit()
    for problem in problems:
        print("FAIL " + problem)
    print(f"render-browser: {len(figures)} pages, {len(problems)} problems; refusals caught: {', '.join(figures)}")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

#!/usr/bin/env python3
"""Loads every spec's `pureform render` page in headless Chromium and checks it against `pureform validate`.

For each Specs/*.json: renders the page, loads it (file://), and fills it CASES times with seeded values:
the spec's sample input (Specs/inputs/NAME.json) with one to three fields replaced by values made from the
field's validators, valid-looking and adversarial (empty, too short and too long in UTF-16 code units, non-BMP
characters, edge numbers, pattern misses, unequal neighbours). Text is typed with the DevTools protocol's
Input.insertText, so the browser treats it as the user's edit (minlength and maxlength apply only to those);
switches, segments, steppers and sliders are set as a click would. A repeated group's rows are added and removed
with the page's own Add and Remove buttons before the values are set (a random count within its <items>, or the
sample's), and now and then one row is removed after (the rows after it renumbered). Then it reads the page's verdict
(form.checkValidity(), which includes the live script's failures through setCustomValidity) and the record the
page posts (window.PureForm.record(): every field by the key the server reads, `items.2.sku` in a row, as strings),
and validates all records with
`pureform validate SPEC --input FILE --ndjson --format json --all-failures`.

It fails when the page refuses a record pureform accepts, when the live script gives a field a reason
pureform does not give it, when the page hides other views than pureform's `hidden` (conditions), or when it
requires an empty view by its `<required_if>` where pureform gives no `required_if` failure, or the reverse. It prints, per spec, how often the page catches what pureform refuses. It also
checks that a spec's texts cannot inject markup, submits two pages as `pureform serve Specs` serves them
(`GET /forms/NAME/page`, on the same origin as the route they post to) and checks the verdict and the
reasons they show, submits the order form's generated records (rows added, filled and removed) through serve and
checks that the server answers each exactly as `validate` answers the record the page shows, calls the page
script's own `<format>`, `<in>` and bound rules on every shared vector of Tests/Vectors and on the URL Standard's
own data (scripts/render_browser_formats.py), and with UPDATE_SCREENSHOTS=1 rewrites docs/login.png, docs/registration.png and docs/order.png.

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
import urllib.parse
import urllib.request
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

from render_browser_formats import check_booking, check_formats, format_candidates

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


def flatten(value, key=None):
    """A sample record as the page posts it: dotted keys, every value a string."""
    if isinstance(value, dict):
        out = {}
        for inner_key, inner in value.items():
            out.update(flatten(inner, inner_key if key is None else f"{key}.{inner_key}"))
        return out
    if isinstance(value, list):
        # A repeated group: one row per element, whose keys the server reads as `items.2.sku`.
        out = {}
        for index, element in enumerate(value):
            out.update(flatten(element, f"{key}.{index}"))
        return out
    if isinstance(value, bool):
        return {key: "true" if value else "false"}
    return {key: "" if value is None else str(value)}


def template_of(key):
    """The template key of an element's key: `items.*.sku` for `items.2.sku`."""
    return ".".join("*" if segment.isdigit() else segment for segment in key.split("."))


def row_counts(record):
    """The rows a flattened record has in each group, by the group's key (`items`, `orders.0.lines`)."""
    counts = {}
    for key in record:
        segments = key.split(".")
        for index, segment in enumerate(segments):
            if segment.isdigit() and index > 0:
                group = ".".join(segments[:index])
                counts[group] = max(counts.get(group, 0), int(segment) + 1)
    return counts


def sample_record(spec):
    """The spec's sample input, flattened: Specs/inputs/NAME.json, else inputs/NAME.json beside the spec."""
    spec = Path(spec)
    path = ROOT / "Specs" / "inputs" / f"{spec.stem}.json"
    if not path.exists():
        path = ROOT / spec.parent / "inputs" / f"{spec.stem}.json"
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


def set_rows(driver, rng, counts):
    """Gives each repeated group the rows `counts` says (by the group's key, `items` or `orders.0.lines`), else a
    random count within its <items> (up to three past its min), with the page's Add and Remove buttons."""
    driver.execute_script(
        """
        const [counts, randoms] = arguments;
        let next = 0;
        const data = JSON.parse(document.getElementById("pf-data").textContent);
        const form = document.getElementById("pf-form");
        // Outer groups first: their rows hold the inner groups' fieldsets, which come after them.
        for (let i = 0; i < form.querySelectorAll(".pf-group").length; i++) {
          const fieldset = form.querySelectorAll(".pf-group")[i], group = data.groups[fieldset.dataset.group];
          const row = fieldset.parentElement.closest(".pf-row"), indices = row ? row.dataset.at.split(".") : [];
          const key = group.at.reduce((text, piece, j) => text + indices[j - 1] + piece);
          const rows = () => fieldset.querySelector(":scope > .pf-rows").children;
          const top = Math.min(group.max, group.min + 3);
          const wanted = key in counts ? counts[key] : group.min + Math.floor(randoms[next++ % randoms.length] * (top - group.min + 1));
          for (let n = rows().length; n > wanted && n > group.min; n--) rows()[n - 1].querySelector(":scope > .pf-remove").click();
          for (let n = rows().length; n < wanted && n < group.max; n++) fieldset.querySelector(":scope > .pf-add").click();
        }
        """,
        counts,
        [rng.random() for _ in range(16)],
    )


def remove_a_row(driver, rng):
    """Clicks the Remove button of a random row that may be removed; whether there was one."""
    return driver.execute_script(
        """
        const buttons = Array.from(document.querySelectorAll(".pf-remove")).filter((button) => !button.disabled);
        if (buttons.length === 0) return false;
        buttons[Math.floor(arguments[0] * buttons.length)].click();
        return true;
        """,
        rng.random(),
    )


def fill(driver, table, record):
    """Sets every field (each row's, in a repeated group) to the record's value (text typed as the user's edit) and
    returns the page's view."""
    instances = driver.execute_script("return window.PureForm.instances()")
    # Text is typed into text-like inputs; a date, time or datetime-local input and a select are set as their
    # picker would set them (an invalid value leaves them empty, as the browser sanitizes it).
    typeable = driver.execute_script(
        """
        const [fields, instances, record] = arguments;
        return instances.map((instance) => {
          const field = fields[instance.field], elements = instance.ids.map((id) => document.getElementById(id));
          const value = record[instance.key] ?? "";
          const typed = field.control === "text" && ["text", "email", "password", "url"].includes(elements[0].type);
          if (field.control === "checkbox") elements[0].checked = value === "true";
          else if (field.control === "radio") elements.forEach((e) => { e.checked = e.value === value; });
          // A datetime-local takes a date_time without its offset (the page posts the browser's).
          else if (elements[0].type === "datetime-local") elements[0].value = value.replace(/([Zz]|[+-]\d\d:\d\d)$/, "");
          else elements[0].value = typed ? "" : value;
          return typed;
        });
        """,
        table,
        instances,
        record,
    )
    driver.execute_script("window.PureForm.validateAll()")  # the conditions, for the values set so far
    for instance, typed in zip(instances, typeable):
        value = record.get(instance["key"], "")
        if typed and value:
            # A hidden view's control is disabled and cannot take focus: its value is set, not typed (it is
            # not posted while hidden, and a browser checks minlength only on typed values: looser).
            typed = driver.execute_script(
                "const e = document.getElementById(arguments[0]); if (e.disabled) { e.value = arguments[1]; return false; }"
                " e.focus(); return true;", instance["ids"][0], value)
            if typed:
                driver.execute_cdp_cmd("Input.insertText", {"text": value})
    return read_view(driver)


def read_view(driver):
    """The page's verdict, live failures, the record it posts, and its hidden and conditionally required keys."""
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


def pureform_verdicts(binary, spec, options, records, work, all_failures=True):
    path = Path(work) / "records.ndjson"
    path.write_text("".join(json.dumps(record) + "\n" for record in records))
    command = [binary, "validate", spec, "--input", str(path), "--ndjson", "--format", "json"]
    command += options + (["--all-failures"] if all_failures else [])
    output = subprocess.run(command, capture_output=True, text=True).stdout
    return [json.loads(line) for line in output.split("\n") if line]


class Cases:
    """Generates the records of one spec's page: the sample input with one to three values replaced by values made
    from the fields' validators, in rows added and removed with the page's buttons."""

    def __init__(self, driver, binary, spec, rng):
        self.driver, self.rng = driver, rng
        self.table = driver.execute_script('return JSON.parse(document.getElementById("pf-data").textContent).fields')
        self.groups = driver.execute_script('return JSON.parse(document.getElementById("pf-data").textContent).groups || []')
        validators = field_validators(binary, spec)
        self.base = sample_record(spec)
        # A row past the sample's takes the sample's first value of its view.
        self.template_base = {}
        for key, value in self.base.items():
            self.template_base.setdefault(template_of(key), value)
        self.counts = row_counts(self.base)
        self.pools = {f["name"]: candidates(rng, validators.get(f["name"], {}), self.template_base.get(f["name"], ""))
                      for f in self.table}
        # The values conditions compare with, so that their branches are taken (a business account, an EU
        # country), and each radio group's own options (in a group's template too).
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
        for field in self.table:
            for word in ("visibleIf", "requiredIf"):
                compared(field.get(word), targets)
        radio_values = driver.execute_script(
            "const roots = [document, ...Array.from(document.querySelectorAll('template')).map((t) => t.content)];"
            "return JSON.parse(document.getElementById('pf-data').textContent).fields.map((f, i) =>"
            " roots.flatMap((root) => Array.from(root.querySelectorAll('[data-field=\"' + i + '\"]')).map((e) => e.value)))")
        input_types = driver.execute_script(
            "const roots = [document, ...Array.from(document.querySelectorAll('template')).map((t) => t.content)];"
            "return JSON.parse(document.getElementById('pf-data').textContent).fields.map((f, i) =>"
            " roots.map((root) => root.querySelector('[data-field=\"' + i + '\"]')).find((e) => e)?.type ?? null)")
        for index, field in enumerate(self.table):
            self.pools[field["name"]] = self.pools[field["name"]] + format_candidates(field, input_types[index])
            if field["control"] == "radio":
                self.pools[field["name"]] = [""] + sorted(set(radio_values[index]))
            for value in sorted(targets.get(index, ())):
                self.pools[field["name"]] = self.pools[field["name"]] + [value] * 3
        self.removed = 0

    def view(self, sample):
        """Fills the page with one record (the sample itself when `sample`) and returns the page's view of it."""
        rng, table = self.rng, self.table
        if self.groups:
            set_rows(self.driver, rng, self.counts if sample else {})
        instances = self.driver.execute_script("return window.PureForm.instances()")
        record = {i["key"]: self.base.get(i["key"], self.template_base.get(table[i["field"]]["name"], "")) for i in instances}
        if not sample and instances:
            for instance in rng.sample(instances, min(len(instances), rng.randint(1, 3))):
                field = table[instance["field"]]
                record[instance["key"]] = rng.choice(["true", "false"] if field["control"] == "checkbox" else self.pools[field["name"]])
            if rng.random() < 0.2:  # a neighbour copied: equal_next / equal_previous pass
                keys = [i["key"] for i in instances if table[i["field"]]["control"] == "text"]
                if len(keys) >= 2:
                    index = rng.randrange(len(keys) - 1)
                    record[keys[index + 1]] = record[keys[index]]
        view = fill(self.driver, table, record)
        if self.groups and not sample and rng.random() < 0.3 and remove_a_row(self.driver, rng):
            self.removed += 1
            view = read_view(self.driver)
        return view


def check_spec(driver, binary, spec, options, cases, rng, work):
    """One spec's page, rendered and validated with `options` (`--strings`, `--settings`)."""
    name = Path(spec).stem
    label = name + "".join(" " + Path(option).name for option in options if "/" in option)
    page = Path(work) / f"{name}.html"
    command = [binary, "render", spec] + options
    page.write_text(subprocess.run(command, capture_output=True, text=True, check=True).stdout)
    driver.get(page.as_uri())
    generator = Cases(driver, binary, spec, rng)
    table = generator.table
    views = [generator.view(case % 10 == 0) for case in range(cases)]  # every tenth case is the sample itself
    records = [view["record"] for view in views]
    verdicts = pureform_verdicts(binary, spec, options, records, work)
    problems = []
    overruled = 0
    refused = caught = live_caught = 0
    missed = {}
    for view, verdict in zip(views, verdicts):
        accepted = verdict.get("valid") is True
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
    if generator.groups:
        sizes = [sum(row_counts(view["record"]).values()) for view in views]
        print(f"{label}: repeated groups: {min(sizes)} to {max(sizes)} rows a record, added and removed with the page's"
              f" buttons; a row removed after filling in {generator.removed} records")
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
        problems += submit_rows(driver, binary, serve_port, work)
    finally:
        server.terminate()
        server.wait()
    return problems


def dotted(name):
    """The key `serve` reads for a posted name: `items[2][sku]` is `items.2.sku` (URLEncodedRecord)."""
    if "[" not in name or not name.endswith("]") or name.startswith("["):
        return name
    first, rest = name.split("[", 1)
    return ".".join([first] + rest[:-1].split("]["))


def submit_rows(driver, binary, port, work, count=12):
    """The order form as `pureform serve Specs` serves it, with generated records in rows added and removed with the
    page's buttons, each submitted (the page's own checks passed or not): the server's answer must be the answer of
    `validate` to the record the page shows, its names the bracketed keys of that record, every failure's reason shown
    beside its row's field, and the page must not refuse a record the server accepts."""
    driver.get(f"http://127.0.0.1:{port}/forms/order/page")
    driver.execute_script(
        """
        const original = window.fetch;
        window.fetch = async (url, init) => {
          const response = await original(url, init);
          window.pfPosted = init.body.toString();
          window.pfAnswer = await response.clone().json();
          return response;
        };
        """
    )
    generator = Cases(driver, binary, "Specs/order.json", random.Random(7))
    views, answers, posts, shown = [], [], [], []
    for case in range(count):
        view = generator.view(case == 0)
        driver.execute_script('window.pfAnswer = null; document.getElementById("pf-form").dispatchEvent('
                              'new Event("submit", {cancelable: true}))')
        answer = None
        for _ in range(200):
            answer = driver.execute_script("return window.pfAnswer")
            if answer is not None:
                break
            time.sleep(0.01)
        views.append(view)
        answers.append(answer)
        posts.append(driver.execute_script("return window.pfPosted"))
        shown.append(driver.execute_script(
            "return Object.fromEntries(window.PureForm.instances().map((i) => [i.key, document.getElementById("
            "document.getElementById(i.ids[0]).getAttribute('aria-describedby')).textContent]))"))
    verdicts = pureform_verdicts(binary, "Specs/order.json", [], [v["record"] for v in views], work, all_failures=False)
    problems = []
    for view, answer, post, beside, verdict in zip(views, answers, posts, shown, verdicts):
        record = json.dumps(view["record"], ensure_ascii=False)
        verdict.pop("line", None)  # the NDJSON line's number
        if answer != verdict:
            problems.append(f"rows: serve answers {json.dumps(answer)}, validate {json.dumps(verdict)}: {record}")
        posted = urllib.parse.parse_qsl(post, keep_blank_values=True)
        # Every element's value under a bracketed name (`items[2][sku]`), and the names spell the record's keys.
        if {dotted(name): value for name, value in posted} != view["record"] or any(
                "[" not in name and template_of(name) != name for name, _ in posted):
            problems.append(f"rows: the page posts {post!r} for {record}")
        if (answer or {}).get("valid") and not view["valid"]:
            problems.append(f"rows: the page refuses what serve accepts: {record} (page: {'; '.join(view['invalid'])})")
        for failure in (answer or {}).get("failures", []):
            if failure["key"] in beside and beside[failure["key"]] != failure["reason"]:
                problems.append(f"rows: {failure['key']} shows {beside[failure['key']]!r}, serve says {failure['reason']!r}")
    if not problems:
        rows = [sum(row_counts(view["record"]).values()) for view in views]
        refused = sum(1 for answer in answers if not answer["valid"])
        print(f"rows: {count} order records of {min(rows)} to {max(rows)} rows submitted through serve ({refused} refused,"
              f" {generator.removed} with a row removed after filling): each answer is validate's, each post the"
              f" record's keys bracketed, each reason beside its row's field")
    return problems


def screenshots(driver, binary, work):
    strings = str(ROOT / "Specs" / "strings" / "en.json")
    (ROOT / "docs").mkdir(exist_ok=True)
    for name in ("login", "registration", "order"):
        page = Path(work) / f"shot-{name}.html"
        page.write_text(subprocess.run([binary, "render", f"Specs/{name}.json", "--strings", strings],
                                       capture_output=True, text=True, check=True, cwd=ROOT).stdout)
        driver.get(page.as_uri())
        if name == "order":
            # Two line items (the second a gift, so its note shows) and a coupon, added with the page's buttons.
            set_rows(driver, random.Random(1), {"items": 2, "coupons": 1})
            table = driver.execute_script('return JSON.parse(document.getElementById("pf-data").textContent).fields')
            fill(driver, table, {"email": "ada@example.com", "items.0.sku": "TEA-001", "items.0.quantity": "2",
                                 "items.1.sku": "JAM-042", "items.1.quantity": "1", "items.1.gift": "true",
                                 "items.1.gift_note": "For Charles", "coupons.0": "SPRING24"})
            driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0)")
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
                    for spec in sorted(Path("Specs").glob("*.json")) if not spec.name.endswith(".tests.json")]
            # The settings' keyboardTypeValidation (a pattern of the pad's characters) and failure reasons.
            runs.append(("Specs/signup.json", ["--settings", "Specs/settings/pureform-settings.json"]))
            # Nested groups, a dotted key in an element, neighbours in an element, a typed group of scalars.
            runs.append(("Specs/schema/groups.json", []))
            # <in> beside a format (a datalist) and on a number (a select), a time bound with a fraction, bounds by
            # path in a repeated group's element (relative) and out of it (/last).
            runs.append(("Tests/Pages/value-rules.json", []))
            for spec, options in runs:
                found, figure = check_spec(driver, arguments.bin, spec, options, arguments.cases, rng, work)
                problems += found
                figures.append(figure)
            problems += check_escaping(driver, arguments.bin, work)
            problems += check_formats(driver, arguments.bin, "Specs/booking.json", work)
            problems += check_booking(driver, arguments.bin, work)
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

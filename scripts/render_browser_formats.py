"""The browser stage's check of the page script's own `<format>`, `<in>` and bound rules (HTMLFormatScript).

Loads a page as `pureform render` writes it and calls `window.PureFormFormats` (the functions the page's script
runs on every change) on:
- every vector of Tests/Vectors/format-{url,uuid,date,date_time,time}.json, the list the Swift tests read too:
  `format(name, value, schemes)` must be the vector's `valid`;
- every `order` pair of those files: both values are moments and compare as the pair says, both ways round;
- every case of the URL Standard's urltestdata.json whose answer needs no base URL: the page's `url` rule, with
  the input's own scheme listed, passes exactly when the standard parses the input as sent (no clean-up) to a
  URL with a host where http(s), ws(s) and ftp need one. It also counts the cases where the browser's bare
  `new URL()` departs from the standard (any part of the href), which the page's rule corrects where a verdict
  reads them;
- IN_CASES: `value(type, text)` then `inList(value, elements)`, JSON equality after the view's coercion;
- the native inputs: `<input type=url>` and `type=date` take every valid url and date vector as it is.

Any disagreement is a problem naming the value, the expected verdict and why.
"""
import datetime
import json
import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FORMATS = ["url", "uuid", "date", "date_time", "time"]
SPECIAL = ["ftp", "file", "http", "https", "ws", "wss"]
NEED_HOST = ["http", "https", "ws", "wss", "ftp"]

# (view <type> or None, the text posted, the <in> elements as the page's table has them, in the list?, why)
IN_CASES = [
    ("number", "5", [{"number": "5"}], True, "a number view holds 5"),
    ("number", "5.0", [{"number": "5"}], True, "5.0 is 5 by exact value"),
    ("number", "5e0", [{"number": "5.0"}], True, "5e0 is 5.0"),
    ("number", "0.30000000000000004", [{"number": "0.3"}], False, "exact decimals, not doubles"),
    ("number", "1e400", [{"number": "10E399"}], True, "beyond a double, still exact"),
    ("number", "-0", [{"number": "0"}], True, "-0 is 0"),
    ("integer", "7", [{"number": "7.00"}], True, "an integer view, an element written with a fraction"),
    (None, "5", [{"number": "5"}], False, "an untyped view holds the string \"5\", not the number 5"),
    ("text", "5", [{"text": "5"}], True, "a string equals the same string"),
    (None, "Ada", [{"text": "ada"}], False, "strings compare by code units, case counts"),
    (None, "e\u0301", [{"text": "\u00e9"}], False, "no normalization: UTF-16 code units"),
    (None, "\U0001d49c", [{"text": "\U0001d49c"}], True, "a non-BMP character equals itself"),
    ("bool", "true", [{"bool": True}], True, "a bool view's true"),
    ("bool", "on", [{"bool": True}], True, "on is true after the coercion"),
    ("bool", "0", [{"bool": False}], True, "0 is false after the coercion"),
    ("bool", "true", [{"number": "1"}], False, "true is not the number 1 (JSON equality, unlike equal)"),
    ("number", "1", [{"bool": True}], False, "nor the number 1 true"),
    (None, "true", [{"bool": True}], False, "an untyped view holds the string \"true\""),
    ("number", "5", [{"text": "x"}, {"number": "4"}, {"number": "5.000"}], True, "any element may match"),
]


def usv(text):
    """`text` with each lone surrogate replaced by U+FFFD, as the browser's conversion to a USVString does."""
    return "".join("\ufffd" if 0xD800 <= ord(c) <= 0xDFFF else c for c in text)


def scheme_of(text):
    """The scheme an input starts with, lowercased, or None."""
    match = re.match(r"^([A-Za-z][A-Za-z0-9+\-.]*):", text)
    return match.group(1).lower() if match else None


def cleaned(text):
    """The input as the parser reads it: leading and trailing C0 controls and spaces, tabs and newlines removed."""
    controls = "".join(chr(code) for code in range(0x21))
    return text.strip(controls).replace("\t", "").replace("\n", "").replace("\r", "")


def answers_without_base(text, base):
    """Whether the data's answer for `text` does not depend on its base (as WebURLConformanceTests chooses)."""
    if base is None:
        return True
    text = cleaned(text)
    if base == "about:blank":
        return not text.startswith("#")
    scheme, base_scheme = scheme_of(text), scheme_of(base)
    if scheme is None or base_scheme is None:
        return False
    return scheme not in SPECIAL or scheme != base_scheme


def url_cases():
    """The base-independent cases of urltestdata.json: input, and the parsed URL (href, host) or None."""
    data = json.loads((ROOT / "Tests/Vectors/whatwg-url/urltestdata.json").read_text())
    cases = []
    for entry in data:
        if isinstance(entry, dict) and "input" in entry and answers_without_base(entry["input"], entry.get("base")):
            parsed = None if entry.get("failure") else {"href": usv(entry["href"]), "hostname": usv(entry["hostname"])}
            cases.append((usv(entry["input"]), parsed))
    return cases


def check_formats(driver, binary, spec, work):
    """The page script's format rules against the shared vectors, the standard's URL data and IN_CASES."""
    page = Path(work) / "formats.html"
    page.write_text(subprocess.run([binary, "render", spec], capture_output=True, text=True, check=True).stdout)
    driver.get(page.as_uri())
    problems = []
    counts = []
    for name in FORMATS:
        data = json.loads((ROOT / f"Tests/Vectors/format-{name}.json").read_text())
        vectors = data["vectors"]
        answers = driver.execute_script(
            "return arguments[0].map((v) => window.PureFormFormats.format(arguments[1], v.value, v.schemes))",
            [{"value": usv(v["value"]), "schemes": v.get("schemes")} for v in vectors], name)
        for vector, answer in zip(vectors, answers):
            if answer is not vector["valid"]:
                schemes = f" with schemes {vector['schemes']}" if "schemes" in vector else ""
                problems.append(f"formats: the page's {name} says {answer} for {json.dumps(vector['value'])}{schemes},"
                                f" the vectors {vector['valid']} ({vector['why']})")
        order = data.get("order", [])
        compared = driver.execute_script(
            """const f = window.PureFormFormats;
               return arguments[0].map(([a, b]) => {
                 const x = f.moment(arguments[1], a), y = f.moment(arguments[1], b);
                 return x && y ? [f.compare(x, y), f.compare(y, x)] : null;
               });""", [[pair["lower"], pair["higher"]] for pair in order], name)
        for pair, answer in zip(order, compared):
            expected = [0, 0] if pair.get("equal") or pair["lower"] == pair["higher"] else [-1, 1]
            if answer != expected:
                problems.append(f"formats: the page's {name} orders {pair['lower']!r} and {pair['higher']!r} as"
                                f" {answer} (compare both ways), the vectors {expected} ({pair['why']})")
        counts.append(f"{name} {len(vectors)}" + (f" + {len(order)} orders" if order else ""))
    problems += check_native_inputs(driver)
    problems += check_url_data(driver)
    problems += check_in_cases(driver)
    print(f"formats: the page script's rules agree with Tests/Vectors ({', '.join(counts)}) and {len(IN_CASES)}"
          " <in> cases; <input type=url> and type=date take every valid url and date" if not problems else f"formats: {len(problems)} disagreements")
    return problems


def check_native_inputs(driver):
    """The native inputs render uses never refuse a valid vector: an `<input type=url>` finds no type mismatch in
    a valid url, and an `<input type=date>` keeps every valid date (years 0001-9999) as its value."""
    problems = []
    for name, input_type in (("url", "url"), ("date", "date")):
        values = [usv(v["value"]) for v in json.loads((ROOT / f"Tests/Vectors/format-{name}.json").read_text())["vectors"]
                  if v["valid"]]
        refused = driver.execute_script(
            """const input = document.createElement("input");
               input.type = arguments[1];
               return arguments[0].filter((value) => {
                 input.value = value;
                 return input.value !== value || input.validity.typeMismatch;
               });""", values, input_type)
        problems += [f"formats: an <input type={input_type}> refuses the valid {json.dumps(value)}" for value in refused]
    return problems


def check_url_data(driver):
    """The page's `url` rule on each base-independent case of urltestdata.json, with its own scheme listed."""
    cases = url_cases()
    answers = driver.execute_script(
        """return arguments[0].map(([input, scheme]) => {
             let bare = null;
             try { const u = new URL(input); bare = {href: u.href, hostname: u.hostname}; } catch (error) {}
             return [window.PureFormFormats.format("url", input, scheme ? [scheme] : []), bare];
           });""", [[text, scheme_of(cleaned(text))] for text, _ in cases])
    problems = []
    departures = 0
    for (text, parsed), (answer, bare) in zip(cases, answers):
        departures += bare != parsed
        scheme = scheme_of(cleaned(text))
        expected = parsed is not None and text == cleaned(text) and (scheme not in NEED_HOST or parsed["hostname"] != "")
        if answer is not expected:
            problems.append(f"formats: the page's url says {answer} for {json.dumps(text)} (urltestdata: "
                            f"{'failure' if parsed is None else parsed['href']}), the standard {expected}")
    if not problems:
        print(f"formats: urltestdata.json: the page's url rule answers the standard on all {len(cases)} base-independent"
              f" cases; the browser's bare new URL() departs on {departures} (corrected where a verdict reads them)")
    return problems


def check_in_cases(driver):
    """IN_CASES through the page's own coercion and list rule."""
    answers = driver.execute_script(
        """const f = window.PureFormFormats;
           return arguments[0].map(([type, text, elements]) => {
             const held = f.value(type, text);
             return held === null ? null : f.inList(held, elements);
           });""", [[type, text, elements] for type, text, elements, _, _ in IN_CASES])
    return [f"formats: the page says {text!r} on a {type or 'untyped'} view is {'in' if answer else 'not in'}"
            f" {json.dumps(elements)}: expected {expected} ({why})"
            for (type, text, elements, expected, why), answer in zip(IN_CASES, answers) if answer is not expected]


def vectors_of(name):
    """The values of Tests/Vectors/format-NAME.json that use the default schemes, valid and not."""
    data = json.loads((ROOT / f"Tests/Vectors/format-{name}.json").read_text())
    return [usv(v["value"]) for v in data["vectors"] if "schemes" not in v]


def near(rule):
    """Values at and just past a literal bound: the bound, a day or a second either side."""
    literal, name = rule["literal"], rule["format"]
    if name == "date":
        day = datetime.date.fromisoformat(literal)
        return [literal] + [(day + datetime.timedelta(days=step)).isoformat() for step in (-1, 1)
                            if datetime.date.min < day + datetime.timedelta(days=step) < datetime.date.max]
    if name == "time":
        at = datetime.datetime.combine(datetime.date(2000, 1, 1), datetime.time.fromisoformat(literal))
        return [literal] + [(at + datetime.timedelta(seconds=step)).time().isoformat() for step in (-1, 1)]
    return [literal]


def format_candidates(field, input_type):
    """Values for a field with `valueRules` (a table entry), weighted so its rules are often the ones tested:
    the shared vectors of its format, values at its literal bounds, its `<in>` / `<not_in>` elements and near
    misses; a datetime-local input also local date-times (the page posts them with the browser's offset)."""
    values = []
    for rule in field.get("valueRules", []):
        if rule["rule"] == "format":
            values += vectors_of(rule["format"])
            if input_type == "datetime-local":
                values += [v[:19] for v in vectors_of("date_time") if re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d", v)]
                values += [v[:16] for v in vectors_of("date_time") if re.match(r"^\d{4}-\d\d-\d\dT\d\d:\d\d", v)]
        elif rule["rule"] in ("in", "not_in"):
            for element in rule["values"]:
                text = element.get("text", element.get("number"))
                text = ("true" if element.get("bool") else "false") if text is None else text
                values += [text] * 4 + [text.lower(), text.upper(), text + " ", text + "0"]
        elif "literal" in rule:
            values += near(rule) * 3
    return values * 2


# Specs/booking.json's page in Europe/Berlin: (values set as the pickers set them, the key whose failure is
# checked, the reason the page must show for it, what the page must post for the key).
BOOKING = {"stay.check_in": "2027-06-01", "stay.check_out": "2027-06-05", "stay.arrival": "15:00",
           "booked_at": "2027-01-15T10:00", "guest.country": "DE", "guest.name": "Ada Lovelace",
           "guest.website": "https://example.com", "reference": "123e4567-e89b-12d3-a456-426614174000",
           "stay.guests": "2"}
BOOKING_CASES = [
    ({}, None, None, None),
    ({"booked_at": "2027-01-15T10:00"}, "booked_at", None, "2027-01-15T10:00:00+01:00"),
    ({"booked_at": "2027-07-15T10:00:30"}, "booked_at", None, "2027-07-15T10:00:30+02:00"),
    ({"stay.check_in": "2027-03-31"}, "stay.check_in", "Value is too early, than expected (2027-04-01)", None),
    ({"stay.check_in": "2027-04-01"}, "stay.check_in", None, None),
    ({"stay.check_in": "2027-11-01", "stay.check_out": "2027-10-31"}, "stay.check_in",
     "Value is too late, than expected (2027-10-31)", None),
    ({"stay.check_out": "2027-05-31"}, "stay.check_out", "Check-out cannot be before check-in", None),
    ({"stay.check_out": "2027-06-01"}, "stay.check_out", None, None),
    ({"stay.check_in": "", "stay.check_out": "2027-05-01"}, "stay.check_out", None, None),
    ({"stay.arrival": "13:59:59"}, "stay.arrival", "Value is too early, than expected (14:00)", None),
    ({"stay.arrival": "23:30"}, "stay.arrival", None, "23:30"),
    ({"stay.arrival": "23:30:01"}, "stay.arrival", "Value is too late, than expected (23:30)", None),
    ({"guest.name": "admin"}, "guest.name", "Value is not allowed", None),
    ({"guest.name": "Admin"}, "guest.name", None, None),
    ({"guest.website": "http://example.com"}, "guest.website", "Value doesn't match url format", None),
    ({"guest.website": "https://bücher.example/a b"}, "guest.website", None, None),
    ({"guest.website": "https://a b.example/"}, "guest.website", "Value doesn't match url format", None),
    ({"reference": "123E4567-E89B-12D3-A456-42661417400"}, "reference", "Value doesn't match uuid format", None),
    ({"reference": "123E4567-E89B-12D3-A456-426614174000"}, "reference", None, None),
    ({"stay.guests": "5"}, "stay.guests", "Value is not one of the allowed values", None),
    ({"stay.guests": "4"}, "stay.guests", None, None),
]


def check_booking(driver, binary, work):
    """Specs/booking.json's page: its native inputs, and on each of BOOKING_CASES the reason the page shows and the
    value it posts; the page's reasons are, key by key, the first `format`, `in`, `not_in`, `min` or `max` failure
    `pureform validate --all-failures` gives for the record the page posts."""
    page = Path(work) / "booking.html"
    page.write_text(subprocess.run([binary, "render", "Specs/booking.json"], capture_output=True, text=True,
                                   check=True).stdout)
    driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Europe/Berlin"})
    problems = []
    try:
        driver.get(page.as_uri())
        controls = driver.execute_script(
            """return Array.from(document.querySelectorAll("[data-field]")).map((e) => [e.name, e.tagName.toLowerCase(),
                 e.type, e.getAttribute("min"), e.getAttribute("max"), e.getAttribute("step"), e.getAttribute("pattern"),
                 e.tagName === "SELECT" ? Array.from(e.options).map((o) => o.value) : null])""")
        uuid = "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"
        countries = ["AT", "BE", "CH", "DE", "DK", "ES", "FR", "GB", "IE", "IT", "LU", "NL", "NO", "PL", "PT", "SE"]
        expected = [
            ["stay.check_in", "input", "date", "2027-04-01", "2027-10-31", None, None, None],
            ["stay.check_out", "input", "date", None, "2027-10-31", None, None, None],
            ["stay.arrival", "input", "time", "14:00", "23:30", "0.001", None, None],
            ["booked_at", "input", "datetime-local", None, None, "0.001", None, None],
            ["guest.country", "select", "select-one", None, None, None, None, [""] + countries],
            ["guest.name", "input", "text", None, None, None, None, None],
            ["guest.website", "input", "url", None, None, None, None, None],
            ["reference", "input", "text", None, None, None, uuid, None],
            ["stay.guests", "input", "number", None, None, "any", None, None],
        ]
        if controls != expected:
            problems.append(f"booking: the page's controls are {controls}, expected {expected}")
        views = []
        for changes, _, _, _ in BOOKING_CASES:
            values = dict(BOOKING, **changes)
            views.append(driver.execute_script(
                """const values = arguments[0];
                   document.querySelectorAll("[data-field]").forEach((e) => { e.value = values[e.name] ?? ""; });
                   const failures = window.PureForm.validateAll();
                   return {failures, record: window.PureForm.record()};""", values))
        path = Path(work) / "booking.ndjson"
        path.write_text("".join(json.dumps(view["record"]) + "\n" for view in views))
        output = subprocess.run([binary, "validate", "Specs/booking.json", "--input", str(path), "--ndjson", "--format",
                                 "json", "--all-failures"], capture_output=True, text=True).stdout
        verdicts = [json.loads(line) for line in output.split("\n") if line]
        for (changes, key, reason, posted), view, verdict in zip(BOOKING_CASES, views, verdicts):
            shown = {failure["key"]: failure["reason"] for failure in view["failures"]}
            # The server's first failure of the five words for each key (`required` is the browser's own check).
            server = {}
            for failure in verdict.get("failures", []):
                if failure["validator"] in ("format", "in", "not_in", "min", "max"):
                    server.setdefault(failure["key"], failure["reason"])
            if shown != server:
                problems.append(f"booking: with {changes} the page shows {shown}, pureform validate {server}")
            if key is not None and shown.get(key) != reason:
                problems.append(f"booking: with {changes} the page shows {shown.get(key)!r} for {key}, expected {reason!r}")
            if posted is not None and view["record"].get(key) != posted:
                problems.append(f"booking: with {changes} the page posts {view['record'].get(key)!r} for {key},"
                                f" expected {posted!r}")
    finally:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": ""})
    if not problems:
        print(f"booking: native inputs for every word; {len(BOOKING_CASES)} records, the page's reasons pureform's and"
              " date_times posted with the offset of Europe/Berlin at that time")
    return problems

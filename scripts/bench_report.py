#!/usr/bin/env python3
"""The two Python halves of `make bench` (scripts/bench.sh): checking pureform's NDJSON output, and the report.

usage:
  bench_report.py check OUT.ndjson IN.ndjson [--json-out FILE]
      Reads pureform's output for IN.ndjson and compares it with IN.ndjson.labels (gen_records.py): one
      result per input line, `"line"` 1..N in order, and each record's verdict. Prints a one-line summary;
      exit 0 when the output has the documented shape (whatever the verdicts), 1 when it does not.
  bench_report.py busy
      Prints how busy the CPU is over one second, in percent of all cores (the load from other processes).
  bench_report.py report RUNDIR [--records200k N] [--records1m N] [--jobs N] [--out FILE] [--strict]
                         [--fact KEY=VALUE ...]
      Reads the files bench.sh left in RUNDIR and prints the markdown report (and writes it to --out).
  bench_report.py compile TIMINGS.json [--out FILE] [--strict]
      Prints the compile-speed table from bench_check.py's timings (`pureform check` beside orjson.loads,
      with the bars: >= 1.0x orjson, peak RSS <= 3x the file, linear) and appends it to --out.

Standard library only.
"""
import argparse
import datetime
import itertools
import json
import os
import platform
import re
import sys

# ---------------------------------------------------------------- check


def check_output(out_path, in_path, limit_examples=5):
    """Shape and verdicts of pureform's NDJSON output against the generator's labels.

    Each result is judged against the label of the line its `"line"` names, so one dropped or reordered
    result shows as one shape problem, not as a disagreement on every later line.
    """
    with open(in_path + ".labels", "rb") as f:
        labels = f.read()
    s = {"expected_lines": len(labels), "lines": 0, "shape_ok": True, "problems": [], "problem_count": 0,
         "valid": 0, "invalid": 0, "error": 0, "label_valid": labels.count(b"1"),
         "agree": 0, "valid_but_labelled_invalid": 0, "invalid_but_labelled_valid": 0, "examples": []}
    seen = bytearray(len(labels) + 1)

    def problem(text):
        s["shape_ok"] = False
        s["problem_count"] += 1
        if len(s["problems"]) < limit_examples:
            s["problems"].append(text)

    with open(out_path, "rb") as f:
        for n, raw in enumerate(f, 1):
            s["lines"] = n
            try:
                obj = json.loads(raw)
            except ValueError:
                problem("output line %d is not JSON: %r" % (n, raw[:120]))
                continue
            if not isinstance(obj, dict):
                problem("output line %d is not a JSON object" % n)
                continue
            ln = obj.get("line")
            if type(ln) is not int or not 1 <= ln <= len(labels):
                problem("output line %d has \"line\": %r (expected 1..%d)" % (n, ln, len(labels)))
                continue
            if seen[ln]:
                problem("output line %d repeats \"line\": %d" % (n, ln))
                continue
            seen[ln] = 1
            if ln != n:
                problem("output line %d has \"line\": %d (results must come in input order)" % (n, ln))
            if "error" in obj:
                verdict = False
                s["error"] += 1
            elif obj.get("valid") is True:
                verdict = True
                s["valid"] += 1
            elif obj.get("valid") is False:
                verdict = False
                s["invalid"] += 1
            else:
                problem("output line %d has neither \"valid\": true/false nor \"error\"" % n)
                continue
            want = labels[ln - 1] == 0x31
            if verdict == want:
                s["agree"] += 1
            else:
                s["valid_but_labelled_invalid" if verdict else "invalid_but_labelled_valid"] += 1
                if len(s["examples"]) < limit_examples:
                    s["examples"].append({"line": ln, "pureform": obj, "label_valid": want})
    missing = len(labels) - sum(seen)
    if missing:
        first = next(i for i in range(1, len(labels) + 1) if not seen[i])
        problem("%d input lines have no result (the first: line %d)" % (missing, first))
    if s["lines"] != s["expected_lines"]:
        problem("%d output lines for %d input lines" % (s["lines"], s["expected_lines"]))
    return s


def describe_check(s):
    mism = s["valid_but_labelled_invalid"] + s["invalid_but_labelled_valid"]
    shape = "shape ok" if s["shape_ok"] else "BAD SHAPE (%d problems)" % s["problem_count"]
    return ("%s: %d/%d lines, valid %d (labels %d), invalid %d, error %d; %d disagree with the labels"
            % (shape, s["lines"], s["expected_lines"], s["valid"], s["label_valid"], s["invalid"], s["error"], mism))


# ---------------------------------------------------------------- busy


def cpu_busy(seconds=1.0):
    """Percent of all cores busy over `seconds` (from /proc/stat), while this process sleeps: other load."""
    import time

    def sample():
        with open("/proc/stat") as f:
            v = [int(x) for x in f.readline().split()[1:]]
        idle = v[3] + (v[4] if len(v) > 4 else 0)
        return sum(v), idle
    t0, i0 = sample()
    time.sleep(seconds)
    t1, i1 = sample()
    return 100.0 * (1 - (i1 - i0) / max(t1 - t0, 1))


# ---------------------------------------------------------------- report helpers


def load_json(path):
    try:
        with open(path) as f:
            return json.load(f)
    except (OSError, ValueError):
        return None


def read_text(path):
    try:
        with open(path, encoding="utf-8", errors="replace") as f:
            return f.read()
    except OSError:
        return None


def parse_anchor_tables(text):
    """Rows of anchors.py's throughput table, found by its header names (not by column position)."""
    rows = []
    descriptions = {}
    header = None
    for line in text.splitlines():
        line = line.strip()
        if line.startswith("- ") and ": " in line:
            name, desc = line[2:].split(": ", 1)
            descriptions[name] = desc
            continue
        if not line.startswith("|"):
            header = None
            continue
        cells = [c.strip() for c in line.strip("|").split("|")]
        if header is None:
            if "anchor" in cells and "records/s" in cells:
                header = cells
            continue
        if all(re.fullmatch(r":?-+:?", c) for c in cells):
            continue
        row = dict(zip(header, cells))
        try:
            rps = float(row["records/s"].replace(",", ""))
        except (KeyError, ValueError):
            continue
        rows.append({"kind": row.get("kind", ""), "name": row["anchor"], "rps": rps,
                     "ns": 1e9 / rps if rps else None, "count": row.get("count", ""),
                     "agrees": row.get("count==labels", ""), "mismatches": row.get("prefix mismatches", "")})
    for r in rows:
        r["desc"] = descriptions.get(r["name"], "")
    return rows


def cpu_model():
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.lower().startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def package_versions(names):
    from importlib.metadata import PackageNotFoundError, version
    out = []
    for n in names:
        try:
            out.append("%s %s" % (n, version(n)))
        except PackageNotFoundError:
            out.append("%s (not installed)" % n)
    return ", ".join(out)


def fmt_int(x):
    return "{:,.0f}".format(x)


def fmt_ratio(x):
    return "%.2f×" % x


def mib(kib):
    return kib / 1024.0


# ---------------------------------------------------------------- report


def report(a):
    facts = dict(kv.split("=", 1) for kv in a.facts)
    run = a.rundir
    jobs = a.jobs
    L = []
    now = datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")
    L.append("# pureform benchmark, %s" % now)
    L.append("")
    L.append("- machine: `nproc` = %s, CPU: %s, %s, Python %s" % (
        facts.get("nproc", os.cpu_count()), cpu_model(), platform.platform(terse=True), platform.python_version()))
    busy = [facts.get(k, "?") for k in ("busy_pureform", "busy_pureform_after", "busy_anchors", "busy_anchors_after")]
    L.append("- CPU busy with other processes, in %% of all cores: %s%% before / %s%% after timing pureform, "
             "%s%% / %s%% for the anchors; load average before: %s" % tuple(busy + [facts.get("load", "?")]))
    if any(b.isdigit() and int(b) >= 10 for b in busy):
        L.append("- **WARNING: the machine was not idle; every figure below is lower than on an idle machine,"
                 " and the ratios are noisy. Rerun when it is idle.**")
    L.append("- pureform: `%s` (%s), repo commit %s" % (facts.get("pureform_cmd", "?"), facts.get("pureform_version", "?"),
                                                      facts.get("commit", "?")))
    L.append("- data: %s (%s records, %s), %s (%s)" % (
        facts.get("r200k", "?"), fmt_int(a.records200k), facts.get("r200k_md5", "?"),
        facts.get("r1m", "?"), facts.get("r1m_md5", "?")))
    L.append("- anchors: %s" % package_versions(
        ["jsonschema-rs", "msgspec", "pydantic", "fastjsonschema", "jsonschema", "orjson", "pysimdjson"]))

    # ---- anchors
    anchors_text = read_text(os.path.join(run, "anchors.md"))
    anchors = parse_anchor_tables(anchors_text or "")
    anchors_rc = facts.get("anchors_rc", "?")
    rs = next((r for r in anchors if r["name"] == "jsonschema-rs"), None)

    # ---- pureform runs
    available = facts.get("pureform_available") == "yes"
    configs = [
        ("`--jobs 1`, 200k", "run-200k-jobs1.json", a.records200k),
        ("`--jobs %d` (all cores), 200k" % jobs, "run-200k-jobsN.json", a.records200k),
        ("`--jobs %d` (all cores), 1M" % jobs, "run-1m-jobsN.json", a.records1m),
    ]
    results = []
    for label, fname, n in configs:
        r = load_json(os.path.join(run, fname)) if available else None
        if r and r.get("ok") and r.get("best_wall_s"):
            results.append({"label": label, "n": n, "wall": r["best_wall_s"], "rps": n / r["best_wall_s"],
                            "ns": r["best_wall_s"] / n * 1e9, "rss_kib": r["max_rss_kib"], "reps": r["reps"],
                            "error": None})
        else:
            why = facts.get("pureform_reason", "not run") if not available else (
                "failed: exit %s: %s" % (r["exit_codes"], (r.get("stderr_head") or "").strip()[:200]) if r
                else "no result file")
            results.append({"label": label, "n": n, "error": why})

    L.append("")
    L.append("## pureform validate --format json > /dev/null (whole command, best of %s)" % facts.get("reps", "3"))
    L.append("")
    if not available:
        L.append("**pureform NDJSON validation is not available: %s**" % facts.get("pureform_reason", "?"))
        L.append("")
    L.append("| configuration | records/s | ns/record | best wall s | peak RSS MiB | × jsonschema-rs |")
    L.append("|---|---:|---:|---:|---:|---:|")
    for r in results:
        if r["error"]:
            L.append("| %s | n/a | n/a | n/a | n/a | n/a |" % r["label"])
        else:
            L.append("| %s | %s | %s | %.3f | %.1f | %s |" % (
                r["label"], fmt_int(r["rps"]), fmt_int(r["ns"]), r["wall"], mib(r["rss_kib"]),
                fmt_ratio(r["rps"] / rs["rps"]) if rs else "n/a"))
    if any(r["error"] for r in results) and available:
        for r in results:
            if r["error"]:
                L.append("- %s: %s" % (r["label"], r["error"]))

    # ---- ratios against every anchor
    L.append("")
    L.append("## Ratio to each anchor (pureform records/s ÷ anchor records/s; anchors on the same 200k file, same run)")
    L.append("")
    if not anchors:
        L.append("No anchor figures: anchors.py exited %s. %s" % (
            anchors_rc, (read_text(os.path.join(run, "anchors.err")) or "").strip()[-400:]))
    else:
        ok_results = [r for r in results if not r["error"]]
        cols = ["anchor", "records/s", "ns/record"] + ["pureform %s" % r["label"] for r in ok_results]
        L.append("| " + " | ".join(cols) + " |")
        L.append("|---|" + "---:|" * (len(cols) - 1))
        for an in anchors:
            name = an["name"] if an["kind"] == "validate" else "*floor:* %s" % an["name"]
            cells = [name, fmt_int(an["rps"]), fmt_int(an["ns"])] + [fmt_ratio(r["rps"] / an["rps"]) for r in ok_results]
            L.append("| " + " | ".join(cells) + " |")
        if anchors_rc not in ("0", 0):
            L.append("")
            L.append("**anchors.py exited %s** (1 means a validator disagreed with the labels; see anchors.err)."
                     % anchors_rc)

    # ---- bars
    L.append("")
    L.append("## The bar")
    L.append("")
    L.append("| bar | measured | result |")
    L.append("|---|---|---|")
    j1, jn, j1m = results

    def bar_speed(r, factor):
        if r["error"] or not rs:
            return "n/a", "N/A"
        x = r["rps"] / rs["rps"]
        return ("%s (%s vs %s records/s)" % (fmt_ratio(x), fmt_int(r["rps"]), fmt_int(rs["rps"])),
                "PASS" if x >= factor else "FAIL")

    verdicts = []
    m, v = bar_speed(j1, 1.5)
    verdicts.append(v)
    L.append("| `--jobs 1` ≥ 1.5× jsonschema-rs | %s | %s |" % (m, v))
    m, v = bar_speed(jn, 3.0)
    verdicts.append(v)
    L.append("| all cores (`--jobs %d`) ≥ 3× jsonschema-rs | %s | %s |" % (jobs, m, v))
    if jn["error"] or j1m["error"]:
        m, v = "n/a", "N/A"
    else:
        x = j1m["rss_kib"] / jn["rss_kib"]
        m = "%s (%.1f MiB at 1M vs %.1f MiB at 200k)" % (fmt_ratio(x), mib(j1m["rss_kib"]), mib(jn["rss_kib"]))
        v = "PASS" if x <= 1.2 else "FAIL"
    verdicts.append(v)
    L.append("| peak RSS at 1M ≤ 1.2× peak RSS at 200k (all cores) | %s | %s |" % (m, v))

    # ---- correctness of the output
    L.append("")
    L.append("## pureform output check (untimed run on the 200k file)")
    L.append("")
    chk = load_json(os.path.join(run, "check-200k.json")) if available else None
    if chk:
        L.append("- %s" % describe_check(chk))
        L.append("- exit code %s (1 expected: the file has invalid records)" % facts.get("check_exit", "?"))
        L.append("- `--jobs 1` output identical to `--jobs %d` output: %s" % (jobs, facts.get("jobs_identical", "?")))
        for p in chk["problems"]:
            L.append("- problem: %s" % p)
        for e in chk["examples"]:
            L.append("- disagrees with the label (label %s): `%s`" % (
                "valid" if e["label_valid"] else "invalid", json.dumps(e["pureform"], ensure_ascii=False)[:300]))
        if chk["examples"]:
            L.append("- (the labels follow gen_records.py's reference semantics; PureForm may differ on purpose,"
                     " see the bench README's caveats)")
    else:
        L.append("- not run (%s)" % (facts.get("pureform_reason", "no output") if not available else "no check file"))

    # ---- library
    L.append("")
    L.append("## Library, in process (PureFormBench: %s lines in memory as [[UInt8]], best of %s passes)"
             % (fmt_int(a.records200k), facts.get("reps", "3")))
    L.append("")
    lib = load_json(os.path.join(run, "library.json"))
    if lib:
        L.append("- spec compile: %.2f ms" % lib["compileMilliseconds"])
        for w in lib["workloads"]:
            vs = ""
            if rs and "floor" not in w["name"]:
                vs = "; %s jsonschema-rs (both time lines already in memory)" % fmt_ratio(w["recordsPerSecond"] / rs["rps"])
            L.append("- %s: **%s ns/record**, %s records/s (%s %s)%s" % (
                w["name"], "%.1f" % w["nanosecondsPerRecord"], fmt_int(w["recordsPerSecond"]),
                fmt_int(w["counted"]), w["countedMeaning"], vs))
        for row in lib.get("oneRecord", []):
            bar = row.get("barNanoseconds")
            verdict = "" if bar is None else "; bar <= %.0f ns: **%s**" % (
                bar, "PASS" if row["nanosecondsPerRecord"] <= bar else "FAIL")
            L.append("- %s: **%.1f ns/record** (%s)%s" % (row["name"], row["nanosecondsPerRecord"], row["verdict"], verdict))
        if lib.get("note"):
            L.append("- %s" % lib["note"])
        L.append(library_beside_row(lib))
    else:
        L.append("- not run: %s" % facts.get("library_reason", "no result file"))

    # ---- the extension forms
    L.extend(extras_section(run, facts, results, lib, jobs))

    # ---- notes
    L.append("")
    L.append("## How to read this")
    L.append("")
    L.append("- pureform figures are whole-command wall time: process start, spec compile, reading the file and"
             " writing every result line (to /dev/null). The anchors time only the validation of lines already"
             " in memory (no file reading, no output; bench README, Method), so the ratios are conservative for"
             " pureform.")
    L.append("- Peak RSS is `ru_maxrss` of the pureform process (scripts/bench_run.py, via `wait4`).")
    L.append("- Anchors are single-threaded Python; the 1M pureform row is compared with the anchors' 200k figures.")
    L.append("- One run on a %s-core machine: repeat runs move figures by up to about 10%% (bench README)."
             % facts.get("nproc", "?"))
    if anchors:
        L.append("")
        L.append("Anchors (anchors.py's own descriptions):")
        for an in anchors:
            if an["desc"]:
                L.append("- %s: %s" % (an["name"], an["desc"]))

    text = "\n".join(L) + "\n"
    if a.out:
        with open(a.out, "w") as f:
            f.write(text)
    sys.stdout.write(text)
    return verdicts


EXTRA_FORMS = (("business", "Specs/business-account.json", "conditions: `<visible_if>` hides the company or"
                 " the shipping views in most records, `<required_if>` asks for a VAT number in the EU,"
                 " `<same_as>` compares the e-mails"),
               ("order", "Specs/order.json", "repeated groups: one to six line items and up to three coupons"
                " per order"),
               ("booking", "Specs/booking.json", "validators beyond PureForm: `<format>` date, time, date_time,"
                " url and uuid, `<min>` by literal and by path, `<in>` of 16 countries and of guest counts,"
                " `<not_in>`; one record in four breaks one of them"))


def extras_section(run, facts, login_results, login_lib, jobs):
    """The extension forms beside the login form: whole commands, the library in process, and jsonschema-rs
    on the same records with the form's own schema."""
    L = []
    if facts.get("extras_reason"):
        return ["", "## Extension forms", "", "- not run: %s" % facts["extras_reason"]]
    for name, spec, what in EXTRA_FORMS:
        data = read_text(os.path.join(run, "extra-%s.data" % name))
        if not data:
            continue
        L += ["", "## %s beside the login form" % spec, ""]
        L.append("200,000 generated records (`%s`), %s. CPU busy with other processes before: %s%%."
                 % (data.strip(), what, (read_text(os.path.join(run, "extra-%s.busy" % name)) or "?").strip()))
        L.append("")
        anchor = load_json(os.path.join(run, "anchor-%s.json" % name))
        L.append("| whole command (best of %s) | login records/s | %s records/s | × login | × jsonschema-rs on"
                 " `pureform schema` (%s records/s) |"
                 % (facts.get("reps", "3"), name, fmt_int(anchor["rps"]) if anchor else "n/a"))
        L.append("|---|---:|---:|---:|---:|")
        for label, tag, login in (("`--jobs 1`", "jobs1", login_results[0]),
                                  ("`--jobs %d`" % jobs, "jobsN", login_results[1])):
            r = load_json(os.path.join(run, "run-%s-%s.json" % (name, tag)))
            if not (r and r.get("ok") and r.get("best_wall_s")) or login["error"]:
                L.append("| %s | n/a | n/a | n/a | n/a |" % label)
                continue
            rps = 200000 / r["best_wall_s"]
            L.append("| %s | %s | %s | %s | %s |" % (
                label, fmt_int(login["rps"]), fmt_int(rps), fmt_ratio(rps / login["rps"]),
                fmt_ratio(rps / anchor["rps"]) if anchor else "n/a"))
        checked = load_json(os.path.join(run, "anchor-%s-formats.json" % name))
        jobs1 = load_json(os.path.join(run, "run-%s-jobs1.json" % name))
        if checked and jobs1 and jobs1.get("ok") and jobs1.get("best_wall_s"):
            L.append("")
            L.append("- jsonschema-rs checks `format` only when asked (`validate_formats=True`); asked, on the same"
                     " schema and records: %s records/s (%s valid), and pureform `--jobs 1` is **%s** of it"
                     % (fmt_int(checked["rps"]), fmt_int(checked["valid"]),
                        fmt_ratio(200000 / jobs1["best_wall_s"] / checked["rps"])))
        lib = load_json(os.path.join(run, "library-%s.json" % name))
        if lib and login_lib:
            L.append("")
            L.append("| in process (PureFormBench) | login ns/record | %s ns/record |" % name)
            L.append("|---|---:|---:|")
            login_rows = {w["name"]: w for w in login_lib["workloads"]}
            for w in lib["workloads"]:
                other = login_rows.get(w["name"])
                L.append("| %s | %s | %s |" % (w["name"], "%.1f" % other["nanosecondsPerRecord"] if other else "n/a",
                                              "%.1f" % w["nanosecondsPerRecord"]))
            L.append("")
            L.append(library_beside_row(lib))
    return L


def library_beside_row(lib):
    """The library call beside the stream's validator (`RecordValidator`) on the same records (issue 30): per-record times, their ratio
    against the 2x bar, and how many verdicts agree."""
    b = lib.get("libraryBesideLineValidator")
    if not b:
        return "- `form.validate(json:)` beside `RecordValidator`: n/a"
    return ("- `form.validate(json:)` %.1f ns/record beside `RecordValidator.validate(line:)` %.1f ns/record: "
            "**%.2fx** (bar <= %.0fx: **%s**), same verdicts on %s of %s records" % (
                b["libraryNanoseconds"], b["lineValidatorNanoseconds"], b["ratio"], b["barRatio"],
                "PASS" if b["ratio"] <= b["barRatio"] else "FAIL", fmt_int(b["sameVerdicts"]), fmt_int(b["records"])))


# ---------------------------------------------------------------- compile speed
def compile_report(timings_path):
    """The markdown table of `pureform check` beside orjson (bench_check.py's JSON), with the bars.

    Bars, on the largest spec of each kind: check at least as fast as orjson.loads on the same file
    (ratio = orjson's best time / pureform's, whole processes), and peak RSS at most 3x the file; and,
    per kind and format, time linear in size (seconds per MB on the largest spec at most 1.25x that on the
    smallest). Returns the text and the verdicts.
    """
    data = load_json(timings_path)
    L = ["", "## Compile speed: `pureform check` beside `orjson.loads` on the same spec (scripts/gen_large_spec.py)", ""]
    if not data or not data.get("rows"):
        L.append("- not run (no timings)")
        return "\n".join(L) + "\n", ["N/A"]
    L.append("Whole processes, best of %d, run in turn (pureform text, pureform json, orjson) on each file; "
             "ratio = orjson's time / pureform's (>= 1.0x: pureform is at least as fast)." % data["reps"])
    L.append("")
    L.append("Indented: pretty-printed one space per level, a second view (`titleLabel`) in every cell "
             "(gen_large_spec.py --indented).")
    L.append("")
    L.append("| cells | layout | a warning per cell | format | MB | check s | check MB/s | orjson s | orjson MB/s "
             "| ratio | peak RSS MiB | RSS / file |")
    L.append("|---:|:---|:---:|:---|---:|---:|---:|---:|---:|---:|---:|---:|")
    rows = data["rows"]

    def cells_of(row):
        m = re.search(r"spec(\d+)k", os.path.basename(row["spec"]))
        return int(m.group(1)) * 1000 if m else 0

    def layout(row):
        return "indented" if row.get("indented") else "one line a cell"

    figures = {}
    for row in rows:
        mb = row["bytes"] / 1e6
        o = row["orjson"]
        for fmt in ("text", "json"):
            r = row[fmt]
            cells = cells_of(row)
            if not r["ok"] or r["best_wall_s"] is None or not o["ok"] or o["best_wall_s"] is None:
                L.append("| %s | %s | %s | %s | %.1f | failed (exit %s; orjson %s) | - | - | - | - | - | - |" % (
                    f"{cells:,}", layout(row), "yes" if row["warn"] else "no", fmt, mb, r["exit_codes"], o["exit_codes"]))
                figures[(row["warn"], row.get("indented", False), fmt, cells)] = None
                continue
            secs, osecs = r["best_wall_s"], o["best_wall_s"]
            ratio = osecs / secs
            rss = r["max_rss_kib"] * 1024 / row["bytes"]
            figures[(row["warn"], row.get("indented", False), fmt, cells)] = (secs / mb, ratio, rss)
            L.append("| %s | %s | %s | %s | %.1f | %.2f | %.1f | %.2f | %.1f | %.2fx | %.0f | %.2fx |" % (
                f"{cells:,}", layout(row), "yes" if row["warn"] else "no", fmt, mb, secs, mb / secs, osecs, mb / osecs, ratio,
                r["max_rss_kib"] / 1024, rss))
    L.append("")
    verdicts = []
    for indented, warn, fmt in itertools.product((False, True), (False, True), ("text", "json")):
        sizes = sorted(c for (w, i, f, c) in figures if w == warn and i == indented and f == fmt)
        if not sizes:
            continue
        what = "%s%s, %s" % ("indented, " if indented else "", "a warning per cell" if warn else "no warning", fmt)
        big = figures[(warn, indented, fmt, sizes[-1])]
        small = figures[(warn, indented, fmt, sizes[0])]
        if big is None:
            L.append("- %s: **N/A** (the run failed)" % what)
            verdicts.append("N/A")
            continue
        _, ratio, rss = big
        v1 = "PASS" if ratio >= 1.0 else "FAIL"
        v2 = "PASS" if rss <= 3.0 else "FAIL"
        line = "- %s, %s cells: check >= 1.0x orjson: **%s** (%.2fx); peak RSS <= 3x the file: **%s** (%.2fx)" % (
            what, f"{sizes[-1]:,}", v1, ratio, v2, rss)
        verdicts += [v1, v2]
        if small is not None and len(sizes) > 1:
            growth = big[0] / small[0]
            v3 = "PASS" if growth <= 1.25 else "FAIL"
            line += "; linear from %s cells: **%s** (time per MB x%.2f)" % (f"{sizes[0]:,}", v3, growth)
            verdicts.append(v3)
        L.append(line)
    return "\n".join(L) + "\n", verdicts


def main():
    ap = argparse.ArgumentParser()
    sub = ap.add_subparsers(dest="cmd", required=True)
    c = sub.add_parser("check")
    c.add_argument("output")
    c.add_argument("input")
    c.add_argument("--json-out")
    cp = sub.add_parser("compile", help="the compile-speed table from bench_check.py's JSON")
    cp.add_argument("timings")
    cp.add_argument("--out", help="append the table to this file")
    cp.add_argument("--strict", action="store_true", help="exit 1 when a bar is FAIL or N/A")
    sub.add_parser("busy", help="print the percent of CPU busy over one second (other processes' load)")
    r = sub.add_parser("report")
    r.add_argument("rundir")
    r.add_argument("--records200k", type=int, default=200000)
    r.add_argument("--records1m", type=int, default=1000000)
    r.add_argument("--jobs", type=int, default=os.cpu_count())
    r.add_argument("--out")
    r.add_argument("--strict", action="store_true", help="exit 1 when a bar is FAIL or N/A")
    r.add_argument("--fact", dest="facts", action="append", default=[], metavar="KEY=VALUE",
                   help="a fact gathered by bench.sh (repeatable)")
    a = ap.parse_args()
    if a.cmd == "check":
        s = check_output(a.output, a.input)
        if a.json_out:
            with open(a.json_out, "w") as f:
                json.dump(s, f, indent=1, ensure_ascii=False)
        print(describe_check(s))
        for p in s["problems"]:
            print("  " + p)
        sys.exit(0 if s["shape_ok"] else 1)
    if a.cmd == "compile":
        text, verdicts = compile_report(a.timings)
        if a.out:
            with open(a.out, "a") as f:
                f.write(text)
        sys.stdout.write(text)
        if a.strict and any(v != "PASS" for v in verdicts):
            sys.exit(1)
        return
    if a.cmd == "busy":
        print("%.0f" % cpu_busy())
        return
    verdicts = report(a)
    if a.strict and any(v != "PASS" for v in verdicts):
        sys.exit(1)


if __name__ == "__main__":
    main()

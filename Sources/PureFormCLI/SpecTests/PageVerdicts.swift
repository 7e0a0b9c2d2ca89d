import Foundation
import PureForm

/// `pureform test --page`: each case's record through the page `pureform render` writes, in headless Chromium.
///
/// One browser per spec: the page, with a script that fills it with every case's record in turn (rows added
/// and removed with the page's own buttons, values set as `scripts/check_render_browser.py` sets them), runs
/// the page's own checks (`window.PureForm.validateAll()`, then each control's `checkValidity()`) and writes
/// every verdict into the page, is loaded once with `chromium --headless --dump-dom`.
enum PageVerdicts {
  /// A problem driving the browser.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// What the page said about one record.
  struct PageVerdict: Sendable {
    /// The record the page posts: every field that is not hidden, by the key the server reads, as strings.
    var posted: FormValue
    /// The keys the page refuses, each with the live reason when a live check gave one.
    var refused: [(key: String, reason: String?)]
  }

  /// `$PUREFORM_CHROMIUM` when it is an executable, else `chromium`, `chromium-browser` or `google-chrome` on
  /// `PATH`; nil when there is none.
  static func chromium() -> String? {
    let environment = ProcessInfo.processInfo.environment
    let fileManager = FileManager.default
    if let given = environment["PUREFORM_CHROMIUM"] {
      return fileManager.isExecutableFile(atPath: given) ? given : nil
    }
    let folders = (environment["PATH"] ?? "").split(separator: ":").map(String.init)
    for name in ["chromium", "chromium-browser", "google-chrome"] {
      for folder in folders where fileManager.isExecutableFile(atPath: folder + "/" + name) {
        return folder + "/" + name
      }
    }
    return nil
  }

  /// Runs the page on every case without `changed_from` or `options` and compares its verdict with the
  /// server's on the values the page posts: a refusal the server does not make fails the case (`page: …`);
  /// a failure the page lets through is counted in `pageLetsThrough`.
  static func compare(_ outcomes: inout [CaseOutcome], form: CompiledForm, chromium: String) throws(Failure) {
    let indices = outcomes.indices.filter {
      outcomes[$0].testCase.changedFrom == nil && !outcomes[$0].testCase.hasOptions
    }
    guard !indices.isEmpty else { return }
    let verdicts = try run(indices.map { outcomes[$0].testCase.record }, form: form, chromium: chromium)
    for (index, verdict) in zip(indices, verdicts) {
      let server: ValidationResult
      do {
        server = try form.validate(verdict.posted, options: ValidationOptions(allFailures: true))
      } catch {
        outcomes[index].differences.append("page: posts a record the server cannot read: \(error)")
        continue
      }
      let serverKeys = Set(server.failures.map(\.key))
      var differences: [String] = []
      if !verdict.refused.isEmpty && server.isValid {
        differences.append(
          "page: refuses what the server accepts: \(verdict.refused.map(\.key).joined(separator: ", "))")
      } else {
        for (key, reason) in verdict.refused {
          if !serverKeys.contains(key) {
            differences.append("page: fails \(key), the server does not")
          } else if let reason, !server.failures.contains(where: { $0.key == key && $0.reason == reason }) {
            differences.append("page: gives \(key) the reason \"\(reason)\", the server does not")
          }
        }
      }
      outcomes[index].differences += differences
      let refusedKeys = Set(verdict.refused.map(\.key))
      var seen = Set<String>()
      outcomes[index].pageLetsThrough = server.failures.map(\.key).filter {
        !refusedKeys.contains($0) && seen.insert($0).inserted
      }
    }
  }

  /// Loads the page once with every record and reads the verdicts it wrote.
  private static func run(_ records: [ArraySlice<UInt8>], form: CompiledForm, chromium: String) throws(Failure)
    -> [PageVerdict]
  {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "pureform-test-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString)")
    do {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    } catch {
      throw Failure(description: "cannot make a folder for the page: \(error.localizedDescription)")
    }
    defer { try? FileManager.default.removeItem(at: folder) }
    let page = folder.appendingPathComponent("page.html")
    do {
      try Data(harnessPage(form: form, records: records).utf8).write(to: page)
    } catch {
      throw Failure(description: "cannot write the page: \(error.localizedDescription)")
    }
    let dom = try dumpDOM(page, chromium: chromium, profile: folder.appendingPathComponent("profile"))
    guard let start = dom.range(of: "<pre id=\"pf-test-out\">"),
      let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex),
      let text = String(dom[start.upperBound..<end.lowerBound]).removingPercentEncoding
    else {
      throw Failure(description: "the page wrote no verdicts (Chromium ran, the test script did not finish)")
    }
    let (value, diagnostics) = JSONReader.read(SourceFile(name: "page", text: text))
    guard diagnostics.isEmpty, let value, case .array(let elements) = FormValue(value), elements.count == records.count
    else {
      throw Failure(description: "the page's verdicts are not the array the test script writes")
    }
    return elements.map { element in
      var refused: [(String, String?)] = []
      if case .array(let entries)? = element["refused"] {
        for entry in entries {
          guard case .string(let key)? = entry["key"] else { continue }
          if case .string(let reason)? = entry["reason"] {
            refused.append((key, reason))
          } else {
            refused.append((key, nil))
          }
        }
      }
      return PageVerdict(posted: element["record"] ?? .object([]), refused: refused)
    }
  }

  /// The page `render` writes with the cases and the script that runs them before `</body>`.
  private static func harnessPage(form: CompiledForm, records: [ArraySlice<UInt8>]) -> String {
    let cases = records.map { record in
      // The values as the page posts them (dotted keys, strings), and the record for its groups' row counts.
      let node = JSONReader.read(SourceFile(name: "record", bytes: Array(record))).value
      let value = node.map { FormValue($0) } ?? .object([])
      return OutputJSON.object([
        ("flat", .object(flatten(value).map { ($0.0, .string($0.1)) })), ("record", value.outputJSON),
      ])
    }
    let data = OutputJSON.array(cases).rendered().replacingOccurrences(of: "</", with: "<\\/")
    let html = form.html()
    let injected =
      "<script type=\"application/json\" id=\"pf-test-cases\">\(data)</script>\n<script>\n\(harnessScript)\n</script>\n</body>"
    guard let closing = html.range(of: "</body>", options: .backwards) else { return html + injected }
    return html.replacingCharacters(in: closing, with: injected)
  }

  /// A record as the page posts it: dotted keys (`items.2.sku` for an element), every value a string.
  static func flatten(_ value: FormValue, key: String? = nil) -> [(String, String)] {
    func joined(_ inner: String) -> String { key.map { "\($0).\(inner)" } ?? inner }
    switch value {
    case .object(let members): return members.flatMap { flatten($0.value, key: joined($0.key)) }
    case .array(let elements):
      return elements.enumerated().flatMap { flatten($0.element, key: joined(String($0.offset))) }
    case .bool(let flag): return key.map { [($0, flag ? "true" : "false")] } ?? []
    case .null: return key.map { [($0, "")] } ?? []
    case .number(let text), .string(let text): return key.map { [($0, text)] } ?? []
    }
  }

  /// Runs `chromium --headless --dump-dom` on the page; its standard output.
  private static func dumpDOM(_ page: URL, chromium: String, profile: URL) throws(Failure) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: chromium)
    process.arguments = [
      "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run", "--no-default-browser-check",
      "--disable-extensions", "--user-data-dir=\(profile.path)", "--virtual-time-budget=60000", "--dump-dom",
      page.absoluteString,
    ]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    do {
      try process.run()
    } catch {
      throw Failure(description: "cannot start Chromium (\(chromium)): \(error.localizedDescription)")
    }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw Failure(description: "Chromium (\(chromium)) exited with status \(process.terminationStatus)")
    }
    return String(decoding: data, as: UTF8.self)
  }

  /// Fills the page with each case in turn and writes the verdicts, percent-encoded JSON, into `#pf-test-out`.
  private static let harnessScript = #"""
    (() => {
      "use strict";
      const cases = JSON.parse(document.getElementById("pf-test-cases").textContent);
      const data = JSON.parse(document.getElementById("pf-data").textContent);
      const form = document.getElementById("pf-form");
      const groups = data.groups || [];
      const rowsOf = (fieldset) => Array.from(fieldset.querySelector(":scope > .pf-rows").children);
      const at = (value, key) => key.split(".").reduce((v, part) => (v === null || v === undefined) ? undefined
        : (Array.isArray(v) ? v[Number(part)] : (typeof v === "object" ? (part in v ? v[part] : v[key]) : undefined)), value);
      // Gives each group directly inside `row` (null: the form) as many rows as the record's array has.
      function setRows(record, row) {
        const fieldsets = Array.from(form.querySelectorAll(".pf-group"))
          .filter((fieldset) => (fieldset.parentElement.closest(".pf-row") || null) === row);
        fieldsets.forEach((fieldset) => {
          const indices = row ? row.dataset.at.split(".") : [];
          const key = groups[fieldset.dataset.group].at.reduce((text, piece, i) => text + indices[i - 1] + piece);
          const value = at(record, key);
          const want = Array.isArray(value) ? value.length : 0;
          const add = fieldset.querySelector(":scope > .pf-add");
          while (rowsOf(fieldset).length < want && !add.disabled) add.click();
          while (rowsOf(fieldset).length > want) {
            const remove = rowsOf(fieldset).at(-1).querySelector(":scope > .pf-remove");
            if (remove.disabled) break;
            remove.click();
          }
          rowsOf(fieldset).forEach((inner) => setRows(record, inner));
        });
      }
      const verdicts = cases.map(({ flat, record }) => {
        setRows(record, null);
        const instances = window.PureForm.instances();
        const keyOfId = new Map();
        instances.forEach((instance) => {
          const field = data.fields[instance.field];
          const elements = instance.ids.map((id) => document.getElementById(id));
          elements.forEach((element) => keyOfId.set(element.id, instance.key));
          const value = flat[instance.key] ?? "";
          if (field.control === "checkbox") elements[0].checked = value === "true";
          else if (field.control === "radio") elements.forEach((element) => { element.checked = element.value === value; });
          // A datetime-local takes a date_time without its offset; the page posts the browser's.
          else if (field.control === "datetime") elements[0].value = value.replace(/([Zz]|[+-][0-9]{2}:[0-9]{2})$/, "");
          else elements[0].value = value;
        });
        const live = window.PureForm.validateAll();
        const refused = [];
        const seen = new Set();
        live.forEach((failure) => { seen.add(failure.key); refused.push({ key: failure.key, reason: failure.reason }); });
        Array.from(form.elements).forEach((element) => {
          const key = keyOfId.get(element.id);
          if (key === undefined || seen.has(key) || !element.willValidate || element.checkValidity()) return;
          seen.add(key);
          refused.push({ key, reason: null });
        });
        return { record: window.PureForm.record(), refused };
      });
      const out = document.createElement("pre");
      out.id = "pf-test-out";
      out.textContent = encodeURIComponent(JSON.stringify(verdicts));
      document.body.append(out);
    })();
    """#
}

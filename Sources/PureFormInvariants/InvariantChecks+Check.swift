import Foundation
import PureForm

/// What one fuzzed spec is checked for besides compiling: one product of its diagnostics or of its form.
package enum CheckProduct: Int, CaseIterable, Sendable {
  /// Every diagnostic as text, each beginning with its `file:line:column: `, written by one writer as
  /// `pureform check` writes them and, when thorough, the first ones the same as each written alone.
  case text
  /// The diagnostics as `check --format json` writes them (indented), whole; when thorough, the compact
  /// report instead, read back as JSON with as many entries and errors as the compile reported (the two
  /// are the same document: `DiagnosticWriterTests`).
  case json
  /// `pureform check`'s lean path (`FormCompiler.check`) gives the same diagnostics, and so does a second
  /// compile when thorough.
  case again
  /// The form's JSON Schema reads back as JSON.
  case schema
  /// The form's HTML page is a whole page.
  case page
}

extension InvariantChecks {
  /// The whole `check` path on arbitrary bytes: positions exist, a form exists exactly when there is no
  /// error, and one product (`CheckProduct`) of the diagnostics or the form holds its invariant.
  ///
  /// The input is a spec, so no byte of it is spent on the choice: under `.chosen` a hash of the bytes
  /// picks the product (`FuzzChoice(hashing:among:)`), so each execution compiles once and builds one
  /// thing, and libFuzzer's mutations spread the products evenly; under `.every` (a replay) every product
  /// is checked, thoroughly.
  package static func check(_ bytes: [UInt8], mode: FuzzMode) -> String? {
    let compiled = FormCompiler.compile(bytes: bytes, name: "<fuzz>", options: fuzzOptions)
    if let problem = positionsProblem(compiled.diagnostics, in: compiled.source) { return problem }
    if (compiled.form == nil) != (compiled.errorCount > 0) { return "a form exists although errors were reported" }
    let choices =
      mode == .every
      ? FuzzChoice.every(CheckProduct.allCases.count)
      : [FuzzChoice(hashing: bytes, among: CheckProduct.allCases.count)]
    for choice in choices {
      guard let product = CheckProduct(rawValue: choice.index) else { continue }
      if let problem = productProblem(product, compiled, thorough: choice.thorough) { return problem }
    }
    return nil
  }

  /// Whether `product` of `compiled` holds its invariant.
  private static func productProblem(_ product: CheckProduct, _ compiled: CompileResult, thorough: Bool) -> String? {
    let source = compiled.source
    switch product {
    case .text:
      // One writer for all, as `pureform check` writes them (it reads a line once for the findings on it).
      // Each finding is checked where it starts in the writer's buffer, which keeps them all (as the report
      // `pureform check` writes does): no copy of each, and a string only for the ones compared below.
      var writer = DiagnosticWriter()
      for (index, diagnostic) in compiled.diagnostics.enumerated() {
        let start = writer.bytes.count
        writer.writeText(diagnostic, in: source)
        let place = diagnostic.range.start.place(in: (diagnostic.file ?? source).name) + ": "
        guard writer.bytes[start...].starts(with: place.utf8) else {
          return "diagnostic \(diagnostic.code.rawValue) does not render as \(place)…"
        }
        // Written alone, a finding reads its line again: the first eight, so that a thousand findings on one
        // long line do not make the check quadratic.
        if thorough, index < 8,
          !DiagnosticRenderer.text(diagnostic, in: source).utf8.elementsEqual(writer.bytes[start...])
        {
          return "diagnostic \(diagnostic.code.rawValue) renders differently alone than after the others"
        }
      }
    case .json:
      // Reading a report back costs more than compiling, and so does the compact report's tree: thorough
      // choices only.
      guard thorough else {
        let text = DiagnosticRenderer.json([(source, compiled.diagnostics)])
        return text.hasSuffix("\n}") ? nil : "the diagnostics' JSON is cut: \(text.suffix(200))"
      }
      let text = DiagnosticRenderer.json([(source, compiled.diagnostics)], pretty: false)
      return diagnosticsJSONProblem(text, count: compiled.diagnostics.count, errors: compiled.errorCount)
    case .again:
      if FormCompiler.check(source, options: fuzzOptions).diagnostics != compiled.diagnostics {
        return "check's lean path gave other diagnostics than compiling"
      }
      guard thorough else { return nil }
      let second = FormCompiler.compile(bytes: source.bytes, name: source.name, options: fuzzOptions)
      if second.diagnostics != compiled.diagnostics { return "compiling twice gave different diagnostics" }
    case .schema:
      guard let schema = compiled.form?.jsonSchema() else { return nil }
      guard readBack(schema) is [String: Any] else {
        return "the JSON Schema does not read back: \(schema.prefix(200))"
      }
    case .page:
      guard let page = compiled.form?.html() else { return nil }
      guard page.hasPrefix("<!DOCTYPE html>\n"), page.hasSuffix("</html>\n") else {
        return "the HTML page is not a whole page: \(page.suffix(200))"
      }
    }
    return nil
  }

  /// Whether `text`, the diagnostics' JSON, reads back with `count` entries and `errors` errors.
  private static func diagnosticsJSONProblem(_ text: String, count: Int, errors: Int) -> String? {
    guard let document = readBack(text) as? [String: Any] else {
      return "the diagnostics' JSON does not read back: \(text.prefix(200))"
    }
    let entries = (document["diagnostics"] as? [Any])?.count
    let errorCount = document["errors"] as? Int
    guard entries == count, errorCount == errors else {
      let found = "\(entries ?? -1) entries and \(errorCount.map(String.init) ?? "no") errors"
      return "the diagnostics' JSON has \(found), not \(count) and \(errors)"
    }
    return nil
  }

  /// `text` read as JSON by Foundation's `JSONSerialization`, or nil when it is not JSON.
  ///
  /// A second reader, independent of the `JSONReader` that read the spec, checks what the library wrote: an
  /// oracle of its own, and one built without the fuzzer's instrumentation, so that reading back a long
  /// report neither costs as much as the check itself nor makes libFuzzer count the lengths of generated
  /// text as coverage.
  private static func readBack(_ text: String) -> Any? {
    try? JSONSerialization.jsonObject(with: Data(text.utf8), options: [.fragmentsAllowed])
  }
}

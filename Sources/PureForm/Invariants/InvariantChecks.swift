/// Invariants the fuzz targets and the robustness tests assert on any input.
///
/// `package` so the fuzz executables in this package can call them without `@testable import` (which
/// release builds do not allow); not part of the public API. Each check returns nil when the invariant
/// holds, else a description of the violation.
package enum InvariantChecks {
  /// The JSON reader on arbitrary bytes: diagnostics only of `PF1xx`, positions that exist in the input,
  /// and an accepted document that round-trips (written back and read again) to an equal value.
  package static func jsonReader(_ bytes: [UInt8]) -> String? {
    let file = SourceFile(name: "<fuzz>", bytes: bytes)
    let (value, diagnostics) = JSONReader.read(file)
    if let bad = diagnostics.first(where: { !$0.code.rawValue.hasPrefix("PF1") }) {
      return "reader reported a non-syntax code \(bad.code.rawValue)"
    }
    if let problem = positionsProblem(diagnostics, in: file) { return problem }
    guard diagnostics.isEmpty else { return nil }
    guard let value else { return "reader accepted the input but returned no value" }
    let written = ModelEmitter.json(value).rendered()
    let (again, againDiagnostics) = JSONReader.read(SourceFile(name: "<round trip>", text: written))
    guard againDiagnostics.isEmpty, let again else {
      return "round trip of an accepted document does not read back: \(written.prefix(200))"
    }
    guard shape(value) == shape(again) else {
      return "round trip changed the document: \(written.prefix(200))"
    }
    return nil
  }

  /// The whole `check` path on arbitrary bytes: positions exist, rendering works, the same input compiles
  /// to the same diagnostics twice, and a form exists exactly when there is no error.
  package static func check(_ bytes: [UInt8]) -> String? {
    let first = FormCompiler.compile(bytes: bytes, name: "<fuzz>")
    if let problem = positionsProblem(first.diagnostics, in: first.source) { return problem }
    for diagnostic in first.diagnostics where DiagnosticRenderer.text(diagnostic, in: first.source).isEmpty {
      return "diagnostic \(diagnostic.code.rawValue) renders as nothing"
    }
    let second = FormCompiler.compile(bytes: bytes, name: "<fuzz>")
    if second.diagnostics != first.diagnostics { return "compiling twice gave different diagnostics" }
    if (first.form == nil) != (first.errorCount > 0) { return "a form exists although errors were reported" }
    return nil
  }

  /// Every diagnostic and note points at a position that exists in the file, with consistent coordinates.
  static func positionsProblem(_ diagnostics: [Diagnostic], in file: SourceFile) -> String? {
    for diagnostic in diagnostics {
      let ranges = [diagnostic.range] + diagnostic.notes.compactMap(\.range)
      for range in ranges {
        for location in [range.start, range.end] {
          guard location.offset >= 0, location.offset <= file.bytes.count else {
            return "\(diagnostic.code.rawValue) points outside the file (offset \(location.offset))"
          }
          guard file.location(ofOffset: location.offset) == location else {
            let code = diagnostic.code.rawValue
            let position = "\(location.line):\(location.column)"
            return "\(code) has line:column \(position) that disagree with offset \(location.offset)"
          }
        }
        if range.end.offset < range.start.offset { return "\(diagnostic.code.rawValue) ends before it starts" }
      }
    }
    return nil
  }

  /// A value with its source ranges dropped, for comparing documents read from different texts.
  private indirect enum Shape: Equatable {
    case null, bool(Bool), number(String), string(String), invalid
    case array([Shape])
    case object([String], [Shape])
  }

  private static func shape(_ node: JSONNode) -> Shape {
    switch node.kind {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .number(let text): return .number(text)
    case .string(let text): return .string(text)
    case .invalid: return .invalid
    case .array(let elements): return .array(elements.map(shape))
    case .object(let members): return .object(members.map(\.key), members.map { shape($0.value) })
    }
  }
}

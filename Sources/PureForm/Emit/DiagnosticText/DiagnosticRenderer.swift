/// Writes diagnostics as a compiler does (text) or as the JSON of `Schemas/check-output.schema.json`.
public enum DiagnosticRenderer {
  /// Writes one diagnostic in the classic form that editors and CI parse.
  ///
  ///
  /// ```
  /// Specs/login.json:12:9: error: unknown validator 'min_lenght' [PF304]
  ///         "min_lenght": 6,
  ///         ^~~~~~~~~~~~
  /// note: did you mean 'min_length'?
  /// ```
  ///
  /// A note with a location is written `file:line:column: note: …` with its own source line and caret.
  /// `file` is the spec compiled; a diagnostic (or a note) about a file the spec includes is written against
  /// that file, its `file`.
  public static func text(_ diagnostic: Diagnostic, in file: SourceFile) -> String {
    var writer = DiagnosticWriter()
    writer.writeText(diagnostic, in: file)
    return String(decoding: writer.bytes, as: UTF8.self)
  }

  /// All diagnostics of several files as one JSON document: `{"diagnostics": […], "errors": N, "warnings": N}`.
  public static func json(_ results: [(file: SourceFile, diagnostics: [Diagnostic])], pretty: Bool = true) -> String {
    guard !pretty else {
      var writer = DiagnosticWriter()
      writer.beginJSON()
      for (file, diagnostics) in results {
        for diagnostic in diagnostics { writer.writeJSON(diagnostic, in: file) }
      }
      writer.endJSON()
      return String(decoding: writer.bytes, as: UTF8.self)
    }
    var entries: [OutputJSON] = []
    var errors = 0
    var warnings = 0
    for (file, diagnostics) in results {
      for diagnostic in diagnostics {
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: break
        }
        entries.append(jsonObject(diagnostic, in: file))
      }
    }
    let document = OutputJSON.object([
      ("diagnostics", .array(entries)), ("errors", .int(errors)), ("warnings", .int(warnings)),
    ])
    return document.rendered(pretty: pretty)
  }

  /// One diagnostic as a JSON object.
  static func jsonObject(_ diagnostic: Diagnostic, in compiled: SourceFile) -> OutputJSON {
    let file = diagnostic.file ?? compiled
    let notes: [OutputJSON] = diagnostic.notes.map { note in
      var members: [(String, OutputJSON)] = [("message", .string(note.message))]
      if let range = note.range {
        members += [
          ("file", .string((note.file ?? file).name)), ("line", .int(range.start.line)),
          ("column", .int(range.start.column)),
        ]
      }
      return .object(members)
    }
    return .object([
      ("file", .string(file.name)),
      ("line", .int(diagnostic.range.start.line)),
      ("column", .int(diagnostic.range.start.column)),
      ("endLine", .int(diagnostic.range.end.line)),
      ("endColumn", .int(diagnostic.range.end.column)),
      ("severity", .string(diagnostic.severity.rawValue)),
      ("code", .string(diagnostic.code.rawValue)),
      ("message", .string(diagnostic.message)),
      ("notes", .array(notes)),
    ])
  }
}

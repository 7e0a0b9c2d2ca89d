import PureForm

extension InvariantChecks {
  /// The strings-table formats a fuzzed input is read as, each a reader of the bytes.
  private static let stringsReads: [(String, @Sendable (SourceFile) throws(FileReadError) -> StringsTable)] = [
    (".strings", { file throws(FileReadError) in try StringsTable(strings: file) }),
    (".xcstrings", { file throws(FileReadError) in try StringsTable(catalog: file) }),
    (".xcstrings fr", { file throws(FileReadError) in try StringsTable(catalog: file, locale: "fr") }),
    ("JSON", { file throws(FileReadError) in try StringsTable(json: file) }),
  ]

  /// The bytes after the first as the strings-table format the first byte chooses (`FuzzChoice`; every
  /// format under `.every`): a table, or an error whose diagnostic is a PF6xx code at a position that
  /// exists and renders; a `.strings` table written back in the format reads back the same.
  package static func stringsTable(_ bytes: [UInt8], mode: FuzzMode) -> String? {
    let file = SourceFile(name: "<fuzz>", bytes: Array(bytes.dropFirst()))
    for choice in FuzzChoice.cases(of: bytes, among: stringsReads.count, mode: mode) {
      let (format, read) = stringsReads[choice.index]
      do {
        let table = try read(file)
        if format == ".strings", let problem = stringsRoundTrip(table) { return problem }
      } catch {
        guard let (diagnostic, text) = error.finding.map({ ($0.diagnostic, $0.file) }) else {
          return "\(format): an error without a diagnostic: \(error)"
        }
        guard diagnostic.code.rawValue.hasPrefix("PF6") else {
          return "\(format): a strings table reported \(diagnostic.code.rawValue)"
        }
        if let problem = positionsProblem([diagnostic], in: text) { return "\(format): \(problem)" }
        if DiagnosticRenderer.text(diagnostic, in: text).isEmpty { return "\(format): a diagnostic renders as nothing" }
      }
    }
    return nil
  }

  /// `table` written as a `.strings` file (quotes and backslashes escaped) and read again.
  private static func stringsRoundTrip(_ table: StringsTable) -> String? {
    func quoted(_ text: String) -> String {
      "\"" + text.unicodeScalars.map(escaped).joined() + "\""
    }
    // Quotes and backslashes escaped, control characters as `\U00XX`, as Xcode writes them.
    func escaped(_ scalar: Unicode.Scalar) -> String {
      if scalar == "\\" || scalar == "\"" { return "\\\(scalar)" }
      guard scalar.value < 0x20 else { return "\(scalar)" }
      return "\\U" + HexDigit.text(scalar.value, width: 4, uppercase: true)
    }
    let written = table.entries.sorted { $0.key < $1.key }.map { quoted($0.key) + " = " + quoted($0.value) + ";\n" }
      .joined()
    do {
      let again = try StringsTable(strings: SourceFile(name: "<round trip>", text: written))
      return again.entries == table.entries ? nil : "a .strings table written back reads differently"
    } catch {
      return "a .strings table written back does not read: \(error)"
    }
  }
}

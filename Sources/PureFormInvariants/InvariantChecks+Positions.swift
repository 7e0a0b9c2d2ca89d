import PureForm

/// What the fuzz targets assert about where diagnostics point.
extension InvariantChecks {
  /// Every diagnostic and note points at a position that exists in its file (the compiled one, or the
  /// included one it names), with a line and column that agree with its byte offset.
  ///
  /// The lines and columns are counted here, in one pass through each file in offset order, by the rules
  /// `SourceLocation` documents (lines end at `\n`, `\r\n` or a lone `\r`; every byte that is not a UTF-8
  /// continuation byte starts a column), not by the library's `location(ofOffset:)`: so the check is an
  /// oracle of its own, and a spec with thousands of diagnostics on one long line costs one pass, not one
  /// pass a diagnostic. `location(ofOffset:)` is compared on the first location of each file.
  static func positionsProblem(_ diagnostics: [Diagnostic], in compiled: SourceFile) -> String? {
    // The compiled file's locations in an array of their own (nearly every diagnostic's), those of included
    // files by file: no hashing of a file for each location.
    var own: [(location: SourceLocation, code: DiagnosticCode)] = []
    own.reserveCapacity(diagnostics.count * 2)
    var included: [SourceFile: [(location: SourceLocation, code: DiagnosticCode)]] = [:]
    func add(_ range: SourceRange, _ file: SourceFile?, _ code: DiagnosticCode) -> String? {
      if range.end.offset < range.start.offset { return "\(code.rawValue) ends before it starts" }
      let count = (file ?? compiled).bytes.count
      for location in [range.start, range.end] {
        guard location.offset >= 0, location.offset <= count else {
          return "\(code.rawValue) points outside the file (offset \(location.offset))"
        }
        if let file { included[file, default: []].append((location, code)) } else { own.append((location, code)) }
      }
      return nil
    }
    for diagnostic in diagnostics {
      // A diagnostic's notes are in its file unless they name another; nil stands for the compiled file.
      let file = diagnostic.file
      if let problem = add(diagnostic.range, file, diagnostic.code) { return problem }
      for note in diagnostic.notes {
        guard let range = note.range else { continue }
        if let problem = add(range, note.file ?? file, diagnostic.code) { return problem }
      }
    }
    for (file, locations) in [(compiled, own)] + included.map({ ($0.key, $0.value) }) {
      let sorted = locations.sorted { $0.location.offset < $1.location.offset }
      if let first = sorted.first, file.location(ofOffset: first.location.offset) != first.location {
        return "\(first.code.rawValue): location(ofOffset: \(first.location.offset)) disagrees with \(first.location)"
      }
      if let problem = countedProblem(sorted, in: file.bytes) { return problem }
    }
    return nil
  }

  /// The first of `locations` (in offset order) whose line or column is not the one counted up to its offset.
  private static func countedProblem(
    _ locations: [(location: SourceLocation, code: DiagnosticCode)], in bytes: [UInt8]
  )
    -> String?
  {
    var index = 0
    var line = 1
    var column = 1
    for (location, code) in locations {
      while index < location.offset {
        let byte = bytes[index]
        if byte == 0x0A || (byte == 0x0D && (index + 1 == bytes.count || bytes[index + 1] != 0x0A)) {
          line += 1
          column = 1
        } else if byte & 0xC0 != 0x80 {
          column += 1
        }
        index += 1
      }
      guard location.line == line, location.column == column else {
        let given = "\(location.line):\(location.column)"
        return "\(code.rawValue) has line:column \(given) where offset \(location.offset) is at \(line):\(column)"
      }
    }
    return nil
  }
}

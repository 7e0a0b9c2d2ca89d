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
    var byFile: [SourceFile: [(location: SourceLocation, code: String)]] = [:]
    for diagnostic in diagnostics {
      let code = diagnostic.code.rawValue
      let own = diagnostic.file ?? compiled
      let ranges =
        [(diagnostic.range, own)] + diagnostic.notes.compactMap { note in note.range.map { ($0, note.file ?? own) } }
      for (range, file) in ranges {
        if range.end.offset < range.start.offset { return "\(code) ends before it starts" }
        for location in [range.start, range.end] {
          guard location.offset >= 0, location.offset <= file.bytes.count else {
            return "\(code) points outside the file (offset \(location.offset))"
          }
          byFile[file, default: []].append((location, code))
        }
      }
    }
    for (file, locations) in byFile {
      let sorted = locations.sorted { $0.location.offset < $1.location.offset }
      if let first = sorted.first, file.location(ofOffset: first.location.offset) != first.location {
        return "\(first.code): location(ofOffset: \(first.location.offset)) disagrees with \(first.location)"
      }
      if let problem = countedProblem(sorted, in: file.bytes) { return problem }
    }
    return nil
  }

  /// The first of `locations` (in offset order) whose line or column is not the one counted up to its offset.
  private static func countedProblem(_ locations: [(location: SourceLocation, code: String)], in bytes: [UInt8])
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
        return "\(code) has line:column \(given) where offset \(location.offset) is at \(line):\(column)"
      }
    }
    return nil
  }
}

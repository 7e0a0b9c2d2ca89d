/// Writes diagnostics as UTF-8 bytes into one growing buffer, in the text and JSON forms of
/// `DiagnosticRenderer`, byte for byte.
///
/// A spec with a warning on every cell has hundreds of thousands of diagnostics: building a `String` per
/// source line, per caret and per JSON member cost more than compiling the spec. Here a diagnostic's source
/// line is copied from the file's bytes straight into the buffer, the caret line is written byte by byte,
/// and the caller takes the bytes out whenever it likes (`takeBytes()`), so a report of any size is written
/// in pieces of bounded size.
package struct DiagnosticWriter {
  /// The bytes written and not yet taken.
  package private(set) var bytes: [UInt8] = []
  /// The JSON document's counts so far.
  private var errors = 0
  private var warnings = 0
  /// Whether a JSON diagnostic has been written (the next one needs a comma).
  private var wroteEntry = false
  /// The source line of the last snippet written, kept for the next diagnostic on the same line.
  private var lastLine: SnippetLine?

  /// An empty writer.
  package init() {}

  /// The bytes written so far, which the writer forgets.
  package mutating func takeBytes() -> [UInt8] {
    defer { bytes.removeAll(keepingCapacity: true) }
    return bytes
  }

  // MARK: Text

  /// Writes a line feed.
  package mutating func writeNewline() {
    bytes.append(0x0A)
  }

  /// Writes `diagnostic` as `DiagnosticRenderer.text(_:in:)` does, without a final newline.
  package mutating func writeText(_ diagnostic: Diagnostic, in compiled: SourceFile) {
    // A finding inside an included file is written against that file.
    let file = diagnostic.file ?? compiled
    let start = diagnostic.range.start
    writeLocation(file, start)
    append(diagnostic.severity.rawValue)
    append(": ")
    append(diagnostic.message)
    append(" [")
    append(diagnostic.code.rawValue)
    bytes.append(UInt8(ascii: "]"))
    writeSnippet(diagnostic.range, in: file)
    for note in diagnostic.notes {
      bytes.append(0x0A)
      if let range = note.range {
        let noteFile = note.file ?? file
        writeLocation(noteFile, range.start)
        append("note: ")
        append(note.message)
        writeSnippet(range, in: noteFile)
      } else {
        append("note: ")
        append(note.message)
      }
    }
  }

  /// `file:line:column: `, as `SourceLocation.place(in:)` spells it, written as bytes (no string per diagnostic).
  private mutating func writeLocation(_ file: SourceFile, _ location: SourceLocation) {
    append(file.name)
    bytes.append(UInt8(ascii: ":"))
    writeDecimal(location.line)
    bytes.append(UInt8(ascii: ":"))
    writeDecimal(location.column)
    append(": ")
  }

  /// A newline, the source line of `range.start` (of a long line, the columns `SnippetWindow` shows), a
  /// newline and the caret line under the span.
  ///
  /// The caret runs to the end of the columns shown; nothing is written when the line is empty (an empty
  /// file), where a lone caret under a blank line would show nothing. The line is read once for all the
  /// diagnostics on it in a row (`SnippetLine`).
  private mutating func writeSnippet(_ range: SourceRange, in file: SourceFile) {
    if lastLine?.isLine(range.start.line, of: file) != true { lastLine = SnippetLine(file, line: range.start.line) }
    guard let snippetLine = lastLine else { return }
    guard snippetLine.isASCII else {
      // Beyond ASCII, columns, characters and repaired bytes need the careful reading.
      for text in snippetLine.lines(for: range) {
        bytes.append(0x0A)
        append(text)
      }
      return
    }
    let line = file.lineBytes(range.start.line)
    // ASCII: a byte is a scalar and (no `\r` being left inside a line) a character.
    guard line.contains(where: { $0 != UInt8(ascii: "\r") }) else { return }
    let lead = max(0, range.start.column - 1)
    let window = SnippetWindow(lead: lead, length: line.count)
    bytes.append(0x0A)
    if window.cutsStart { append("…") }
    bytes.append(contentsOf: line.dropFirst(window.start).prefix(window.end - window.start))
    if window.end < line.count { append("…") }
    bytes.append(0x0A)
    let endColumn = range.end.line == range.start.line ? range.end.column : line.count + 1
    if window.cutsStart { bytes.append(0x20) }
    // Under the text before the span: a tab under a tab (so the caret lines up), else a space.
    let under = line.dropFirst(window.start).prefix(max(0, lead - window.start))
    if under.contains(0x09) {
      for byte in under { bytes.append(byte == 0x09 ? 0x09 : 0x20) }
    } else {
      appendRun(of: Self.spaces, count: under.count)
    }
    appendRun(of: Self.spaces, count: lead - window.start - under.count)
    bytes.append(UInt8(ascii: "^"))
    appendRun(of: Self.tildes, count: max(0, min(endColumn, window.end + 1) - range.start.column - 1))
  }

  /// Runs of spaces and tildes, copied a piece at a time into caret lines.
  private static let spaces = [UInt8](repeating: 0x20, count: 256)
  private static let tildes = [UInt8](repeating: UInt8(ascii: "~"), count: 256)

  /// `count` bytes of `run`, whose bytes are all the same.
  private mutating func appendRun(of run: [UInt8], count: Int) {
    var left = count
    while left > 0 {
      let piece = min(left, run.count)
      bytes.append(contentsOf: run[..<piece])
      left -= piece
    }
  }

  // MARK: JSON

  /// Starts the JSON document of `DiagnosticRenderer.json(_:pretty:)` (pretty), before its diagnostics.
  package mutating func beginJSON() {
    errors = 0
    warnings = 0
    wroteEntry = false
    append("{\n  \"diagnostics\": [")
  }

  /// Writes one diagnostic of `file` into the JSON document begun.
  package mutating func writeJSON(_ diagnostic: Diagnostic, in compiled: SourceFile) {
    switch diagnostic.severity {
    case .error: errors += 1
    case .warning: warnings += 1
    case .note: break
    }
    let file = diagnostic.file ?? compiled
    append(wroteEntry ? ",\n    {" : "\n    {")
    wroteEntry = true
    let range = diagnostic.range
    member("file", indent: 6, first: true)
    writeString(file.name)
    member("line", indent: 6)
    writeDecimal(range.start.line)
    member("column", indent: 6)
    writeDecimal(range.start.column)
    member("endLine", indent: 6)
    writeDecimal(range.end.line)
    member("endColumn", indent: 6)
    writeDecimal(range.end.column)
    member("severity", indent: 6)
    writeString(diagnostic.severity.rawValue)
    member("code", indent: 6)
    writeString(diagnostic.code.rawValue)
    member("message", indent: 6)
    writeString(diagnostic.message)
    member("notes", indent: 6)
    if diagnostic.notes.isEmpty {
      append("[]")
    } else {
      append("[")
      for (index, note) in diagnostic.notes.enumerated() {
        append(index == 0 ? "\n        {" : ",\n        {")
        member("message", indent: 10, first: true)
        writeString(note.message)
        if let range = note.range {
          member("file", indent: 10)
          writeString((note.file ?? file).name)
          member("line", indent: 10)
          writeDecimal(range.start.line)
          member("column", indent: 10)
          writeDecimal(range.start.column)
        }
        append("\n        }")
      }
      append("\n      ]")
    }
    append("\n    }")
  }

  /// Ends the JSON document with the counts of the diagnostics written into it.
  package mutating func endJSON() {
    append(wroteEntry ? "\n  ],\n  \"errors\": " : "],\n  \"errors\": ")
    writeDecimal(errors)
    append(",\n  \"warnings\": ")
    writeDecimal(warnings)
    append("\n}")
  }

  /// `,` (unless first), a newline, `indent` spaces and `"name": `.
  private mutating func member(_ name: StaticString, indent: Int, first: Bool = false) {
    if !first { bytes.append(UInt8(ascii: ",")) }
    bytes.append(0x0A)
    // A copy of a run, not `repeatElement`: its element by element append, specialized here, was 2% of the
    // check fuzz target's time (every member of every diagnostic).
    appendRun(of: Self.spaces, count: indent)
    bytes.append(UInt8(ascii: "\""))
    append(name)
    append("\": ")
  }

  /// A JSON string literal, escaped by `JSONEscape`, the table `OutputJSON` and the rule kernel write with.
  private mutating func writeString(_ text: String) {
    bytes.append(UInt8(ascii: "\""))
    var text = text
    text.withUTF8 { utf8 in
      var runStart = 0
      for (index, byte) in utf8.enumerated() where JSONEscape.isEscaped(byte) {
        bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart..<index]))
        runStart = index + 1
        JSONEscape.writeEscape(of: byte) { bytes.append($0) }
      }
      bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[runStart...]))
    }
    bytes.append(UInt8(ascii: "\""))
  }

  // MARK: Pieces

  /// A non-negative integer in decimal (a negative one with its `-`).
  private mutating func writeDecimal(_ value: Int) {
    if value < 0 { bytes.append(UInt8(ascii: "-")) }
    var rest = value.magnitude
    var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
    var count = 0
    if rest >= 10_000_000_000 {
      append(String(rest))
      return
    }
    withUnsafeMutableBytes(of: &digits) { digits in
      repeat {
        digits[count] = UInt8(truncatingIfNeeded: rest % 10) &+ UInt8(ascii: "0")
        rest /= 10
        count += 1
      } while rest > 0
      for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(digits[index]) }
    }
  }

  /// The UTF-8 of `text`.
  private mutating func append(_ text: String) {
    var text = text
    text.withUTF8 { bytes.append(contentsOf: $0) }
  }

  /// The UTF-8 of `text`.
  private mutating func append(_ text: StaticString) {
    bytes.append(contentsOf: UnsafeBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
  }
}

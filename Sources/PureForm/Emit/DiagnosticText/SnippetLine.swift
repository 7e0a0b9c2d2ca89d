/// One source line as diagnostics' snippets show it: the line cut at 500 characters and, beyond ASCII, its
/// Unicode scalars for the caret lines (a column counts scalars, as `SourceFile` does).
///
/// Read once for every diagnostic on the line: `DiagnosticWriter` keeps the last one, so a minified spec,
/// one long line with thousands of findings, is decoded once, not once a finding (each read of a long
/// non-ASCII line decoded, counted and split it into characters whole, which made `check` quadratic).
struct SnippetLine {
  /// The file and the line number (1-based) read.
  let file: SourceFile
  let number: Int
  /// Whether every byte of the line is ASCII (a byte is then a scalar and a character: the writer writes
  /// its snippets straight from the bytes, and `shown` and `scalars` stay empty).
  let isASCII: Bool
  /// Beyond ASCII, the line as shown (its first 500 characters and `…` when it has more; invalid UTF-8 as
  /// U+FFFD, one column per bad byte), and its scalars; empty for a line that shows nothing.
  private(set) var shown = ""
  private(set) var scalars: [Unicode.Scalar] = []
  /// Whether the line has a tab, which a caret line copies (looked for once a line, not once a finding).
  private(set) var hasTab = false

  /// Reads line `number` of `file`.
  init(_ file: SourceFile, line number: Int) {
    self.file = file
    self.number = number
    let bytes = file.lineBytes(number)
    isASCII = Self.isASCII(bytes)
    guard !isASCII, bytes.contains(where: { $0 != UInt8(ascii: "\r") }) else { return }
    let line = String(decoding: bytes, as: UTF8.self)
    scalars = Array(line.unicodeScalars)
    hasTab = scalars.contains("\t")
    // A character has at least one scalar, so only a line of more than 500 scalars can be cut, and counting
    // its characters stops at the 501st.
    if scalars.count > 500, let cut = line.index(line.startIndex, offsetBy: 500, limitedBy: line.endIndex),
      cut != line.endIndex
    {
      shown = String(line[..<cut]) + "…"
    } else {
      shown = line
    }
  }

  /// Whether this is line `number` of `file`.
  func isLine(_ number: Int, of file: SourceFile) -> Bool {
    self.number == number && self.file == file
  }

  /// Beyond ASCII, the snippet of `range` (which starts on this line): the line as shown and a caret line
  /// under the span (to the end of the line); nothing when the line is empty.
  func lines(for range: SourceRange) -> [String] {
    guard !scalars.isEmpty else { return [] }
    let startColumn = range.start.column
    let endColumn = range.end.line == range.start.line ? range.end.column : scalars.count + 1
    let lead = max(0, startColumn - 1)
    let width = max(0, min(endColumn, scalars.count + 1) - startColumn - 1)
    // Under the text before the span: a tab under a tab (so the caret lines up), else a space. Runs, not an
    // append a scalar: a line of a thousand findings writes a thousand caret lines.
    var caret = [UInt8](repeating: 0x20, count: lead)
    if hasTab {
      for index in 0..<min(lead, scalars.count) where scalars[index] == "\t" { caret[index] = 0x09 }
    }
    caret.append(UInt8(ascii: "^"))
    caret += [UInt8](repeating: UInt8(ascii: "~"), count: width)
    return [shown, String(decoding: caret, as: UTF8.self)]
  }

  /// Whether every byte of `line` is ASCII; eight bytes at a time.
  private static func isASCII(_ line: ArraySlice<UInt8>) -> Bool {
    line.withUnsafeBytes { raw in
      var index = 0
      // Safe: index + 8 <= raw.count, and the load is unaligned.
      while index + 8 <= raw.count {
        if raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
        index += 8
      }
      while index < raw.count {
        if raw[index] >= 0x80 { return false }
        index += 1
      }
      return true
    }
  }
}

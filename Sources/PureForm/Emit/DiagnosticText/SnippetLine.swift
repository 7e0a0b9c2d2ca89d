/// One source line as diagnostics' snippets show it: beyond ASCII, its Unicode scalars, of which a snippet
/// shows the columns `SnippetWindow` picks (a column counts scalars, as `SourceFile` does).
///
/// Read once for every diagnostic on the line: `DiagnosticWriter` keeps the last one, so a minified spec,
/// one long line with thousands of findings, is decoded once, not once a finding (each read of a long
/// non-ASCII line decoded, counted and split it into characters whole, which made `check` quadratic).
struct SnippetLine {
  /// The file and the line number (1-based) read.
  let file: SourceFile
  let number: Int
  /// Whether every byte of the line is ASCII (a byte is then a scalar and a character: the writer writes
  /// its snippets straight from the bytes, and `scalars` stays empty).
  let isASCII: Bool
  /// Beyond ASCII, the line's scalars (invalid UTF-8 as U+FFFD, one column per bad byte); empty for a line
  /// that shows nothing.
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
    scalars = Array(String(decoding: bytes, as: UTF8.self).unicodeScalars)
    hasTab = scalars.contains("\t")
  }

  /// Whether this is line `number` of `file`.
  func isLine(_ number: Int, of file: SourceFile) -> Bool {
    self.number == number && self.file == file
  }

  /// Beyond ASCII, the snippet of `range` (which starts on this line): the columns of the line
  /// `SnippetWindow` shows and a caret line under the span (to the end of those columns); nothing when the
  /// line is empty.
  func lines(for range: SourceRange) -> [String] {
    guard !scalars.isEmpty else { return [] }
    let startColumn = range.start.column
    let endColumn = range.end.line == range.start.line ? range.end.column : scalars.count + 1
    let lead = max(0, startColumn - 1)
    let window = SnippetWindow(lead: lead, length: scalars.count)
    var shown = String(String.UnicodeScalarView(scalars[window.start..<window.end]))
    if window.cutsStart { shown = "…" + shown }
    if window.end < scalars.count { shown += "…" }
    let width = max(0, min(endColumn, window.end + 1) - startColumn - 1)
    // Under the text before the span (and a space under a first `…`): a tab under a tab (so the caret lines
    // up), else a space. Runs, not an append a scalar: a line of a thousand findings writes a thousand caret
    // lines.
    let offset = window.cutsStart ? 1 : 0
    var caret = [UInt8](repeating: 0x20, count: offset + lead - window.start)
    if hasTab {
      for index in window.start..<min(lead, scalars.count) where scalars[index] == "\t" {
        caret[offset + index - window.start] = 0x09
      }
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

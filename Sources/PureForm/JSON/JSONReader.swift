/// Reads strict RFC 8259 JSON from UTF-8 bytes into `JSONNode`s, reporting `PF1xx` diagnostics.
package enum JSONReader {
  /// Arrays and objects nested deeper than this are reported as `PF109` and not read further.
  static let maximumDepth = 512

  /// Reads one JSON value from the whole file.
  ///
  /// Returns the value (nil when there is none to speak of) and every syntax error found; the reader
  /// recovers where it can, so a file with several mistakes gets several diagnostics. Only `PF1xx`
  /// codes are reported: duplicate keys are kept as they are, for a later pass to judge.
  package static func read(_ file: SourceFile) -> (value: JSONNode?, diagnostics: [Diagnostic]) {
    // Nodes keep their positions in 32 bits (`CompactSourceRange`).
    guard file.bytes.count < Int(UInt32.max) else {
      let message = "input of \(file.bytes.count) bytes is too large: the reader takes less than 4 GiB"
      return (nil, [Diagnostic(.inputTooLarge, message, at: SourceRange(start: .start, end: .start))])
    }
    return file.bytes.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes, file: file)
      return parser.parse()
    }
  }
}

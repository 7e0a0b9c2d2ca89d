/// Reads strict RFC 8259 JSON from UTF-8 bytes into `JSONNode`s, reporting `PF1xx` diagnostics.
package enum JSONReader {
  /// Arrays and objects nested deeper than this are reported as `PF109` and not read further.
  static let maximumDepth = 512
  /// The largest input read, in bytes: nodes keep their positions in 32 bits (`CompactSourceRange`).
  static let maximumSize = Int(UInt32.max) - 1

  /// Reads one JSON value from the whole file.
  ///
  /// Returns the value (nil when there is none to speak of) and every syntax error found; the reader
  /// recovers where it can, so a file with several mistakes gets several diagnostics. Only `PF1xx`
  /// codes are reported: duplicate keys are kept as they are, for a later pass to judge.
  ///
  /// An input larger than `limit` (`maximumSize` unless a test says otherwise) is not read: PF117.
  package static func read(
    _ file: SourceFile, limit: Int = maximumSize
  ) -> (value: JSONNode?, diagnostics: [Diagnostic]) {
    guard file.bytes.count <= limit else {
      let message = "input of \(file.bytes.count) bytes is too large: the reader takes at most \(limit) bytes"
      return (nil, [Diagnostic(.inputTooLarge, message, at: SourceRange(start: .start, end: .start))])
    }
    return file.bytes.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes, file: file)
      return parser.parse()
    }
  }
}

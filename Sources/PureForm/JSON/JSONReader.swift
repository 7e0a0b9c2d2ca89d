/// Reads strict RFC 8259 JSON from UTF-8 bytes into `JSONNode`s, reporting `PF1xx` diagnostics.
package enum JSONReader {
  /// Arrays and objects nested deeper than this are reported as `PF109` and not read further.
  static let maximumDepth = 512
  /// The largest input read, in bytes: nodes keep their positions in 32 bits (`CompactRange`).
  static let maximumSize = Int(UInt32.max) - 1

  /// Reads one JSON value from the whole file.
  ///
  /// Returns the value (nil when there is none to speak of) and every syntax error found; the reader
  /// recovers where it can, so a file with several mistakes gets several diagnostics. Only `PF1xx`
  /// codes are reported: duplicate keys are kept as they are, for a later pass to judge.
  ///
  /// An input larger than `limit` (`maximumSize` unless a test says otherwise) is not read: PF117.
  ///
  /// With an `arrayLimit`, an array keeps its first `arrayLimit` elements and drops each later one as soon as
  /// it is read (its syntax still checked), so that a huge array costs no memory.
  package static func read(
    _ file: SourceFile, limit: Int = maximumSize, arrayLimit: Int? = nil
  ) -> (value: JSONNode?, diagnostics: [Diagnostic]) {
    guard let tooLarge = sizeProblem(file, limit: limit) else {
      return file.bytes.withUnsafeBufferPointer { bytes in
        var parser = JSONParser(bytes: bytes, file: file, arrayLimit: arrayLimit)
        return parser.parse()
      }
    }
    return (nil, [tooLarge])
  }

  /// Reads one JSON value from the whole file, handing each element of a top-level array to `element` as
  /// soon as it is read rather than keeping it, so that a caller that turns elements into something smaller
  /// never holds the whole tree.
  ///
  /// Elements are handed over while no syntax error has been found; once one has, the rest are dropped, as
  /// a caller should then report the syntax errors alone. A top-level array comes back with no elements;
  /// any other top-level value comes back whole. Diagnostics are those of `read(_:limit:)`.
  package static func read(
    _ file: SourceFile, limit: Int = maximumSize, streamingElements element: (JSONNode) -> Void
  ) -> (value: JSONNode?, diagnostics: [Diagnostic]) {
    guard let tooLarge = sizeProblem(file, limit: limit) else {
      return withoutActuallyEscaping(element) { element in
        file.bytes.withUnsafeBufferPointer { bytes in
          var parser = JSONParser(bytes: bytes, file: file, elementSink: element)
          return parser.parse()
        }
      }
    }
    return (nil, [tooLarge])
  }

  /// Reads again the value that starts at `location`, a location this reader reported for a value of the
  /// same file: a part of a large file can be read again instead of kept as a tree.
  ///
  /// Reads that one value and nothing after it; nil when the file is over the size limit.
  package static func readValue(_ file: SourceFile, at location: SourceLocation) -> JSONNode? {
    guard sizeProblem(file, limit: maximumSize) == nil else { return nil }
    return file.bytes.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes, file: file)
      return parser.parseValue(at: location).value
    }
  }

  /// PF117 when `file` is larger than `limit`.
  private static func sizeProblem(_ file: SourceFile, limit: Int) -> Diagnostic? {
    guard file.bytes.count > limit else { return nil }
    let message = "input of \(file.bytes.count) bytes is too large: the reader takes at most \(limit) bytes"
    return Diagnostic(.inputTooLarge, message, at: SourceRange(start: .start, end: .start))
  }
}

extension JSONReader {
  /// The source location of the character that byte `offset` of a decoded string value comes from.
  ///
  /// `range` is the string node's range, starting at its opening quote. The raw text is scanned again
  /// the way the reader decoded it: all the bytes an escape such as `\u00e9` decodes to map to its
  /// backslash, and a mistake the reader replaced by U+FFFD maps to the mistake. An offset at or past
  /// the end of the decoded value maps to the closing quote (or to where an unterminated string ends).
  static func location(
    ofDecodedUTF8Offset offset: Int, inStringAt range: SourceRange, in file: SourceFile
  ) -> SourceLocation {
    file.bytes.withUnsafeBufferPointer { bytes in
      var index = range.start.offset + 1
      var column = range.start.column + 1
      var decoded = 0
      while true {
        let element = JSONStringElement.classify(at: index, in: bytes)
        let length = element.decodedLength
        if element == .closingQuote || element == .lineEnd || offset < decoded + length {
          return SourceLocation(offset: min(index, bytes.count), line: range.start.line, column: column)
        }
        decoded += length
        for byte in bytes[index..<index + element.sourceLength] where byte & 0xC0 != 0x80 {
          column += 1
        }
        index += element.sourceLength
      }
    }
  }
}

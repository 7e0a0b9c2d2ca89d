/// The text encodings of Apple's `.strings` files.
///
/// UTF-8 (a byte order mark allowed) or UTF-16 with a byte order mark, either byte order. Everything is
/// read as UTF-8, which the reader and diagnostics work on.
enum StringsEncoding {
  /// Why the bytes are no text: what is wrong, and where in the bytes given (the reader's own kind of problem).
  typealias Problem = AppleStringsReader.Problem

  /// The file's text as UTF-8 without a byte order mark; a UTF-16 file is transcoded.
  static func utf8(_ bytes: [UInt8]) -> Result<[UInt8], Problem> {
    if bytes.starts(with: [0xFF, 0xFE]) { return utf16(bytes.dropFirst(2), bigEndian: false) }
    if bytes.starts(with: [0xFE, 0xFF]) { return utf16(bytes.dropFirst(2), bigEndian: true) }
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(bytes.dropFirst(3)) : bytes
    // Two UTF-16 units of ASCII in a row, without a BOM: zero bytes at both even or both odd offsets.
    if body.count >= 4, (body[0] == 0 && body[2] == 0) || (body[1] == 0 && body[3] == 0) {
      return .failure(
        Problem(message: "UTF-16 text without a byte order mark; save it as UTF-8 or with a BOM", offset: 0))
    }
    if let bad = firstInvalidUTF8(body) {
      return .failure(Problem(message: "bytes that are not UTF-8 (nor UTF-16: no byte order mark)", offset: bad))
    }
    return .success(body)
  }

  /// UTF-16 code units of `bytes` in the given byte order, as UTF-8.
  private static func utf16(_ bytes: ArraySlice<UInt8>, bigEndian: Bool) -> Result<[UInt8], Problem> {
    guard bytes.count.isMultiple(of: 2) else {
      return .failure(Problem(message: "UTF-16 text with an odd number of bytes", offset: bytes.count + 1))
    }
    let units = stride(from: bytes.startIndex, to: bytes.endIndex, by: 2).map { index in
      let (first, second) = (UInt16(bytes[index]), UInt16(bytes[index + 1]))
      return bigEndian ? first << 8 | second : second << 8 | first
    }
    var output: [UInt8] = []
    output.reserveCapacity(units.count)
    var parser = Unicode.UTF16.ForwardParser()
    var iterator = units.makeIterator()
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let encoded):
        output.append(contentsOf: String(Unicode.UTF16.decode(encoded)).utf8)
      case .emptyInput:
        return .success(output)
      case .error:
        return .failure(Problem(message: "a UTF-16 surrogate without its pair", offset: output.count))
      }
    }
  }

  /// The offset of the first byte that does not begin a valid UTF-8 sequence, or nil: the reader's own
  /// check (`JSONUTF8.sequence`), so a table and a spec refuse the same bytes.
  private static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    bytes.withUnsafeBufferPointer { buffer in
      var offset = 0
      while offset < buffer.count {
        guard buffer[offset] >= 0x80 else {
          offset += 1
          continue
        }
        switch JSONUTF8.sequence(at: offset, in: buffer) {
        case .valid(let length): offset += length
        case .invalid: return offset
        }
      }
      return nil
    }
  }
}

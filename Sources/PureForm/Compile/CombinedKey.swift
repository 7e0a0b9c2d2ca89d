/// The parts of a combined key `"<ClassName + Identifier>"`; either part may be `=` ("as the previous cell").
struct CombinedKey: Hashable, Sendable {
  /// The cell class name, or `=`.
  var className: String
  /// The cell identifier, or `=`.
  var identifier: String

  /// Splits `<A + B>`, ignoring the spaces around the parts.
  ///
  /// Nil unless there are exactly two non-empty parts without spaces inside them.
  init?(_ key: String) {
    guard ReservedWord.hasReservedSyntax(key) else { return nil }
    switch CombinedKey.splitASCII(key) {
    case .invalid: return nil
    case .parts(let className, let identifier):
      self.className = className
      self.identifier = identifier
      return
    case .notASCII: break
    }
    let inner = key.dropFirst().dropLast()
    let parts = inner.split(separator: "+", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let className = parts[0].trimmingSpaces
    let identifier = parts[1].trimmingSpaces
    guard !className.isEmpty, !identifier.isEmpty,
      !className.contains(where: \.isWhitespace), !identifier.contains(where: \.isWhitespace)
    else { return nil }
    self.className = className
    self.identifier = identifier
  }
}

extension CombinedKey {
  /// What splitting a key byte by byte found.
  private enum ASCIISplit {
    /// The key has a byte outside ASCII: split it by `Character`, where graphemes and Unicode spaces count.
    case notASCII
    /// Not a combined key.
    case invalid
    /// The two trimmed parts.
    case parts(String, String)
  }

  /// Splits an all-ASCII `<A + B>` by bytes, with the same result as the `Character` path (in ASCII every
  /// `Character` is one byte or `\r\n`, and whitespace is exactly tab, line feed, vertical tab, form feed,
  /// carriage return and space), but without its grapheme breaking; every cell's key passes through here.
  private static func splitASCII(_ key: String) -> ASCIISplit {
    var key = key
    return key.withUTF8 { bytes -> ASCIISplit in
      var plus = -1
      for index in bytes.indices {
        let byte = bytes[index]
        if byte >= 0x80 { return .notASCII }
        if byte == UInt8(ascii: "+") {
          if plus >= 0 { return .invalid }
          plus = index
        }
      }
      guard plus >= 0 else { return .invalid }
      func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (byte >= 0x09 && byte <= 0x0D) }
      /// The part between `start` and `end` without the spaces around it; nil when empty or spaced inside.
      func part(_ start: Int, _ end: Int) -> String? {
        var low = start
        var high = end
        while low < high, isSpace(bytes[low]) { low += 1 }
        while high > low, isSpace(bytes[high - 1]) { high -= 1 }
        guard low < high, !bytes[low..<high].contains(where: isSpace) else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[low..<high]), as: UTF8.self)
      }
      guard let className = part(1, plus), let identifier = part(plus + 1, bytes.count - 1) else {
        return .invalid
      }
      return .parts(className, identifier)
    }
  }
}

extension Substring {
  /// The text without leading and trailing whitespace.
  ///
  /// Found by index from both ends and copied once; every cell's combined key passes through here.
  var trimmingSpaces: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}

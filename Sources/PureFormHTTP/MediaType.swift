/// The request bodies the validate route reads, by their `Content-Type`.
enum MediaType {
  case json, formURLEncoded, ndjson

  /// The type of a `Content-Type` value, parameters (`; charset=utf-8`) and case ignored; nil for any other.
  ///
  /// Read from the value's UTF-8 without making strings: every request to the validate route asks.
  init?(_ contentType: String?) {
    guard var contentType else { return nil }
    let found: MediaType? = contentType.withUTF8 { bytes in
      var start = 0
      var end = bytes.firstIndex(of: UInt8(ascii: ";")) ?? bytes.count
      while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
      while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
      let essence = UnsafeBufferPointer(rebasing: bytes[start..<end])
      for (type, name) in Self.names where Self.equalIgnoringASCIICase(essence, name) {
        return type
      }
      return nil
    }
    guard let found else { return nil }
    self = found
  }

  /// Each type's name in lower case.
  private static let names: [(MediaType, [UInt8])] = [
    (.json, Array("application/json".utf8)), (.formURLEncoded, Array("application/x-www-form-urlencoded".utf8)),
    (.ndjson, Array("application/x-ndjson".utf8)),
  ]

  /// Whether `bytes` spell `lowercase` in any case of ASCII letters.
  private static func equalIgnoringASCIICase(_ bytes: UnsafeBufferPointer<UInt8>, _ lowercase: [UInt8]) -> Bool {
    guard bytes.count == lowercase.count else { return false }
    for (byte, wanted) in zip(bytes, lowercase) {
      let lowered = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte | 0x20 : byte
      if lowered != wanted { return false }
    }
    return true
  }
}

/// Fixed-width runs of ASCII digits, the one way the RFC 3339 and UUID rules read numbers.
///
/// Only `0`–`9` (0x30–0x39) count: no other script's digits, no sign, no space.
enum ASCIIDigits {
  /// The value of the `count` ASCII digits at `start`, or `nil` when one is not a digit or the text ends.
  ///
  /// `number(in: Array("2024".utf8), at: 0, count: 4)` is `2024`.
  static func number(in bytes: UnsafeBufferPointer<UInt8>, at start: Int, count: Int) -> Int? {
    guard start >= 0, count > 0, start + count <= bytes.count else { return nil }
    var value = 0
    for index in start..<start + count {
      let digit = bytes[index] &- 0x30
      guard digit < 10 else { return nil }
      value = value * 10 + Int(digit)
    }
    return value
  }

  /// Whether `byte` is an ASCII digit.
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- 0x30 < 10
  }
}

extension String {
  /// Runs `body` over this text's UTF-8 bytes, copying them only when the string is not stored contiguously.
  func withFormatBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
    if let result = utf8.withContiguousStorageIfAvailable(body) {
      return result
    }
    return Array(utf8).withUnsafeBufferPointer(body)
  }
}

/// RFC 9562's text form of a UUID: `8-4-4-4-12` hex digits, any case.
///
/// The rule of `<format>: uuid`. No braces, no `urn:uuid:` prefix, no surrounding space; the version and
/// variant are not checked, so the nil UUID (all zeros) and the max UUID (all `f`) pass.
/// `UUIDText.isValid("F81D4FAE-7DEC-11D0-A765-00A0C91E6BF6")` is `true`; `"{f81d4fae-…}"` is not valid.
enum UUIDText {
  /// Whether `text` is exactly a UUID's 36-character text form.
  static func isValid(_ text: String) -> Bool {
    text.utf8.count == 36 && text.withFormatBytes(isValid(bytes:))
  }

  /// Whether `bytes` are exactly a UUID's 36-character text form.
  static func isValid(bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard bytes.count == 36 else { return false }
    for (index, byte) in bytes.enumerated() {
      switch index {
      case 8, 13, 18, 23:
        guard byte == UInt8(ascii: "-") else { return false }
      default:
        guard isHexDigit(byte) else { return false }
      }
    }
    return true
  }

  private static func isHexDigit(_ byte: UInt8) -> Bool {
    ASCIIDigits.isDigit(byte) || (byte | 0x20) &- UInt8(ascii: "a") < 6
  }
}

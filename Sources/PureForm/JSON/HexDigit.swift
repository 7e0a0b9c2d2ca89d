/// Hexadecimal digits read and written: the one table behind JSON's `\u` escapes (read and written), the
/// `\U` escapes of `.strings` files, colour literals, the rule kernel's output and the server's
/// percent-decoding.
package enum HexDigit {
  /// The value of an ASCII hexadecimal digit of either case, nil for any other byte.
  @inline(__always)
  package static func value(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): return byte &- UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte &- UInt8(ascii: "a") &+ 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte &- UInt8(ascii: "A") &+ 10
    default: return nil
    }
  }

  /// The value of a hexadecimal digit of either case, nil for any other scalar.
  static func value(_ scalar: Unicode.Scalar) -> UInt8? {
    scalar.isASCII ? value(UInt8(scalar.value)) : nil
  }

  /// The lowercase ASCII digit of `nibble`, which is below 16.
  @inline(__always)
  static func lowercase(_ nibble: UInt8) -> UInt8 {
    nibble < 10 ? UInt8(ascii: "0") &+ nibble : UInt8(ascii: "a") &+ nibble &- 10
  }

  /// `value` in hexadecimal, zero-padded to at least `width` digits: `00E9`, `2028`, `1F600` for a width of 4.
  package static func text(_ value: UInt32, width: Int, uppercase: Bool) -> String {
    let digits = String(value, radix: 16, uppercase: uppercase)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
  }
}

/// The URL Standard's percent-encode sets and its UTF-8 percent-encoding and percent-decoding.
///
/// Each set holds the C0 controls and every code point above U+007E, plus its own ASCII characters.
enum URLPercentEncodeSet {
  /// Only C0 controls and non-ASCII (opaque paths, opaque hosts).
  case c0Control
  /// Fragments: also space, `"`, `<`, `>`, `` ` ``.
  case fragment
  /// Queries of non-special URLs: also space, `"`, `#`, `<`, `>`.
  case query
  /// Queries of special URLs: the query set and `'`.
  case specialQuery
  /// Path segments: the query set and `?`, `` ` ``, `{`, `}`.
  case path
  /// Usernames and passwords: the path set and `/`, `:`, `;`, `=`, `@`, `[` to `^`, `|`.
  case userinfo

  /// Whether `scalar` is percent-encoded in this set.
  func contains(_ scalar: Unicode.Scalar) -> Bool {
    let value = scalar.value
    if value < 0x20 || value > 0x7E { return true }
    switch self {
    case .c0Control: return false
    case .fragment: return Self.isFragmentByte(value)
    case .query: return Self.isQueryByte(value)
    case .specialQuery: return Self.isQueryByte(value) || value == 0x27  // '
    case .path: return Self.isPathByte(value)
    case .userinfo: return Self.isPathByte(value) || Self.isUserinfoByte(value)
    }
  }

  /// Space, `"`, `<`, `>`, `` ` ``.
  private static func isFragmentByte(_ value: UInt32) -> Bool {
    value == 0x20 || value == 0x22 || value == 0x3C || value == 0x3E || value == 0x60
  }

  /// Space, `"`, `#`, `<`, `>`.
  private static func isQueryByte(_ value: UInt32) -> Bool {
    value == 0x20 || value == 0x22 || value == 0x23 || value == 0x3C || value == 0x3E
  }

  /// The query bytes and `?`, `` ` ``, `{`, `}`.
  private static func isPathByte(_ value: UInt32) -> Bool {
    isQueryByte(value) || value == 0x3F || value == 0x60 || value == 0x7B || value == 0x7D
  }

  /// `/`, `:`, `;`, `=`, `@`, `[`, `\`, `]`, `^`, `|`.
  private static func isUserinfoByte(_ value: UInt32) -> Bool {
    value == 0x2F || value == 0x3A || value == 0x3B || value == 0x3D || value == 0x40 || (0x5B...0x5E).contains(value)
      || value == 0x7C
  }
}

enum URLPercentEncoding {
  /// Appends `scalar` to `output`, as `%XX` for each of its UTF-8 bytes when `set` holds it.
  static func append(_ scalar: Unicode.Scalar, encodedBy set: URLPercentEncodeSet, to output: inout String) {
    guard set.contains(scalar) else {
      output.unicodeScalars.append(scalar)
      return
    }
    for byte in UTF8.encode(scalar) ?? UTF8.EncodedScalar() {
      appendEscape(byte, to: &output)
    }
  }

  /// Appends `%XX` (uppercase hex) for `byte`.
  static func appendEscape(_ byte: UInt8, to output: inout String) {
    let hex: [Unicode.Scalar] = ["0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "A", "B", "C", "D", "E", "F"]
    output.unicodeScalars.append("%")
    output.unicodeScalars.append(hex[Int(byte >> 4)])
    output.unicodeScalars.append(hex[Int(byte & 0xF)])
  }

  /// The bytes of `scalars`' UTF-8 with every `%XX` (two hex digits) turned into its byte.
  static func decode(_ scalars: some Collection<Unicode.Scalar>) -> [UInt8] {
    var bytes: [UInt8] = []
    for scalar in scalars { bytes.append(contentsOf: UTF8.encode(scalar) ?? UTF8.EncodedScalar()) }
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "%"), index + 2 < bytes.count, let high = hexValue(bytes[index + 1]),
        let low = hexValue(bytes[index + 2])
      {
        output.append(high << 4 | low)
        index += 3
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return output
  }

  /// The value of one ASCII hex digit.
  static func hexValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
  }
}

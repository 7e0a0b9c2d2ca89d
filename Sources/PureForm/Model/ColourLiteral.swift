/// A colour decoded from `#RRGGBB` or `#RRGGBBAA`.
struct RGBAColour: Hashable, Sendable {
  /// The red component, 0 to 255.
  var red: UInt8
  /// The green component, 0 to 255.
  var green: UInt8
  /// The blue component, 0 to 255.
  var blue: UInt8
  /// The alpha component, 0 to 255; 255 when the literal has no alpha digits.
  var alpha: UInt8
  /// The literal normalized to uppercase: `#RRGGBB`, or `#RRGGBBAA` when it had alpha digits.
  var hex: String
}

/// A string property value that holds a `#`: a colour, or an image tinted with a colour.
///
/// `"#6F3F83"` is a colour; `"ic_turtle#6F3F83"` is the image `ic_turtle` tinted with that colour.
/// pureform also accepts `#RRGGBBAA` (alpha last). Hexadecimal digits may be of either case.
enum ColourLiteral: Hashable, Sendable {
  /// A plain colour: `#RRGGBB` or `#RRGGBBAA`.
  case colour(RGBAColour)
  /// An image named `name` tinted with `colour`: `name#RRGGBB` or `name#RRGGBBAA`.
  case tintedImage(name: String, colour: RGBAColour)

  /// Parses a string value; nil when the string has no `#`, else the literal or what is malformed in it.
  ///
  /// Rules, checked in this order: no whitespace at either end, exactly one `#`, no whitespace directly
  /// before `#`, only hexadecimal digits after `#`, and 6 or 8 of them. Anything before `#` is the image name.
  static func parse(_ string: String) -> Result<ColourLiteral, ColourLiteralError>? {
    // Most strings have no '#' (a UTF-8 0x23 is always the scalar '#'): skip listing their scalars.
    guard string.utf8Contains(UInt8(ascii: "#")) else { return nil }
    if let colour = plainColour(string) { return .success(.colour(colour)) }
    // Each scalar with its UTF-8 offset within the string.
    var scalars: [(scalar: Unicode.Scalar, offset: Int)] = []
    var offset = 0
    for scalar in string.unicodeScalars {
      scalars.append((scalar, offset))
      offset += UTF8.width(scalar)
    }
    guard let hashIndex = scalars.firstIndex(where: { $0.scalar == "#" }) else { return nil }
    let hashOffset = scalars[hashIndex].offset

    func failure(_ rule: String, at offset: Int) -> Result<ColourLiteral, ColourLiteralError> {
      .failure(
        ColourLiteralError(message: "malformed colour '\(quoted(string))': \(rule)", utf8Offset: offset))
    }

    if let first = scalars.first, first.scalar.properties.isWhitespace {
      return failure("leading whitespace is not allowed", at: first.offset)
    }
    if let last = scalars.last, last.scalar.properties.isWhitespace {
      var start = scalars.count - 1
      while start > 0, scalars[start - 1].scalar.properties.isWhitespace { start -= 1 }
      return failure("trailing whitespace is not allowed", at: scalars[start].offset)
    }
    if let second = scalars[(hashIndex + 1)...].first(where: { $0.scalar == "#" }) {
      return failure("a colour value has exactly one '#'", at: second.offset)
    }
    if hashIndex > 0, scalars[hashIndex - 1].scalar.properties.isWhitespace {
      var start = hashIndex - 1
      while start > 0, scalars[start - 1].scalar.properties.isWhitespace { start -= 1 }
      return failure("the image name must not end with whitespace before '#'", at: scalars[start].offset)
    }

    var digits: [UInt8] = []
    for (scalar, scalarOffset) in scalars[(hashIndex + 1)...] {
      guard let digit = HexDigit.value(scalar) else {
        let shown = scalar.escaped(asASCII: false)
        return failure("'\(shown)' is not a hexadecimal digit", at: scalarOffset)
      }
      digits.append(digit)
    }
    guard digits.count == 6 || digits.count == 8 else {
      return failure("expected 6 or 8 hexadecimal digits after '#', found \(digits.count)", at: hashOffset)
    }

    func component(_ index: Int) -> UInt8 { digits[index] << 4 | digits[index + 1] }
    let utf8 = Array(string.utf8)
    let upper = String(decoding: utf8[(hashOffset + 1)...], as: UTF8.self).uppercased()
    let colour = RGBAColour(
      red: component(0), green: component(2), blue: component(4),
      alpha: digits.count == 8 ? component(6) : 255, hex: "#" + upper)
    if hashOffset == 0 { return .success(.colour(colour)) }
    let name = String(decoding: utf8[..<hashOffset], as: UTF8.self)
    return .success(.tintedImage(name: name, colour: colour))
  }

  /// The colour of the common form `#RRGGBB` or `#RRGGBBAA`, read straight from the bytes.
  ///
  /// Nil for any other string, which `parse` then reads scalar by scalar; gives what that reading gives for
  /// such a string.
  private static func plainColour(_ string: String) -> RGBAColour? {
    let utf8 = string.utf8
    guard utf8.count == 7 || utf8.count == 9, utf8.first == UInt8(ascii: "#") else { return nil }
    var value: UInt32 = 0
    for byte in utf8.dropFirst() {
      guard let digit = HexDigit.value(byte) else { return nil }
      value = value << 4 | UInt32(digit)
    }
    if utf8.count == 7 { value = value << 8 | 0xFF }
    return RGBAColour(
      red: UInt8(truncatingIfNeeded: value >> 24), green: UInt8(truncatingIfNeeded: value >> 16),
      blue: UInt8(truncatingIfNeeded: value >> 8), alpha: UInt8(truncatingIfNeeded: value),
      hex: string.uppercased())
  }

  /// The string with control characters escaped, so a message stays on one line.
  private static func quoted(_ string: String) -> String {
    var result = ""
    for scalar in string.unicodeScalars {
      if scalar.properties.generalCategory == .control {
        result += scalar.escaped(asASCII: false)
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}

/// Why a string with `#` is not a colour literal, and where in the string the problem is.
struct ColourLiteralError: Error, Hashable, Sendable {
  /// One lowercase phrase naming the value in quotes and the rule it breaks, no final period.
  ///
  /// For example `malformed colour '#12345': expected 6 or 8 hexadecimal digits after '#', found 5`.
  var message: String
  /// The UTF-8 offset of the offending character within the (decoded) string, for a caret.
  ///
  /// For a wrong digit count it is the offset of the `#`. The caller maps it to a source position,
  /// minding escapes in the JSON string literal.
  var utf8Offset: Int
}

/// A decimal number kept exactly, so `min_value` and `max_value` compare as written, never through `Double`.
///
/// The value is `digits × 10^exponent`, with no leading or trailing zeros in `digits` (trailing zeros move
/// into the exponent), so `0.10`, `0.1` and `1e-1` are equal values. Zero has no digits and is never
/// negative (`-0 == 0`). Exponents beyond ±10^15 saturate: such values still order correctly against any
/// number a form could hold. The text is read by `JSONNumberGrammar` and the digits found by
/// `JSONNumberParts.significand`, as the rule kernel's `DecimalView` reads them; values order by `DecimalDigits`.
struct ExactDecimal: Hashable, Sendable, Comparable, CustomStringConvertible, DecimalDigits {
  /// Whether the value is below zero.
  let isNegative: Bool
  /// The significant decimal digits, most significant first, as ASCII bytes.
  let digits: [UInt8]
  /// The power of ten the digits are multiplied by.
  let exponent: Int

  /// Parses RFC 8259 number text (`-12.50e+3`); returns nil for anything else (`+1`, `.5`, `1.`, `0x1`, `NaN`).
  init?(_ text: some StringProtocol) {
    var string = String(text)
    guard let value = string.withUTF8({ ExactDecimal(utf8: $0) }) else { return nil }
    self = value
  }

  /// Parses RFC 8259 number text given as UTF-8; nil unless all of `bytes` is one number.
  init?(utf8 bytes: UnsafeBufferPointer<UInt8>) {
    guard let parts = JSONNumberGrammar.wholeNumber(bytes) else { return nil }
    let significand = parts.significand(in: bytes)
    let digits = (significand.first..<significand.end).map { parts.digit(at: $0, in: bytes) }
    self.init(isNegative: parts.isNegative && !digits.isEmpty, digits: digits, exponent: significand.exponent)
  }

  /// Creates a value from an integer.
  init(_ value: Int) {
    var text = String(value)
    // The decimal text of any Int, `Int.min` included, is number text: the zero is never taken.
    self = text.withUTF8 { ExactDecimal(utf8: $0) } ?? ExactDecimal(isNegative: false, digits: [], exponent: 0)
  }

  /// A value from its parts, which must already be canonical.
  private init(isNegative: Bool, digits: [UInt8], exponent: Int) {
    self.isNegative = isNegative
    self.digits = digits
    self.exponent = exponent
  }

  /// The number of significant digits; zero has none.
  var digitCount: Int { digits.count }

  /// The significant digit at `index`, as an ASCII byte.
  func digit(_ index: Int) -> UInt8 { digits[index] }

  /// The value as an `Int` when it is an integer that fits, else nil.
  var intValue: Int? {
    guard isInteger, digits.count + exponent <= 18 else { return nil }
    var value = 0
    for digit in digits { value = value * 10 + Int(digit - UInt8(ascii: "0")) }
    for _ in 0..<exponent { value *= 10 }
    return isNegative ? -value : value
  }

  /// The canonical text: plain digits when short, scientific notation (`1e400`) when the exponent is large.
  var description: String {
    if digits.isEmpty { return "0" }
    let sign = isNegative ? "-" : ""
    let body = String(decoding: digits, as: UTF8.self)
    if exponent >= 0 && exponent <= 20 {
      return sign + body + String(repeating: "0", count: exponent)
    }
    if exponent < 0 && -exponent <= 20 {
      let point = digits.count + exponent
      if point > 0 {
        return sign + String(body.prefix(point)) + "." + String(body.dropFirst(point))
      }
      return sign + "0." + String(repeating: "0", count: -point) + body
    }
    return sign + body + "e" + String(exponent)
  }

  /// Orders values numerically.
  static func < (lhs: ExactDecimal, rhs: ExactDecimal) -> Bool {
    less(lhs, rhs)
  }
}

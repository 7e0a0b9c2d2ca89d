/// A decimal number kept exactly, so `min_value` and `max_value` compare as written, never through `Double`.
///
/// The value is `digits × 10^exponent`, with no leading or trailing zeros in `digits` (trailing zeros move
/// into the exponent), so `0.10`, `0.1` and `1e-1` are equal values. Zero has no digits and is never
/// negative (`-0 == 0`). Exponents beyond ±10^15 saturate: such values still order correctly against any
/// number a form could hold.
struct ExactDecimal: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// Whether the value is below zero.
  let isNegative: Bool
  /// The significant decimal digits, most significant first, each 0...9.
  let digits: [UInt8]
  /// The power of ten the digits are multiplied by.
  let exponent: Int

  private static let exponentLimit = 1_000_000_000_000_000

  /// Parses RFC 8259 number text (`-12.50e+3`); returns nil for anything else (`+1`, `.5`, `1.`, `0x1`, `NaN`).
  init?(_ text: some StringProtocol) {
    var bytes = Array(text.utf8)[...]
    var negative = false
    if bytes.first == UInt8(ascii: "-") {
      negative = true
      bytes = bytes.dropFirst()
    }
    var mantissa: [UInt8] = []
    var fractionDigits = 0
    let integerPart = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
    guard !integerPart.isEmpty, integerPart.count == 1 || integerPart.first != 0x30 else { return nil }
    mantissa.append(contentsOf: integerPart.map { $0 - 0x30 })
    bytes = bytes.dropFirst(integerPart.count)
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      let fraction = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
      guard !fraction.isEmpty else { return nil }
      mantissa.append(contentsOf: fraction.map { $0 - 0x30 })
      fractionDigits = fraction.count
      bytes = bytes.dropFirst(fraction.count)
    }
    var exponent = 0
    if let marker = bytes.first, marker == UInt8(ascii: "e") || marker == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      var exponentNegative = false
      if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
        exponentNegative = sign == UInt8(ascii: "-")
        bytes = bytes.dropFirst()
      }
      let exponentDigits = bytes.prefix { $0 >= 0x30 && $0 <= 0x39 }
      guard !exponentDigits.isEmpty else { return nil }
      for digit in exponentDigits where exponent < ExactDecimal.exponentLimit {
        exponent = exponent * 10 + Int(digit - 0x30)
      }
      exponent = min(exponent, ExactDecimal.exponentLimit)
      if exponentNegative { exponent = -exponent }
      bytes = bytes.dropFirst(exponentDigits.count)
    }
    guard bytes.isEmpty else { return nil }
    self.init(negative: negative, mantissa: mantissa, exponent: exponent - fractionDigits)
  }

  /// Creates a value from an integer.
  init(_ value: Int) {
    // `Int.min.magnitude` does not fit in Int; the description of the magnitude always parses.
    let text = value < 0 ? "-\(value.magnitude)" : "\(value)"
    self.init(
      negative: value < 0, mantissa: text.utf8.filter { $0 != UInt8(ascii: "-") }.map { $0 - 0x30 }, exponent: 0)
  }

  private init(negative: Bool, mantissa: [UInt8], exponent: Int) {
    let leading = mantissa.prefix { $0 == 0 }.count
    var significant = Array(mantissa.dropFirst(leading))
    var exponent = exponent
    while let last = significant.last, last == 0 {
      significant.removeLast()
      exponent += 1
    }
    self.digits = significant
    self.isNegative = negative && !significant.isEmpty
    self.exponent =
      significant.isEmpty ? 0 : max(-ExactDecimal.exponentLimit, min(exponent, ExactDecimal.exponentLimit))
  }

  /// Whether the value has no fractional part.
  var isInteger: Bool { digits.isEmpty || exponent >= 0 }

  /// The value as an `Int` when it is an integer that fits, else nil.
  var intValue: Int? {
    guard isInteger else { return nil }
    guard digits.count + exponent <= 18 else { return nil }
    var value = 0
    for digit in digits { value = value * 10 + Int(digit) }
    for _ in 0..<exponent { value *= 10 }
    return isNegative ? -value : value
  }

  /// The canonical text: plain digits when short, scientific notation (`1e400`) when the exponent is large.
  var description: String {
    if digits.isEmpty { return "0" }
    let sign = isNegative ? "-" : ""
    let body = String(decoding: digits.map { $0 + 0x30 }, as: UTF8.self)
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
    if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
    let magnitudeOrder = compareMagnitudes(lhs, rhs)
    return lhs.isNegative ? magnitudeOrder > 0 : magnitudeOrder < 0
  }

  /// -1, 0 or 1 as |lhs| is smaller than, equal to or greater than |rhs|.
  private static func compareMagnitudes(_ lhs: ExactDecimal, _ rhs: ExactDecimal) -> Int {
    if lhs.digits.isEmpty || rhs.digits.isEmpty {
      return lhs.digits.isEmpty ? (rhs.digits.isEmpty ? 0 : -1) : 1
    }
    let lhsScale = lhs.digits.count + lhs.exponent
    let rhsScale = rhs.digits.count + rhs.exponent
    if lhsScale != rhsScale { return lhsScale < rhsScale ? -1 : 1 }
    let length = max(lhs.digits.count, rhs.digits.count)
    for index in 0..<length {
      let left = index < lhs.digits.count ? lhs.digits[index] : 0
      let right = index < rhs.digits.count ? rhs.digits[index] : 0
      if left != right { return left < right ? -1 : 1 }
    }
    return 0
  }
}

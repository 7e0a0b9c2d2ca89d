/// A decimal value as a sign, significant digits and a power of ten, each form written once: `ExactDecimal`
/// holds its digits, the rule kernel's `DecimalView` points at them in the text, and both order and compare
/// with the routines below, so the two cannot disagree.
///
/// The digits have no leading or trailing zeros (zero has none and is never negative), so two values are
/// equal exactly when their signs, digits and exponents are.
protocol DecimalDigits {
  /// Whether the value is below zero.
  var isNegative: Bool { get }
  /// The number of significant digits; zero has none.
  var digitCount: Int { get }
  /// The power of ten the significant digits are multiplied by.
  var exponent: Int { get }
  /// The significant digit at `index` (from 0, most significant first), as an ASCII byte.
  func digit(_ index: Int) -> UInt8
}

extension DecimalDigits {
  /// Whether the value has no fractional part.
  var isInteger: Bool { digitCount == 0 || exponent >= 0 }

  /// Whether two values are equal.
  @inline(__always)
  static func equal(_ lhs: Self, _ rhs: Self) -> Bool {
    guard lhs.isNegative == rhs.isNegative, lhs.exponent == rhs.exponent, lhs.digitCount == rhs.digitCount
    else { return false }
    for index in 0..<lhs.digitCount where lhs.digit(index) != rhs.digit(index) { return false }
    return true
  }

  /// Whether `lhs` is below `rhs`.
  @inline(__always)
  static func less(_ lhs: Self, _ rhs: Self) -> Bool {
    if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
    let order = compareMagnitudes(lhs, rhs)
    return lhs.isNegative ? order > 0 : order < 0
  }

  /// -1, 0 or 1 as |lhs| is smaller than, equal to or greater than |rhs|.
  static func compareMagnitudes(_ lhs: Self, _ rhs: Self) -> Int {
    if lhs.digitCount == 0 || rhs.digitCount == 0 {
      return lhs.digitCount == 0 ? (rhs.digitCount == 0 ? 0 : -1) : 1
    }
    let lhsScale = lhs.digitCount + lhs.exponent
    let rhsScale = rhs.digitCount + rhs.exponent
    if lhsScale != rhsScale { return lhsScale < rhsScale ? -1 : 1 }
    for index in 0..<max(lhs.digitCount, rhs.digitCount) {
      let left = index < lhs.digitCount ? lhs.digit(index) : UInt8(ascii: "0")
      let right = index < rhs.digitCount ? rhs.digit(index) : UInt8(ascii: "0")
      if left != right { return left < right ? -1 : 1 }
    }
    return 0
  }
}

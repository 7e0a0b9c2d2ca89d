/// The digits after a seconds field's `.`, kept exactly: `0.5`, `0.50` and `0.500` are one value.
///
/// Trailing zeros are dropped, so digit-by-digit order with "shorter is smaller on a common prefix" is
/// the order of the decimal fractions (`5` < `51` < `6`), with no rounding at any length.
struct SecondFraction: Hashable, Comparable, Sendable {
  /// The significant digits (`0`–`9` as numbers), without trailing zeros; empty for zero.
  let digits: [UInt8]

  /// A zero fraction.
  static let zero = SecondFraction(digits: [])

  private init(digits: [UInt8]) {
    self.digits = digits
  }

  /// Reads `.` and one or more ASCII digits at `start`; returns the fraction and the index after it, or
  /// `nil` when there is no `.` or no digit after it.
  static func read(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> (SecondFraction, end: Int)? {
    guard start < bytes.count, bytes[start] == UInt8(ascii: ".") else { return nil }
    var end = start + 1
    var lastNonZero = start
    while end < bytes.count, ASCIIDigits.isDigit(bytes[end]) {
      if bytes[end] != UInt8(ascii: "0") { lastNonZero = end }
      end += 1
    }
    guard end > start + 1 else { return nil }
    let digits = lastNonZero > start ? bytes[(start + 1)...lastNonZero].map { $0 - 0x30 } : []
    return (SecondFraction(digits: digits), end)
  }

  /// Fractions in numeric order.
  static func < (lhs: SecondFraction, rhs: SecondFraction) -> Bool {
    lhs.digits.lexicographicallyPrecedes(rhs.digits)
  }
}

/// A decimal number read from RFC 8259 number text in place, without allocating: `ExactDecimal`'s value
/// (the same digits, exponent and sign, saturating the same way) as a view of the text's digits.
///
/// The significant digits are the integer digits followed by the fraction digits, with leading and
/// trailing zeros left out; they stay in the text (ASCII), split in two runs around the `.`.
struct DecimalView {
  /// The integer digits, ASCII.
  var integerDigits: UnsafePointer<UInt8>
  var integerCount: Int
  /// The fraction digits, ASCII (any pointer when there are none).
  var fractionDigits: UnsafePointer<UInt8>
  /// The significant digits are those from `first` to `end` of the two runs taken as one.
  var first: Int
  var end: Int
  var isNegative: Bool
  /// The power of ten the significant digits are multiplied by, saturated as `ExactDecimal` saturates it.
  var exponent: Int

  /// The exponent magnitude where `ExactDecimal` stops counting.
  static let exponentLimit = 1_000_000_000_000_000

  /// The number of significant digits; zero has none.
  @inline(__always) var digitCount: Int { end &- first }

  /// The significant digit at `index` (from 0), as an ASCII byte.
  @inline(__always)
  func digit(_ index: Int) -> UInt8 {
    let position = first &+ index
    return position < integerCount ? integerDigits[position] : fractionDigits[position &- integerCount]
  }

  /// Whether the value has no fractional part (`ExactDecimal.isInteger`).
  var isInteger: Bool { first == end || exponent >= 0 }

  /// Reads `count` bytes of text as `ExactDecimal(text)` would; nil when they are not RFC 8259 number text.
  init?(_ text: UnsafePointer<UInt8>, count: Int) {
    var index = 0
    var negative = false
    if count > 0, text[0] == UInt8(ascii: "-") {
      negative = true
      index = 1
    }
    let integerStart = index
    while index < count, DecimalView.isDigit(text[index]) { index &+= 1 }
    let integerCount = index &- integerStart
    guard integerCount > 0, integerCount == 1 || text[integerStart] != UInt8(ascii: "0") else { return nil }
    var fractionStart = index
    var fractionCount = 0
    if index < count, text[index] == UInt8(ascii: ".") {
      index &+= 1
      fractionStart = index
      while index < count, DecimalView.isDigit(text[index]) { index &+= 1 }
      fractionCount = index &- fractionStart
      guard fractionCount > 0 else { return nil }
    }
    var exponent = 0
    if index < count, text[index] | 0x20 == UInt8(ascii: "e") {
      index &+= 1
      var exponentNegative = false
      if index < count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        exponentNegative = text[index] == UInt8(ascii: "-")
        index &+= 1
      }
      let exponentStart = index
      while index < count, DecimalView.isDigit(text[index]) {
        if exponent < DecimalView.exponentLimit { exponent = exponent * 10 + Int(text[index] &- 0x30) }
        index &+= 1
      }
      guard index > exponentStart else { return nil }
      exponent = min(exponent, DecimalView.exponentLimit)
      if exponentNegative { exponent = -exponent }
    }
    guard index == count else { return nil }
    self.init(
      integer: text + integerStart, integerCount: integerCount, fraction: text + fractionStart,
      fractionCount: fractionCount, negative: negative, exponent: exponent - fractionCount)
  }

  /// A value from its digit runs, trimming zeros as `ExactDecimal` does.
  init(
    integer: UnsafePointer<UInt8>, integerCount: Int, fraction: UnsafePointer<UInt8>, fractionCount: Int,
    negative: Bool, exponent: Int
  ) {
    integerDigits = integer
    self.integerCount = integerCount
    fractionDigits = fraction
    let total = integerCount + fractionCount
    func at(_ position: Int) -> UInt8 {
      position < integerCount ? integer[position] : fraction[position &- integerCount]
    }
    var first = 0
    while first < total, at(first) == UInt8(ascii: "0") { first &+= 1 }
    var end = total
    var exponent = exponent
    while end > first, at(end &- 1) == UInt8(ascii: "0") {
      end &-= 1
      exponent &+= 1
    }
    self.first = first
    self.end = end
    isNegative = negative && end > first
    self.exponent =
      end > first ? max(-DecimalView.exponentLimit, min(exponent, DecimalView.exponentLimit)) : 0
  }

  /// Whether two values are equal (`ExactDecimal ==`).
  static func equal(_ lhs: DecimalView, _ rhs: DecimalView) -> Bool {
    guard lhs.isNegative == rhs.isNegative, lhs.exponent == rhs.exponent, lhs.digitCount == rhs.digitCount
    else { return false }
    for index in 0..<lhs.digitCount where lhs.digit(index) != rhs.digit(index) { return false }
    return true
  }

  /// Whether `lhs` is below `rhs` (`ExactDecimal <`).
  static func less(_ lhs: DecimalView, _ rhs: DecimalView) -> Bool {
    if lhs.isNegative != rhs.isNegative { return lhs.isNegative }
    let order = compareMagnitudes(lhs, rhs)
    return lhs.isNegative ? order > 0 : order < 0
  }

  /// -1, 0 or 1 as |lhs| is smaller than, equal to or greater than |rhs|.
  private static func compareMagnitudes(_ lhs: DecimalView, _ rhs: DecimalView) -> Int {
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

  @inline(__always)
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}

/// Where the pieces of RFC 8259 number text are in the bytes `JSONNumberGrammar.scan` read, and the value
/// of its exponent: the "parsed decimal" that `ExactDecimal` copies and `DecimalView` keeps in place.
///
/// The number's value is its digits (the integer digits followed by the fraction digits, taken as one run)
/// times ten to the power `exponent - fractionCount`.
struct JSONNumberParts: Equatable {
  /// Whether the text starts with `-`.
  var isNegative: Bool
  /// The integer digits are the bytes `integerStart..<integerEnd`.
  var integerStart: Int
  var integerEnd: Int
  /// The value of the integer digits, wrapping on overflow: exact when there are at most 18 of them.
  var integerValue: Int
  /// The fraction digits are the bytes `fractionStart..<fractionEnd` (an empty range when there is none).
  var fractionStart: Int
  var fractionEnd: Int
  /// The written exponent (`e-12` is -12; 0 when there is none), saturated at ±`exponentLimit`.
  var exponent: Int
  /// The offset just past the number.
  var end: Int

  /// The exponent magnitude where counting stops: such values still order correctly against any number a
  /// form could hold.
  static let exponentLimit = 1_000_000_000_000_000

  /// The number of integer digits.
  @inline(__always) var integerCount: Int { integerEnd &- integerStart }

  /// The number of fraction digits.
  @inline(__always) var fractionCount: Int { fractionEnd &- fractionStart }

  /// The digit at `position` of the integer and fraction digits taken as one run, as an ASCII byte.
  @inline(__always)
  func digit(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt8 {
    position < integerCount ? bytes[integerStart &+ position] : bytes[fractionStart &+ (position &- integerCount)]
  }

  /// The significant digits and the power of ten they are multiplied by.
  ///
  /// The digits are positions `first..<end` of the integer and fraction digits taken as one run, leading
  /// and trailing zeros left out; the exponent is saturated at ±`exponentLimit`. Zero has no significant
  /// digits and the exponent 0.
  @inline(__always)
  func significand(in bytes: UnsafeBufferPointer<UInt8>) -> (first: Int, end: Int, exponent: Int) {
    var first = 0
    var end = integerCount &+ fractionCount
    while first < end, digit(at: first, in: bytes) == UInt8(ascii: "0") { first &+= 1 }
    guard first < end else { return (first, first, 0) }
    var scale = exponent &- fractionCount
    while digit(at: end &- 1, in: bytes) == UInt8(ascii: "0") {
      end &-= 1
      scale &+= 1
    }
    return (first, end, max(-Self.exponentLimit, min(scale, Self.exponentLimit)))
  }

  /// The value when the number is an integer of 1 to 18 digits with no fraction or exponent (`-0` is 0),
  /// else nil: the values an `Int` holds without any check for overflow.
  @inline(__always)
  var plainInteger: Int? {
    guard end == integerEnd, integerCount <= 18 else { return nil }
    return isNegative ? -integerValue : integerValue
  }
}

/// A decimal number read from RFC 8259 number text in place, without allocating: `ExactDecimal`'s value as
/// a view of the text's digits.
///
/// The text is read by `JSONNumberGrammar` and its significant digits found by
/// `JSONNumberParts.significand`, exactly as `ExactDecimal` reads it; equality and order are
/// `DecimalDigits`'. The digits stay in the text (ASCII), in two runs around the `.`.
struct DecimalView: DecimalDigits {
  /// The integer digits, ASCII.
  var integerDigits: UnsafePointer<UInt8>
  var integerCount: Int
  /// The fraction digits, ASCII (any pointer into the text when there are none).
  var fractionDigits: UnsafePointer<UInt8>
  /// The significant digits are those from `first` to `end` of the two runs taken as one.
  var first: Int
  var end: Int
  var isNegative: Bool
  /// The power of ten the significant digits are multiplied by, saturated as `ExactDecimal` saturates it.
  var exponent: Int

  /// The number of significant digits; zero has none.
  @inline(__always) var digitCount: Int { end &- first }

  /// The significant digit at `index` (from 0), as an ASCII byte.
  @inline(__always)
  func digit(_ index: Int) -> UInt8 {
    let position = first &+ index
    return position < integerCount ? integerDigits[position] : fractionDigits[position &- integerCount]
  }

  /// Reads `count` bytes of text as `ExactDecimal(text)` would; nil when they are not RFC 8259 number text.
  @inline(__always)
  init?(_ text: UnsafePointer<UInt8>, count: Int) {
    let bytes = UnsafeBufferPointer(start: text, count: count)
    guard let parts = JSONNumberGrammar.wholeNumber(bytes) else { return nil }
    self.init(parts, in: bytes)
  }

  /// The value of number text already read: `parts` of `bytes`, which must not be empty.
  @inline(__always)
  init(_ parts: JSONNumberParts, in bytes: UnsafeBufferPointer<UInt8>) {
    // Number text has at least one digit, so the buffer has a base address.
    let base = bytes.baseAddress.unsafelyUnwrapped
    let significand = parts.significand(in: bytes)
    integerDigits = base + parts.integerStart
    integerCount = parts.integerCount
    fractionDigits = base + parts.fractionStart
    first = significand.first
    end = significand.end
    isNegative = parts.isNegative && significand.end > significand.first
    exponent = significand.exponent
  }
}

/// RFC 8259's number grammar, `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`: the one routine that
/// reads number text, for the reader (`JSONLexer`), the exact decimal (`ExactDecimal`) and the rule kernel
/// (`RecordScanner`, `DecimalView`).
enum JSONNumberGrammar {
  /// The part of a number that lacks its first digit.
  enum Part: Equatable {
    /// The integer part (`-`, `.5`, `+1`).
    case integer
    /// The fraction after `.` (`1.`, `1.e5`).
    case fraction
    /// The exponent after `e` and its sign (`1e`, `1e+`).
    case exponent
  }

  /// What `scan(_:from:)` found.
  enum Outcome: Equatable {
    /// Number text that ends at `parts.end`; what follows it, if anything, is not part of it.
    case number(JSONNumberParts)
    /// Text that starts like a number but where `part` needs a digit at offset `at` and has none.
    case missingDigit(Part, at: Int)
  }

  /// Reads the longest number text starting at `start`.
  ///
  /// It stops at the first byte the grammar cannot take, so `01` reads as `0` with `1` following and
  /// `1.5x` as `1.5` with `x` following; the caller decides what may follow. Exponents saturate at
  /// ±`JSONNumberParts.exponentLimit`.
  @inline(__always)
  static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Outcome {
    let count = bytes.count
    var index = start
    let negative = index < count && bytes[index] == UInt8(ascii: "-")
    if negative { index &+= 1 }
    let integerStart = index
    guard index < count, isDigit(bytes[index]) else { return .missingDigit(.integer, at: index) }
    // The integer digits' value, wrapping, costs nothing to a caller that does not use it: the optimizer
    // drops it.
    var integerValue = Int(bytes[index] &- UInt8(ascii: "0"))
    index &+= 1
    if integerValue != 0 {
      while index < count, isDigit(bytes[index]) {
        integerValue = integerValue &* 10 &+ Int(bytes[index] &- UInt8(ascii: "0"))
        index &+= 1
      }
    }
    let integerEnd = index
    var fractionStart = index
    if index < count, bytes[index] == UInt8(ascii: ".") {
      index &+= 1
      fractionStart = index
      guard index < count, isDigit(bytes[index]) else { return .missingDigit(.fraction, at: index) }
      skipDigits(bytes, &index)
    }
    let fractionEnd = index
    var exponent = 0
    if index < count, bytes[index] | 0x20 == UInt8(ascii: "e") {
      index &+= 1
      var exponentNegative = false
      if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
        exponentNegative = bytes[index] == UInt8(ascii: "-")
        index &+= 1
      }
      guard index < count, isDigit(bytes[index]) else { return .missingDigit(.exponent, at: index) }
      repeat {
        // Below the limit, ten times the value plus a digit cannot overflow.
        if exponent < JSONNumberParts.exponentLimit { exponent = exponent &* 10 &+ Int(bytes[index] &- 0x30) }
        index &+= 1
      } while index < count && isDigit(bytes[index])
      exponent = min(exponent, JSONNumberParts.exponentLimit)
      if exponentNegative { exponent = -exponent }
    }
    return .number(
      JSONNumberParts(
        isNegative: negative, integerStart: integerStart, integerEnd: integerEnd, integerValue: integerValue,
        fractionStart: fractionStart, fractionEnd: fractionEnd, exponent: exponent, end: index))
  }

  /// The parts of `bytes` when all of it is number text, else nil.
  @inline(__always)
  static func wholeNumber(_ bytes: UnsafeBufferPointer<UInt8>) -> JSONNumberParts? {
    guard case .number(let parts) = scan(bytes, from: 0), parts.end == bytes.count else { return nil }
    return parts
  }

  /// Why `text` is not a JSON number, or nil when it is one: the reason a `badNumber` token carries.
  static func problem(in text: UnsafeBufferPointer<UInt8>) -> String? {
    switch scan(text, from: 0) {
    case .missingDigit(.integer, let at):
      let afterSign = at > 0
      guard at < text.count else { return afterSign ? "expected a digit after '-'" : "expected a digit" }
      switch text[at] {
      case UInt8(ascii: "+"): return afterSign ? "a '+' sign is not allowed here" : "a leading '+' is not allowed"
      case UInt8(ascii: "."): return "a digit is required before '.'"
      default: return afterSign ? "expected a digit after '-'" : "expected a digit"
      }
    case .missingDigit(.fraction, _):
      return "a digit is required after '.'"
    case .missingDigit(.exponent, _):
      return "the exponent has no digits"
    case .number(let parts):
      guard parts.end < text.count else { return nil }
      let next = text[parts.end]
      if parts.end == parts.integerEnd, text[parts.integerStart] == UInt8(ascii: "0") {
        if isDigit(next) { return "leading zeros are not allowed" }
        if next | 0x20 == UInt8(ascii: "x") { return "hexadecimal numbers are not allowed" }
      }
      return "unexpected \(JSONPhrase.describe(Unicode.Scalar(next))) in number"
    }
  }

  /// Moves `index` past a run of digits.
  @inline(__always)
  private static func skipDigits(_ bytes: UnsafeBufferPointer<UInt8>, _ index: inout Int) {
    while index < bytes.count, isDigit(bytes[index]) { index &+= 1 }
  }

  /// Whether `byte` is an ASCII digit.
  @inline(__always)
  static func isDigit(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "0") < 10
  }
}

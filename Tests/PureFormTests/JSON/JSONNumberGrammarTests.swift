import Testing

@testable import PureForm

/// `JSONNumberGrammar`, the one reader of number text: where a number ends, which part lacks a digit, the
/// reason the lexer gives, and the parts `ExactDecimal` and `DecimalView` build on.
@Suite struct JSONNumberGrammarTests {
  /// What `scan(_:from: 0)` gives for `text`: `end N` for a number, `missing PART at N` otherwise.
  static func scan(_ text: String) -> String {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      switch JSONNumberGrammar.scan(bytes, from: 0) {
      case .number(let parts): return "end \(parts.end)"
      case .missingDigit(let part, let at): return "missing \(part) at \(at)"
      }
    }
  }

  /// The lexer's reason for `text`, or nil when it is a number.
  static func problem(_ text: String) -> String? {
    Array(text.utf8).withUnsafeBufferPointer { JSONNumberGrammar.problem(in: $0) }
  }

  /// The parts of `text` when all of it is a number.
  static func parts(_ text: String) -> JSONNumberParts? {
    Array(text.utf8).withUnsafeBufferPointer { JSONNumberGrammar.wholeNumber($0) }
  }

  @Test(arguments: [
    ("0", "end 1"), ("-0", "end 2"), ("01", "end 1"), ("1.", "missing fraction at 2"),
    (".5", "missing integer at 0"), ("-", "missing integer at 1"), ("", "missing integer at 0"),
    ("+1", "missing integer at 0"), ("1e400", "end 5"), ("1e", "missing exponent at 2"),
    ("1e+", "missing exponent at 3"), ("1E-7", "end 4"), ("-12.50e+3", "end 9"), ("1.5.3", "end 3"),
    ("0x1F", "end 1"), ("12ab", "end 2"), ("1.e5", "missing fraction at 2"), ("-.5", "missing integer at 1"),
  ])
  func scanStopsWhereTheGrammarDoes(_ text: String, _ expected: String) {
    #expect(Self.scan(text) == expected)
  }

  @Test func scanStartsAtTheOffsetGiven() {
    let text = Array(#"{"a":-1.25e3,"b":7}"#.utf8)
    text.withUnsafeBufferPointer { bytes in
      guard case .number(let parts) = JSONNumberGrammar.scan(bytes, from: 5) else {
        Issue.record("no number at 5")
        return
      }
      #expect(parts.isNegative)
      #expect(parts.integerStart == 6 && parts.integerEnd == 7)
      #expect(parts.fractionStart == 8 && parts.fractionEnd == 10)
      #expect(parts.exponent == 3)
      #expect(parts.end == 12)
    }
  }

  @Test(
    arguments: [
      ("0", nil), ("-0", nil), ("1e400", nil), ("-12.50E+3", nil), ("", "expected a digit"),
      ("-", "expected a digit after '-'"), ("-x", "expected a digit after '-'"), ("+1", "a leading '+' is not allowed"),
      ("-+1", "a '+' sign is not allowed here"), (".5", "a digit is required before '.'"),
      ("-.5", "a digit is required before '.'"), ("1.", "a digit is required after '.'"),
      ("1e", "the exponent has no digits"), ("1e+", "the exponent has no digits"),
      ("01", "leading zeros are not allowed"), ("-007", "leading zeros are not allowed"),
      ("0x1F", "hexadecimal numbers are not allowed"), ("0.5x", "unexpected 'x' in number"),
      ("1.5.3", "unexpected '.' in number"), ("10x", "unexpected 'x' in number"), ("0e5e", "unexpected 'e' in number"),
    ] as [(String, String?)])
  func problemGivesTheLexersReason(_ text: String, _ reason: String?) {
    #expect(Self.problem(text) == reason)
  }

  @Test func wholeNumberRejectsTrailingText() {
    #expect(Self.parts("12") != nil)
    #expect(Self.parts("12 ") == nil)
    #expect(Self.parts("01") == nil)
    #expect(Self.parts("1.") == nil)
  }

  @Test func exponentsSaturate() throws {
    let limit = JSONNumberParts.exponentLimit
    #expect(try #require(Self.parts("1e999999999999999999999")).exponent == limit)
    #expect(try #require(Self.parts("1e-999999999999999999999")).exponent == -limit)
    #expect(try #require(Self.parts("1e400")).exponent == 400)
  }

  /// The significand as `digits e exponent`, the digits from the text.
  static func significand(_ text: String) -> String? {
    Array(text.utf8).withUnsafeBufferPointer { bytes in
      guard let parts = JSONNumberGrammar.wholeNumber(bytes) else { return nil }
      let (first, end, exponent) = parts.significand(in: bytes)
      let digits = (first..<end).map { parts.digit(at: $0, in: bytes) }
      return "\(String(decoding: digits, as: UTF8.self))e\(exponent)"
    }
  }

  @Test(arguments: [
    ("0", "e0"), ("-0.000", "e0"), ("0e999", "e0"), ("100", "1e2"), ("0.0120", "12e-3"), ("-12.50e+3", "125e2"),
    ("1e400", "1e400"), ("5e-324", "5e-324"), ("1.5e-999999999999999999", "15e-1000000000000000"),
  ])
  func significandDropsLeadingAndTrailingZeros(_ text: String, _ expected: String) {
    #expect(Self.significand(text) == expected)
  }

  @Test(
    arguments: [
      ("0", 0), ("-0", 0), ("42", 42), ("-42", -42), ("999999999999999999", 999_999_999_999_999_999),
      ("1000000000000000000", nil), ("1.0", nil), ("1e2", nil), ("-9", -9),
    ] as [(String, Int?)])
  func plainIntegerIsOnlyShortIntegerText(_ text: String, _ value: Int?) throws {
    #expect(try #require(Self.parts(text)).plainInteger == value)
  }

  /// The lexer, `ExactDecimal` and `DecimalView` agree on what is a number, and the last two on its value.
  @Test func everyReaderAgrees() {
    let texts = [
      "0", "-0", "01", "1.", ".5", "+1", "1e400", "-1e-400", "1e", "0x10", "12.50", "125e-1", "-", "", "1E+2", "100",
      "9223372036854775808", "0.1", "1e-1",
    ]
    for text in texts {
      let isNumber = Self.problem(text) == nil
      let exact = ExactDecimal(text)
      // The view points into the bytes: what it holds is read while they live.
      let view = Array(text.utf8).withUnsafeBufferPointer { bytes in
        bytes.baseAddress.flatMap { DecimalView($0, count: bytes.count) }.map { view in
          (view.isNegative, view.exponent, (0..<view.digitCount).map { view.digit($0) })
        }
      }
      let token = JSONFixture.read(text).value?.kind
      #expect((exact != nil) == isNumber, "\(text)")
      #expect((view != nil) == isNumber, "\(text)")
      if case .number(let read)? = token {
        #expect(read == text && isNumber)
      } else {
        #expect(!isNumber || text.isEmpty)
      }
      if let exact, let (isNegative, exponent, digits) = view {
        #expect(exact.isNegative == isNegative && exact.exponent == exponent, "\(text)")
        #expect(exact.digits == digits, "\(text)")
      }
    }
  }
}

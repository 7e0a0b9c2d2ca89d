import Testing

@testable import PureForm

@Suite struct ExactDecimalTests {
  @Test(arguments: [
    ("0.1", "0.10"), ("1e2", "100"), ("-0", "0"), ("0", "0.0e5"), ("1.50", "15e-1"), ("-2.5", "-25E-1"),
  ])
  func equalValues(_ lhs: String, _ rhs: String) throws {
    #expect(try #require(ExactDecimal(lhs)) == #require(ExactDecimal(rhs)))
  }

  @Test func comparesExactlyWhereDoubleCannot() throws {
    // 0.1 + 0.2 style: these differ in the 17th significant digit and are equal as Doubles.
    let a = try #require(ExactDecimal("0.30000000000000000001"))
    let b = try #require(ExactDecimal("0.3"))
    #expect(b < a)
    let big = try #require(ExactDecimal(String(repeating: "9", count: 300)))
    let bigger = try #require(ExactDecimal("1" + String(repeating: "0", count: 300)))
    #expect(big < bigger)
    #expect(try #require(ExactDecimal("-1e400")) < #require(ExactDecimal("-1e399")))
    #expect(try #require(ExactDecimal("1e-400")) > #require(ExactDecimal("0")))
  }

  @Test(arguments: ["+1", ".5", "1.", "01", "1e", "0x10", "NaN", "", "-", "1 ", "1e+"])
  func rejectsNonJSONNumbers(_ text: String) {
    #expect(ExactDecimal(text) == nil)
  }

  @Test func integersAndDescriptions() throws {
    #expect(try #require(ExactDecimal("6.0")).intValue == 6)
    #expect(try #require(ExactDecimal("1e3")).intValue == 1000)
    #expect(try #require(ExactDecimal("6.5")).intValue == nil)
    #expect(try #require(ExactDecimal("1e30")).intValue == nil)
    #expect(try #require(ExactDecimal("-12.50")).description == "-12.5")
    #expect(try #require(ExactDecimal("0.001")).description == "0.001")
    #expect(try #require(ExactDecimal("1e400")).description == "1e400")
    #expect(ExactDecimal(Int.min).description == "-9223372036854775808")
  }
}

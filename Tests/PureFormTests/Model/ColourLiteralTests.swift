import Testing

@testable import PureForm

/// The error of a string that must fail to parse, nil when it parses or has no `#`.
private func error(_ string: String) -> ColourLiteralError? {
  guard case .failure(let error) = ColourLiteral.parse(string) else { return nil }
  return error
}

/// The literal of a string that must parse, nil when it fails or has no `#`.
private func literal(_ string: String) -> ColourLiteral? {
  guard case .success(let literal) = ColourLiteral.parse(string) else { return nil }
  return literal
}

@Suite struct ColourLiteralTests {
  @Test(arguments: ["", "Login", "6F3F83", "UIKeyboardTypeDefault", "ic_turtle"])
  func stringsWithoutHashAreNotColours(_ string: String) {
    #expect(ColourLiteral.parse(string) == nil)
  }

  @Test func sixDigitColour() {
    #expect(
      literal("#6F3F83")
        == .colour(RGBAColour(red: 0x6F, green: 0x3F, blue: 0x83, alpha: 255, hex: "#6F3F83")))
  }

  @Test func eightDigitColourHasAlphaLast() {
    #expect(
      literal("#6F3F8380")
        == .colour(RGBAColour(red: 0x6F, green: 0x3F, blue: 0x83, alpha: 0x80, hex: "#6F3F8380")))
    #expect(
      literal("#000000FF")
        == .colour(RGBAColour(red: 0, green: 0, blue: 0, alpha: 255, hex: "#000000FF")))
  }

  @Test func lowercaseAndMixedCaseDigitsAreNormalized() {
    #expect(
      literal("#abcdef")
        == .colour(RGBAColour(red: 0xAB, green: 0xCD, blue: 0xEF, alpha: 255, hex: "#ABCDEF")))
    #expect(
      literal("#aBcDeF0a")
        == .colour(RGBAColour(red: 0xAB, green: 0xCD, blue: 0xEF, alpha: 0x0A, hex: "#ABCDEF0A")))
    #expect(
      literal("#ffffff") == .colour(RGBAColour(red: 255, green: 255, blue: 255, alpha: 255, hex: "#FFFFFF")))
  }

  @Test func tintedImage() {
    let colour = RGBAColour(red: 0x6F, green: 0x3F, blue: 0x83, alpha: 255, hex: "#6F3F83")
    #expect(literal("ic_turtle#6F3F83") == .tintedImage(name: "ic_turtle", colour: colour))
    #expect(literal("ic_turtle#6f3f83") == .tintedImage(name: "ic_turtle", colour: colour))
    #expect(literal("x#6F3F83") == .tintedImage(name: "x", colour: colour))
    #expect(literal("my icon#6F3F83") == .tintedImage(name: "my icon", colour: colour))
    #expect(literal("é#6F3F83") == .tintedImage(name: "é", colour: colour))
    let translucent = RGBAColour(red: 0x6F, green: 0x3F, blue: 0x83, alpha: 0x40, hex: "#6F3F8340")
    #expect(literal("icon#6F3F8340") == .tintedImage(name: "icon", colour: translucent))
  }

  @Test func wrongDigitCountPointsAtHash() {
    #expect(
      error("#12345")
        == ColourLiteralError(
          message: "malformed colour '#12345': expected 6 or 8 hexadecimal digits after '#', found 5",
          utf8Offset: 0))
    #expect(
      error("#1234567")
        == ColourLiteralError(
          message: "malformed colour '#1234567': expected 6 or 8 hexadecimal digits after '#', found 7",
          utf8Offset: 0))
    #expect(
      error("#123456789")
        == ColourLiteralError(
          message: "malformed colour '#123456789': expected 6 or 8 hexadecimal digits after '#', found 9",
          utf8Offset: 0))
    #expect(
      error("#")
        == ColourLiteralError(
          message: "malformed colour '#': expected 6 or 8 hexadecimal digits after '#', found 0",
          utf8Offset: 0))
    #expect(
      error("icon#FFF")
        == ColourLiteralError(
          message: "malformed colour 'icon#FFF': expected 6 or 8 hexadecimal digits after '#', found 3",
          utf8Offset: 4))
    #expect(error("icon#")?.utf8Offset == 4)
    #expect(error("é#12")?.utf8Offset == 2)
  }

  @Test func nonHexDigitIsPointedAt() {
    #expect(
      error("#12345G")
        == ColourLiteralError(
          message: "malformed colour '#12345G': 'G' is not a hexadecimal digit", utf8Offset: 6))
    #expect(
      error("#G2345")
        == ColourLiteralError(
          message: "malformed colour '#G2345': 'G' is not a hexadecimal digit", utf8Offset: 1))
    #expect(
      error("icon#12 456")
        == ColourLiteralError(
          message: "malformed colour 'icon#12 456': ' ' is not a hexadecimal digit", utf8Offset: 7))
    #expect(error("#0x1234")?.utf8Offset == 2)
    #expect(
      error("ü#12ü456")
        == ColourLiteralError(
          message: "malformed colour 'ü#12ü456': 'ü' is not a hexadecimal digit", utf8Offset: 5))
    // A fullwidth digit is not an ASCII hexadecimal digit.
    #expect(error("#１23456")?.utf8Offset == 1)
  }

  @Test func moreThanOneHashPointsAtTheSecond() {
    #expect(
      error("a#b#123456")
        == ColourLiteralError(
          message: "malformed colour 'a#b#123456': a colour value has exactly one '#'", utf8Offset: 3))
    #expect(error("##123456")?.utf8Offset == 1)
    #expect(error("#123456#")?.utf8Offset == 7)
  }

  @Test func surroundingWhitespaceIsMalformed() {
    #expect(
      error("  #123456")
        == ColourLiteralError(
          message: "malformed colour '  #123456': leading whitespace is not allowed", utf8Offset: 0))
    #expect(
      error("#123456  ")
        == ColourLiteralError(
          message: "malformed colour '#123456  ': trailing whitespace is not allowed", utf8Offset: 7))
    #expect(error("icon#123456\n")?.utf8Offset == 11)
    #expect(
      error("\ticon#123456")?.message
        == "malformed colour '\\ticon#123456': leading whitespace is not allowed")
    #expect(
      error("icon  #123456")
        == ColourLiteralError(
          message: "malformed colour 'icon  #123456': the image name must not end with whitespace before '#'",
          utf8Offset: 4))
    #expect(error(" ")?.utf8Offset == nil)
  }

  @Test func textWithHashIsMalformed() {
    #expect(error("Order #5")?.utf8Offset == 5)
    #expect(
      error("Order#5")?.message
        == "malformed colour 'Order#5': expected 6 or 8 hexadecimal digits after '#', found 1")
  }
}

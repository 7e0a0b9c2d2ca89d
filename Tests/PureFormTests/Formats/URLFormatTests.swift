import Testing

@testable import PureForm

/// `<format>: url` against Tests/Vectors/format-url.json, and the parts of the parser the rule reads.
@Suite struct URLFormatTests {
  static let urls = FormatVectors.load("url")

  @Test func vectorFileLoads() {
    #expect(Self.urls.format == "url" && Self.urls.vectors.count >= 50)
  }

  @Test(arguments: urls.vectors)
  func url(_ vector: FormatVectors.Vector) {
    let accepted = URLFormatRule.accepts(vector.value, schemes: vector.schemes ?? URLFormatRule.defaultSchemes)
    #expect(accepted == vector.valid, "\(vector.value.debugDescription): \(vector.why)")
  }

  @Test func serialisesAsTheStandardDoes() throws {
    #expect(WebURLParser.parse("https://example.com/a b")?.url.href == "https://example.com/a%20b")
    #expect(WebURLParser.parse("HTTPS://EXAMPLE.COM:443/")?.url.href == "https://example.com/")
    #expect(WebURLParser.parse("http://0x7f.1/")?.url.href == "http://127.0.0.1/")
    #expect(WebURLParser.parse("https://faß.ExAmPlE/")?.url.href == "https://xn--fa-hia.example/")
    #expect(WebURLParser.parse("https://bücher.example/")?.url.href == "https://xn--bcher-kva.example/")
    #expect(WebURLParser.parse("http://[0:0::1]/")?.url.href == "http://[::1]/")
    #expect(WebURLParser.parse("mailto:a@b.example")?.url.href == "mailto:a@b.example")
    // The current standard percent-encodes an opaque path's space only right before `?` or `#` (Node 20's
    // Ada 2.9 predates that and keeps it).
    #expect(WebURLParser.parse("sc:a b ?q")?.url.href == "sc:a b%20?q")
  }

  @Test func reportsTheCleanUpItNeeded() throws {
    #expect(try #require(WebURLParser.parse(" https://x.io")).neededCleanUp)
    #expect(try #require(WebURLParser.parse("https://x.io/a\tb")).neededCleanUp)
    #expect(try #require(WebURLParser.parse("https://x.io/a\tb")).url.href == "https://x.io/ab")
    #expect(try !#require(WebURLParser.parse("https://x.io/a b")).neededCleanUp)
  }

  @Test func schemeAndHost() throws {
    let mailto = try #require(WebURLParser.parse("mailto:a@b.example")).url
    #expect(mailto.scheme == "mailto" && mailto.hasEmptyHost && !mailto.isSpecial)
    let file = try #require(WebURLParser.parse("file:///etc/passwd")).url
    #expect(file.scheme == "file" && file.hasEmptyHost && file.isSpecial)
    let https = try #require(WebURLParser.parse("https://example.com")).url
    #expect(https.host == .domain("example.com") && !https.hasEmptyHost)
  }

  @Test(arguments: [
    ("https", true), ("MailTo", true), ("web+app", true), ("a1.b-c", true), ("1http", false),
    ("", false), ("ht tp", false), ("https:", false), ("é", false),
  ])
  func schemeNames(_ name: String, _ valid: Bool) {
    #expect(URLFormatRule.isSchemeName(name) == valid)
  }

  @Test func punycodeRoundTrips() throws {
    // RFC 3492 §7.1's sample (A) Arabic (Egyptian), and short labels.
    let arabic =
      "\u{0644}\u{064A}\u{0647}\u{0645}\u{0627}\u{0628}\u{062A}\u{0643}\u{0644}\u{0645}\u{0648}"
      + "\u{0634}\u{0639}\u{0631}\u{0628}\u{064A}\u{061F}"
    #expect(Punycode.encode(Array(arabic.unicodeScalars)) == "egbpdaj6bu4bxfgehfvwxn")
    #expect(Punycode.encode(Array("faß".unicodeScalars)) == "fa-hia")
    #expect(Punycode.encode(Array("bücher".unicodeScalars)) == "bcher-kva")
    #expect(Punycode.decode("egbpdaj6bu4bxfgehfvwxn").map { String(String.UnicodeScalarView($0)) } == arabic)
    #expect(Punycode.decode("bcher-kva").map { String(String.UnicodeScalarView($0)) } == "bücher")
    #expect(Punycode.decode("a!") == nil)
  }
}

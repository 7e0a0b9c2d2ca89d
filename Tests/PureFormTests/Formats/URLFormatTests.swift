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

  /// Texts at the edges of `URLShortcut`'s shape: each answered by the shortcut or the parser, the same either way.
  static let shortcutEdges = [
    "https://ada.example", "HTTPS://EXAMPLE.COM", "http://a..", "http://a.", "http://.", "http://..", "http://-",
    "http://a.-", "http://1.a", "http://a.1", "http://a.1.", "http://a.0x1", "http://a.0X1f", "http://a.09",
    "http://xn--a.b", "http://a.XN--b", "http://a.xn-b", "http://a.b:80", "http://a.b:", "http://u@a.b",
    "http://@a.b", "http://a.b\\c", "http://a.b/\t", "http://a.b/ ", "http:// a.b", "http://a b", "ws://a",
    "wss://a/b?c#d", "ftp://files.example/", "file://a", "file://localhost/x", "http:a.b", "http:/a.b",
    "http:///a.b", "http:\\\\a.b", "http://a.b#\u{1}", "https://ex%41mple.com", "http://a.b/ä?ö#ü",
    "http://a.b/%zz", "http://a.b?", "http://a.b#", "http://[::1]", "sc://a.b", "javascript://a.b",
    "httpx://a.b", "h://a.b", "http://a.b\u{7F}", "http://a_b.c", "http://a.b/\u{0}x", "http://a.b\r",
    "http://ex\u{AD}ample.com", "http://EX.com.", "http://a.b./c", "http://0.a", "http://a.0",
  ]

  @Test func theShortcutAnswersAsTheParser() {
    let inputs = Self.urls.vectors.map(\.value) + Self.shortcutEdges + WebURLConformanceTests.cases.map(\.input)
    let allSpecial = ["ftp", "ws", "wss", "http", "https", "file", "sc", "javascript"]
    for input in inputs {
      for schemes in [URLFormatRule.defaultSchemes, allSpecial] {
        #expect(
          URLFormatRule.accepts(input, schemes: schemes) == URLFormatRule.parserAccepts(input, schemes: schemes),
          "\(input.debugDescription) with \(schemes)")
      }
    }
  }

  /// 20,000 texts drawn (seeded) from the bytes that steer the shortcut, each after a scheme it may take.
  @Test func theShortcutAnswersAsTheParserOnDrawnTexts() {
    let pieces = [
      "a", "Z", "0", "9", "x", "n", "xn--", "XN--", ".", "-", ":", "/", "\\", "?", "#", "@", "%", "%41", "[", "]",
      " ", "\t", "\u{0}", "\u{7F}", "ä", "\u{AD}", "0x", "1", "ß", "_",
    ]
    let prefixes = ["http://", "HTTPS://", "ws://", "ftp://", "file://", "http:/", "http:", "sc://", " http://", ""]
    var state: UInt64 = 0x5EED
    func next(_ bound: Int) -> Int {
      state &+= 0x9E37_79B9_7F4A_7C15
      var z = state
      z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
      z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
      return Int((z ^ (z >> 31)) % UInt64(bound))
    }
    let schemes = ["ftp", "ws", "wss", "http", "https", "file"]
    for _ in 0..<20_000 {
      var text = prefixes[next(prefixes.count)]
      for _ in 0..<next(9) { text += pieces[next(pieces.count)] }
      #expect(
        URLFormatRule.accepts(text, schemes: schemes) == URLFormatRule.parserAccepts(text, schemes: schemes),
        "\(text.debugDescription)")
    }
  }

  @Test func theShortcutTakesTheCommonShape() {
    func scheme(_ text: String) -> String? {
      var text = text
      return text.withUTF8 { URLShortcut.scheme(of: $0) }
    }
    #expect(scheme("https://ada.example") == "https")
    #expect(scheme("HTTP://Labs.Example.org/team?q=1#top") == "http")
    #expect(scheme("https://x.io/a b") == "https")
    #expect(scheme("ftp://files.example.") == "ftp")
    for text in [
      "https://user@x.io", "https://1.2.3.4", "https://x.io:443", "mailto:a@b.example", "file://a",
      "https://bücher.example", "https://xn--bcher-kva.example", " https://x.io", "https://x.io/a\tb",
    ] {
      #expect(scheme(text) == nil, "\(text.debugDescription)")
    }
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

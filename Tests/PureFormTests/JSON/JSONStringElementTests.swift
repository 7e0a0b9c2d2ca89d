import Testing

@testable import PureForm

/// `JSONStringElement.classify` and `JSONUTF8.sequence`, the one checker of escapes and UTF-8 inside
/// strings, and `JSONStringBody`, the ASCII skip and decoder the reader and the kernel's scanner share.
@Suite struct JSONStringElementTests {
  /// The element at the start of `bytes`.
  static func classify(_ bytes: [UInt8]) -> JSONStringElement {
    bytes.withUnsafeBufferPointer { JSONStringElement.classify(at: 0, in: $0) }
  }

  /// The element at the start of `text`.
  static func classify(_ text: String) -> JSONStringElement { classify(Array(text.utf8)) }

  @Test func plainCharactersQuotesAndLineEnds() {
    #expect(Self.classify("a") == .character(length: 1))
    #expect(Self.classify("é") == .character(length: 2))
    #expect(Self.classify("€") == .character(length: 3))
    #expect(Self.classify("😀") == .character(length: 4))
    #expect(Self.classify("\"") == .closingQuote)
    #expect(Self.classify("\n") == .lineEnd)
    #expect(Self.classify("\r") == .lineEnd)
    #expect(Self.classify([]) == .lineEnd)
    #expect(Self.classify("\t") == .controlCharacter)
    #expect(Self.classify([0]) == .controlCharacter)
  }

  @Test(
    arguments: [
      (#"\n"#, 2, 0x0A), (#"\""#, 2, 0x22), (#"\\"#, 2, 0x5C), (#"\/"#, 2, 0x2F), (#"\b"#, 2, 0x08), (#"\f"#, 2, 0x0C),
      (#"\r"#, 2, 0x0D), (#"\t"#, 2, 0x09), (#"\u00e9"#, 6, 0xE9), (#"\u0000"#, 6, 0), (#"\uFFFF"#, 6, 0xFFFF),
      (#"\uD83D\uDE00"#, 12, 0x1F600), (#"\udbff\udfff"#, 12, 0x10FFFF),
    ] as [(String, Int, UInt32)])
  func validEscapesDecode(_ text: String, _ length: Int, _ scalar: UInt32) throws {
    #expect(Self.classify(text) == .escape(length: length, scalar: try #require(Unicode.Scalar(scalar))))
  }

  @Test func badEscapes() {
    #expect(Self.classify(#"\x"#) == .invalidEscape(length: 2))
    #expect(Self.classify(#"\'"#) == .invalidEscape(length: 2))
    #expect(Self.classify(#"\u12"#) == .invalidEscape(length: 4))
    #expect(Self.classify(#"\u12G4"#) == .invalidEscape(length: 4))
    #expect(Self.classify(#"\u"#) == .invalidEscape(length: 2))
    #expect(Self.classify("\\é") == .invalidEscape(length: 3))
    #expect(Self.classify([0x5C, 0xFF]) == .invalidEscape(length: 1))
    #expect(Self.classify("\\") == .danglingBackslash)
    #expect(Self.classify("\\\n") == .danglingBackslash)
    // A high surrogate needs a low one straight after it; a low one alone is lone too.
    #expect(Self.classify(#"\uD83D"#) == .loneSurrogate(length: 6))
    #expect(Self.classify(#"\uD83Dx"#) == .loneSurrogate(length: 6))
    #expect(Self.classify(#"\uD83D\u0041"#) == .loneSurrogate(length: 6))
    #expect(Self.classify(#"\uD83D\uD83D"#) == .loneSurrogate(length: 6))
    #expect(Self.classify(#"\uDE00"#) == .loneSurrogate(length: 6))
  }

  @Test(
    arguments: [
      ([0x80], 1, JSONUTF8.Problem.unexpectedContinuation), ([0xFF], 1, .neverUsed), ([0xF8, 0x80], 1, .neverUsed),
      ([0xC3], 1, .truncated), ([0xE2, 0x82], 2, .truncated), ([0xE2, 0x41], 1, .truncated),
      ([0xC0, 0xAF], 2, .overlong), ([0xC1, 0xBF], 2, .overlong), ([0xE0, 0x80, 0xAF], 3, .overlong),
      ([0xF0, 0x80, 0x80, 0xAF], 4, .overlong), ([0xED, 0xA0, 0x80], 3, .surrogate),
      ([0xED, 0xBF, 0xBF], 3, .surrogate),
      ([0xF4, 0x90, 0x80, 0x80], 4, .aboveMaximum), ([0xF7, 0xBF, 0xBF, 0xBF], 4, .aboveMaximum),
    ] as [([UInt8], Int, JSONUTF8.Problem)])
  func invalidUTF8(_ bytes: [UInt8], _ length: Int, _ problem: JSONUTF8.Problem) {
    #expect(Self.classify(bytes) == .invalidUTF8(length: length, problem: problem))
  }

  @Test func utf8Boundaries() {
    for scalar: UInt32 in [0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFF, 0x1_0000, 0x10_FFFF] {
      let bytes = Array(String(Unicode.Scalar(scalar)!).utf8)
      #expect(Self.classify(bytes) == .character(length: bytes.count), "U+\(String(scalar, radix: 16))")
    }
  }

  @Test func plainEndStopsAtTheFirstByteThatNeedsAttention() {
    for special: UInt8 in [0x22, 0x5C, 0x00, 0x1F, 0x80, 0xFF] {
      for position in 0..<20 {
        var bytes = Array(repeating: UInt8(ascii: "a"), count: 20)
        bytes[position] = special
        // Bytes that need attention after the first one do not move it.
        if position + 1 < 20 { bytes[position + 1] = 0x22 }
        let end = bytes.withUnsafeBufferPointer { JSONStringBody.plainEnd(from: 0, in: $0) }
        #expect(end == position, "0x\(String(special, radix: 16)) at \(position)")
      }
    }
    let plain = Array("abc def~!".utf8)
    #expect(plain.withUnsafeBufferPointer { JSONStringBody.plainEnd(from: 2, in: $0) } == plain.count)
    #expect([UInt8]().withUnsafeBufferPointer { JSONStringBody.plainEnd(from: 0, in: $0) } == 0)
  }

  /// `body` decoded by `JSONStringBody.decode`.
  static func decode(_ body: String) -> String {
    let bytes = Array(body.utf8)
    let target = UnsafeMutablePointer<UInt8>.allocate(capacity: max(bytes.count, 1))
    defer { target.deallocate() }
    let length = bytes.withUnsafeBufferPointer { JSONStringBody.decode($0, into: target) }
    return String(decoding: UnsafeBufferPointer(start: target, count: length), as: UTF8.self)
  }

  @Test func decodeWritesWhatTheReaderDecodes() {
    let bodies = [
      #"plain"#, #"a\nb"#, #"\"quoted\""#, #"caf\u00e9 \u20AC"#, #"\uD83D\uDE00!"#, #"\\\/\b\f\r\t"#, "é😀",
      #"\u0041\u0042"#, "",
    ]
    for body in bodies {
      guard case .string(let read)? = JSONFixture.read("\"\(body)\"").value?.kind else {
        Issue.record("\(body) is not a string")
        continue
      }
      #expect(Self.decode(body) == read, "\(body)")
    }
  }

  /// The kernel's scanner (`RecordScanner`) and the reader agree on which strings are valid and on what they decode to:
  /// the scanner takes exactly the lines the reader reads without a diagnostic.
  @Test func theReaderAndTheScannerAgree() throws {
    // Field 0 of `RecordScannerTests`' plan is `name`; its slot reads `KIND RAW`, RAW between the quotes.
    let scanner = try RecordScannerTests()
    let bodies: [[UInt8]] = [
      Array("plain".utf8), Array(#"a\nb"#.utf8), Array(#"\uD83D\uDE00"#.utf8), Array(#"\uD83D"#.utf8),
      Array(#"\uDE00x"#.utf8), Array(#"\x"#.utf8), Array(#"\u12"#.utf8), Array("tab\there".utf8), Array("é€😀".utf8),
      [0xC0, 0xAF], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0x80], [0xE2, 0x82],
      Array("long enough to use words".utf8), Array(#"\u00e9 and more than eight bytes"#.utf8), [0x5C, 0xC3, 0xA9],
    ]
    for body in bodies {
      let line = Array(#"{"name":""#.utf8) + body + Array(#""}"#.utf8)
      let read = JSONFixture.read(bytes: line)
      let scanned = scanner.scan(line)
      #expect(read.diagnostics.isEmpty == scanned.accepted, "\(body)")
      guard scanned.accepted, case .object(let members)? = read.value?.kind,
        case .string(let text)? = members.first?.value.kind
      else { continue }
      let raw = String(try #require(scanned.nested[0].split(separator: " ", maxSplits: 1).last))
      #expect(Self.decode(raw) == text, "\(body)")
    }
  }
}

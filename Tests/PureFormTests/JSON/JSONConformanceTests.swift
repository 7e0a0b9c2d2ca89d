import Testing

@testable import PureForm

/// One input of the RFC 8259 conformance table.
struct JSONConformanceCase: Sendable, CustomTestStringConvertible {
  /// What the case checks.
  let name: String
  /// The raw file bytes.
  let bytes: [UInt8]
  /// The first diagnostic expected, or nil when the input must be accepted without any.
  let code: DiagnosticCode?

  /// A case whose input is `text`.
  init(_ name: String, _ text: String, _ code: DiagnosticCode? = nil) {
    self.init(name, bytes: Array(text.utf8), code)
  }

  /// A case whose input is raw `bytes`.
  init(_ name: String, bytes: [UInt8], _ code: DiagnosticCode? = nil) {
    self.name = name
    self.bytes = bytes
    self.code = code
  }

  /// The case name shown in test reports.
  var testDescription: String { name }
}

/// Inputs RFC 8259 (section 2 to 8) says a parser must accept.
private let mustAccept: [JSONConformanceCase] = [
  .init("empty array", "[]"),
  .init("empty object", "{}"),
  .init("string with a space", #"" ""#),
  .init("empty string", #""""#),
  .init("empty key", #"{"":0}"#),
  .init("negative zero", "-0"),
  .init("upper-case exponent with sign", "1E+2"),
  .init("lower-case exponent with minus", "1e-2"),
  .init("fraction and exponent", "-123.456e+789"),
  .init("zero fraction", "0.5"),
  .init("escaped NUL", #""\u0000""#),
  .init("every simple escape", #""\"\\\/\b\f\n\r\t""#),
  .init("lower-case hex escape", #""\u20ac""#),
  .init("escaped surrogate pair", #""\uD834\uDD1E""#),
  .init("raw DEL is not a control character", "\"\u{7F}\""),
  .init("raw two-, three- and four-byte UTF-8", #"["é", "€", "😀"]"#),
  .init("top-level number", "3"),
  .init("top-level string", #""x""#),
  .init("top-level true", "true"),
  .init("top-level false", "false"),
  .init("top-level null", "null"),
  .init("all four whitespace characters around tokens", " \t\r\n[ 1 ,\t2\r,\n3 ]\n\t\r "),
  .init("CRLF between members", "{\r\n\"a\": 1,\r\n\"b\": [true, false, null]\r\n}"),
  .init("nested containers", #"{"a":[{"b":{}},[[]]]}"#),
  .init("long integer", String(repeating: "7", count: 300)),
  .init("nesting at the limit", String(repeating: "[", count: 512) + String(repeating: "]", count: 512)),
]

/// Inputs RFC 8259 does not allow, each with the code it must be reported with first.
private let mustReject: [JSONConformanceCase] = [
  .init("empty file", "", .emptyInput),
  .init("whitespace only", " \n\t ", .emptyInput),
  .init("comma before the first element", "[,1]", .unexpectedCharacter),
  .init("close with no value", #"{"a":}"#, .unexpectedCharacter),
  .init("line comment", "// c\n[]", .unexpectedCharacter),
  .init("block comment", "/* c */ []", .unexpectedCharacter),
  .init("semicolon separator", "[1;2]", .unexpectedCharacter),
  .init("no-break space", "[\u{A0}1]", .unexpectedCharacter),
  .init("stray close at the top", "]", .unexpectedCharacter),
  .init("string ends at the end of the file", #""abc"#, .unterminatedString),
  .init("raw line feed in a string", "\"a\nb\"", .unterminatedString),
  .init("raw carriage return in a string", "\"a\rb\"", .unterminatedString),
  .init("unknown escape", #""\x41""#, .invalidEscape),
  .init("upper-case U escape", #""\U0041""#, .invalidEscape),
  .init("short unicode escape", #""\u12""#, .invalidEscape),
  .init("escaped single quote", #""\'""#, .invalidEscape),
  .init("raw tab in a string", "\"a\tb\"", .controlCharacterInString),
  .init("raw NUL in a string", "\"a\u{0}b\"", .controlCharacterInString),
  .init("overlong encoding", bytes: [0x22, 0xC0, 0x80, 0x22], .invalidUTF8),
  .init("encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22], .invalidUTF8),
  .init("above U+10FFFF", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], .invalidUTF8),
  .init("truncated sequence", bytes: [0x22, 0xE2, 0x82, 0x22], .invalidUTF8),
  .init("lone continuation byte", bytes: [0x22, 0x80, 0x22], .invalidUTF8),
  .init("invalid byte outside strings", bytes: [0x5B, 0xFE, 0x5D], .invalidUTF8),
  .init("leading zero", "[01]", .invalidNumber),
  .init("leading plus", "[+1]", .invalidNumber),
  .init("no integer part", "[.5]", .invalidNumber),
  .init("no fraction digits", "[1.]", .invalidNumber),
  .init("no exponent digits", "[1e]", .invalidNumber),
  .init("signed exponent without digits", "[1.5e+]", .invalidNumber),
  .init("hexadecimal", "[0x1F]", .invalidNumber),
  .init("minus alone", "[-]", .invalidNumber),
  .init("two values", "[] []", .trailingContent),
  .init("extra close", "[1]]", .trailingContent),
  .init("extra object close", #"{"a":1}}"#, .trailingContent),
  .init("nesting past the limit", String(repeating: "[", count: 513), .nestingTooDeep),
  .init("object nesting past the limit", String(repeating: #"{"a":"#, count: 513), .nestingTooDeep),
  .init("end after an opening bracket", "[", .unexpectedEndOfInput),
  .init("end after an opening brace", "{", .unexpectedEndOfInput),
  .init("end after a comma", "[1,", .unexpectedEndOfInput),
  .init("end after a colon", #"{"a":"#, .unexpectedEndOfInput),
  .init("end after an element", "[1", .expectedCommaOrClose),
  .init("end after a member", #"{"a":1"#, .expectedCommaOrClose),
  .init("missing comma", "[1 2]", .expectedCommaOrClose),
  .init("mismatched close", "[1}", .expectedCommaOrClose),
  .init("missing colon", #"{"a" 1}"#, .expectedColon),
  .init("equals instead of colon", #"{"a" = 1}"#, .expectedColon),
  .init("unquoted key", "{a:1}", .expectedKey),
  .init("single-quoted key", "{'a':1}", .expectedKey),
  .init("number key", "{1:1}", .expectedKey),
  .init("trailing comma in an array", "[1,]", .trailingComma),
  .init("trailing comma in an object", #"{"a":1,}"#, .trailingComma),
  .init("single-quoted string", "['a']", .invalidLiteral),
  .init("NaN", "[NaN]", .invalidLiteral),
  .init("Infinity", "[Infinity]", .invalidLiteral),
  .init("negative Infinity", "[-Infinity]", .invalidLiteral),
  .init("capitalised literal", "[True]", .invalidLiteral),
  .init("undefined", "[undefined]", .invalidLiteral),
]

/// Cases RFC 8259 leaves to the implementation; each states the choice made.
private let implementationDefined: [JSONConformanceCase] = [
  // Duplicate keys: kept in source order; the spec pass reports them (PF213), not the reader.
  .init("duplicate keys are kept", #"{"a":1,"a":2}"#),
  // Byte order mark: RFC 8259 says a parser MAY ignore it; this one reports PF115 and reads on.
  .init("byte order mark", bytes: [0xEF, 0xBB, 0xBF, 0x5B, 0x5D], .byteOrderMark),
  // Huge exponents and long mantissas: accepted and kept as source text, never rounded.
  .init("huge exponent", "1e99999"),
  .init("tiny exponent", "-1e-99999"),
  // Lone surrogate escapes: rejected (PF106), since the value would not be valid Unicode text.
  .init("lone high surrogate", #""\uD800""#, .loneSurrogate),
  .init("lone low surrogate", #""\uDC00""#, .loneSurrogate),
  .init("high surrogate before a non-surrogate", #""\uD83D\u0041""#, .loneSurrogate),
  // Top-level scalars: accepted, as RFC 8259 allows (RFC 4627 did not).
  .init("top-level scalar", "42"),
  // Nesting: up to 512 levels accepted, deeper reported once (PF109) and not read further.
  .init(
    "513 levels", String(repeating: "[", count: 513) + String(repeating: "]", count: 513), .nestingTooDeep),
]

@Test(arguments: mustAccept) func acceptsValidJSON(_ testCase: JSONConformanceCase) {
  let (value, diagnostics) = JSONFixture.read(bytes: testCase.bytes)
  #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
  #expect(value != nil)
  #expect(value.map { JSONFixture.allNodes($0).allSatisfy { $0.kind != .invalid } } == true)
}

@Test(arguments: mustReject) func rejectsInvalidJSON(_ testCase: JSONConformanceCase) {
  let diagnostics = JSONFixture.read(bytes: testCase.bytes).diagnostics
  #expect(
    diagnostics.first?.code == testCase.code, "\(diagnostics.map { "\($0.code.rawValue) \($0.message)" })")
  #expect(diagnostics.allSatisfy { $0.code.rawValue.hasPrefix("PF1") && $0.severity == .error })
}

@Test(arguments: implementationDefined) func implementationDefinedChoices(_ testCase: JSONConformanceCase) {
  let diagnostics = JSONFixture.read(bytes: testCase.bytes).diagnostics
  #expect(diagnostics.map(\.code) == (testCase.code.map { [$0] } ?? []))
}

@Test func implementationDefinedValuesAreKeptAsWritten() {
  #expect(JSONFixture.shape(JSONFixture.read(#"{"a":1,"a":2}"#).value) == #"{"a":1,"a":2}"#)
  #expect(JSONFixture.shape(JSONFixture.read("[1e99999, -0, 0.10]").value) == "[1e99999,-0,0.10]")
  #expect(JSONFixture.shape(JSONFixture.read(bytes: [0xEF, 0xBB, 0xBF, 0x5B, 0x5D]).value) == "[]")
}

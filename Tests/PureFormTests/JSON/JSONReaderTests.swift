import Foundation
import Testing

@testable import PureForm

/// Helpers shared by the JSON reader tests.
enum JSONFixture {
  /// Reads `text` as a file named `test.json`.
  static func read(_ text: String) -> (value: JSONNode?, diagnostics: [Diagnostic]) {
    JSONReader.read(SourceFile(name: "test.json", text: text))
  }

  /// Reads raw bytes as a file named `test.json`.
  static func read(bytes: [UInt8]) -> (value: JSONNode?, diagnostics: [Diagnostic]) {
    JSONReader.read(SourceFile(name: "test.json", bytes: bytes))
  }

  /// The codes of the diagnostics for `text`.
  static func codes(_ text: String) -> [DiagnosticCode] {
    read(text).diagnostics.map(\.code)
  }

  /// A compact rendering of a node without ranges: `{"a":[1,true,null,"x",<invalid>]}`.
  static func shape(_ node: JSONNode?) -> String {
    guard let node else { return "nil" }
    switch node.kind {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let text): return text
    case .string(let text): return "\"\(text)\""
    case .array(let elements): return "[" + elements.map { shape($0) }.joined(separator: ",") + "]"
    case .object(let members):
      return "{" + members.map { "\"\($0.key)\":\(shape($0.value))" }.joined(separator: ",") + "}"
    case .invalid: return "<invalid>"
    }
  }

  /// `line:column` of a location.
  static func position(_ location: PureForm.SourceLocation) -> String {
    "\(location.line):\(location.column)"
  }

  /// `line:column-line:column` of a range.
  static func span(_ range: SourceRange) -> String {
    "\(position(range.start))-\(position(range.end))"
  }

  /// Every node of a tree, depth first, the root included.
  static func allNodes(_ node: JSONNode) -> [JSONNode] {
    var result: [JSONNode] = []
    var pending = [node]
    while let next = pending.popLast() {
      result.append(next)
      switch next.kind {
      case .array(let elements): pending.append(contentsOf: elements.reversed())
      case .object(let members): pending.append(contentsOf: members.map(\.value).reversed())
      default: break
      }
    }
    return result
  }

  /// The one diagnostic for `text`, recording an issue when there is not exactly one.
  static func single(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
    single(bytes: Array(text.utf8), sourceLocation: sourceLocation)
  }

  /// The one diagnostic for `bytes`, recording an issue when there is not exactly one.
  static func single(bytes: [UInt8], sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Diagnostic? {
    let diagnostics = read(bytes: bytes).diagnostics
    guard diagnostics.count == 1 else {
      Issue.record(
        "expected one diagnostic, got \(diagnostics.map { "\($0.code.rawValue) \($0.message)" })",
        sourceLocation: sourceLocation)
      return nil
    }
    return diagnostics.first
  }
}

// MARK: - Values

@Test func readsEveryKindOfValueInSourceOrder() {
  let (value, diagnostics) = JSONFixture.read(
    #"{"z": null, "a": true, "m": false, "n": -1.5e+3, "s": "x", "arr": [1, [2, []]], "o": {"k": {}}}"#)
  #expect(diagnostics.isEmpty)
  #expect(
    JSONFixture.shape(value)
      == #"{"z":null,"a":true,"m":false,"n":-1.5e+3,"s":"x","arr":[1,[2,[]]],"o":{"k":{}}}"#)
  guard case .object(let members)? = value?.kind else {
    Issue.record("not an object")
    return
  }
  #expect(members.map(\.key) == ["z", "a", "m", "n", "s", "arr", "o"])
  #expect(members[0].value.kind == .null)
  #expect(members[1].value.kind == .bool(true))
  #expect(members[2].value.kind == .bool(false))
  #expect(members[3].value.kind == .number("-1.5e+3"))
  #expect(members[4].value.kind == .string("x"))
}

@Test func keepsDuplicateKeysWithoutReportingThem() {
  let (value, diagnostics) = JSONFixture.read(#"{"a": 1, "b": 2, "a": 3}"#)
  #expect(diagnostics.isEmpty)
  #expect(JSONFixture.shape(value) == #"{"a":1,"b":2,"a":3}"#)
}

@Test func keepsExactNumberText() {
  let digits = String(repeating: "9", count: 300)
  let (value, diagnostics) = JSONFixture.read("[0, -0, 1e400, 0.10, 1E+2, -12.5e-3, 2E-0, \(digits)]")
  #expect(diagnostics.isEmpty)
  #expect(JSONFixture.shape(value) == "[0,-0,1e400,0.10,1E+2,-12.5e-3,2E-0,\(digits)]")
}

@Test func decodesEscapes() {
  let (value, diagnostics) = JSONFixture.read(#"["\"\\\/\b\f\n\r\t", "\u00e9\u20AC\u0041", "a\u0000b"]"#)
  #expect(diagnostics.isEmpty)
  guard case .array(let elements)? = value?.kind else {
    Issue.record("not an array")
    return
  }
  #expect(elements.map(\.kind) == [.string("\"\\/\u{8}\u{C}\n\r\t"), .string("é€A"), .string("a\u{0}b")])
}

@Test func decodesSurrogatePairsEmojiAndNonBMPCharacters() {
  let (value, diagnostics) = JSONFixture.read(#"["\uD83D\uDE00", "\ud834\udd1e", "😀𝄞", "x😀y\u00e9"]"#)
  #expect(diagnostics.isEmpty)
  guard case .array(let elements)? = value?.kind else {
    Issue.record("not an array")
    return
  }
  #expect(elements.map(\.kind) == [.string("😀"), .string("𝄞"), .string("😀𝄞"), .string("x😀yé")])
}

@Test func readsTopLevelScalars() {
  #expect(JSONFixture.shape(JSONFixture.read(" 3 ").value) == "3")
  #expect(JSONFixture.shape(JSONFixture.read(#""x""#).value) == #""x""#)
  #expect(JSONFixture.shape(JSONFixture.read("null").value) == "null")
}

// MARK: - Ranges

@Test func nestedRangesCountColumnsInScalars() {
  let text = "{\n  \"é😀\": [1, \"x\"],\n  \"b\": {\"c\": null}\n}"
  let (value, diagnostics) = JSONFixture.read(text)
  #expect(diagnostics.isEmpty)
  guard let value, case .object(let members) = value.kind, case .array(let elements) = members[0].value.kind,
    case .object(let inner) = members[1].value.kind
  else {
    Issue.record("unexpected shape")
    return
  }
  #expect(JSONFixture.span(value.range) == "1:1-4:2")
  #expect(value.range.end.offset == text.utf8.count)
  #expect(JSONFixture.span(members[0].keyRange) == "2:3-2:7")
  #expect(members[0].keyRange.start.offset == 4)
  #expect(members[0].keyRange.end.offset == 12)
  #expect(JSONFixture.span(members[0].value.range) == "2:9-2:17")
  #expect(members[0].value.range.start.offset == 14)
  #expect(JSONFixture.span(elements[0].range) == "2:10-2:11")
  #expect(JSONFixture.span(elements[1].range) == "2:13-2:16")
  #expect(elements[1].range.start.offset == 18)
  #expect(JSONFixture.span(members[1].keyRange) == "3:3-3:6")
  #expect(JSONFixture.span(members[1].value.range) == "3:8-3:19")
  #expect(JSONFixture.span(inner[0].keyRange) == "3:9-3:12")
  #expect(JSONFixture.span(inner[0].value.range) == "3:14-3:18")
}

@Test func rangesInCRLFAndLoneCRFiles() {
  let text = "[\r\n  1,\r\n  \"é\"\r  , true\r\n]"
  let (value, diagnostics) = JSONFixture.read(text)
  #expect(diagnostics.isEmpty)
  guard let value, case .array(let elements) = value.kind else {
    Issue.record("not an array")
    return
  }
  #expect(JSONFixture.span(value.range) == "1:1-5:2")
  #expect(JSONFixture.span(elements[0].range) == "2:3-2:4")
  #expect(elements[0].range.start.offset == 5)
  #expect(JSONFixture.span(elements[1].range) == "3:3-3:6")
  #expect(elements[1].range.start.offset == 11)
  #expect(JSONFixture.span(elements[2].range) == "4:5-4:9")
}

@Test func incrementalLocationsMatchTheSourceFile() {
  let texts = [
    "{\n  \"é😀\": [1, \"x\"],\n  \"b\": {\"c\": null}\n}",
    "[\r\n\"a\\u00e9\",\r\r\n  {\"k\" :\r [ -0.5e3 ,\"😀😀\" ] } ,\n\n\ttrue ]",
    "\u{FEFF}[\"日本語\", 12, {\"ключ\": [null]}]",
  ]
  for text in texts {
    let file = SourceFile(name: "test.json", text: text)
    let (value, _) = JSONReader.read(file)
    guard let value else {
      Issue.record("no value for \(text)")
      continue
    }
    for node in JSONFixture.allNodes(value) {
      #expect(node.range.start == file.location(ofOffset: node.range.start.offset))
      #expect(node.range.end == file.location(ofOffset: node.range.end.offset))
    }
  }
}

// MARK: - Diagnostics, one per code

@Test func emptyInputIsPF100() {
  let empty = JSONFixture.single("")
  #expect(empty?.code == .emptyInput)
  #expect(empty?.message == "the file is empty: expected a JSON value")
  #expect(empty.map { JSONFixture.position($0.range.start) } == "1:1")
  let blank = JSONFixture.single(" \n\t\r\n ")
  #expect(blank?.code == .emptyInput)
  #expect(blank?.message == "the file holds only whitespace: expected a JSON value")
  #expect(JSONFixture.read(" ").value == nil)
}

@Test func unexpectedCharacterIsPF101() {
  let junk = JSONFixture.single("[1,\n  @]")
  #expect(junk?.code == .unexpectedCharacter)
  #expect(junk?.message == "unexpected character '@'")
  #expect(junk.map { JSONFixture.span($0.range) } == "2:3-2:4")
  let missingValue = JSONFixture.single(#"{"a": }"#)
  #expect(missingValue?.code == .unexpectedCharacter)
  #expect(missingValue?.message == "expected a value, found '}'")
  #expect(missingValue.map { JSONFixture.position($0.range.start) } == "1:7")
  let comment = JSONFixture.single("// note\n[]")
  #expect(comment?.code == .unexpectedCharacter)
  #expect(comment?.message == "unexpected '//' comment: JSON has no comments")
  #expect(comment.map { JSONFixture.span($0.range) } == "1:1-1:8")
  let smartQuote = JSONFixture.single("[“a”]")
  #expect(smartQuote?.message == "unexpected character '“'")
  #expect(smartQuote?.notes.first?.message == "JSON strings use straight double quotes '\"'")
  let noBreakSpace = JSONFixture.single("[1,\u{A0}2]")
  #expect(noBreakSpace?.message == "unexpected character U+00A0 between tokens")
  #expect(noBreakSpace.map { JSONFixture.span($0.range) } == "1:4-1:5")
}

@Test func unterminatedStringIsPF102AndReadingResumesOnTheNextLine() {
  let (value, diagnostics) = JSONFixture.read("[\"abc,\n 2]")
  #expect(diagnostics.count == 1)
  #expect(diagnostics.first?.code == .unterminatedString)
  #expect(diagnostics.first?.message == "unterminated string")
  #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "1:2-1:7")
  #expect(JSONFixture.shape(value) == #"["abc,",2]"#)
  let atEnd = JSONFixture.single("[\"abc")
  #expect(atEnd?.code == .unterminatedString)
  #expect(atEnd?.notes.first?.message == "the file ends before the closing '\"'")
}

@Test func invalidEscapeIsPF103() {
  let (value, diagnostics) = JSONFixture.read(#"["a\xb"]"#)
  #expect(diagnostics.count == 1)
  #expect(diagnostics.first?.code == .invalidEscape)
  #expect(diagnostics.first?.message == #"invalid escape sequence '\x' in string"#)
  #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "1:4-1:6")
  #expect(JSONFixture.shape(value) == "[\"a\u{FFFD}b\"]")
  let short = JSONFixture.single(#""\u12""#)
  #expect(short?.message == #"invalid escape sequence '\u12' in string"#)
  #expect(short.map { JSONFixture.span($0.range) } == "1:2-1:6")
  let quote = JSONFixture.single(#""it\'s""#)
  #expect(quote?.notes.first?.message == "a single quote needs no escape in a JSON string")
}

@Test func controlCharacterIsPF104() {
  let (value, diagnostics) = JSONFixture.read("\"a\tb\"")
  #expect(diagnostics.count == 1)
  #expect(diagnostics.first?.code == .controlCharacterInString)
  #expect(diagnostics.first?.message == "unescaped control character U+0009 in string")
  #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "1:3-1:4")
  #expect(diagnostics.first?.notes.first?.message == #"escape it as '\t'"#)
  #expect(JSONFixture.shape(value) == "\"a\u{FFFD}b\"")
}

@Test func invalidUTF8IsPF105() {
  let quote = UInt8(ascii: "\"")
  let cases: [([UInt8], String, String)] = [
    ([0xC0, 0xAF], "'C0 AF' in string: overlong encoding", "1:3-1:4"),
    ([0xE0, 0x80, 0xAF], "'E0 80 AF' in string: overlong encoding", "1:3-1:4"),
    ([0xED, 0xA0, 0x80], "'ED A0 80' in string: encoded UTF-16 surrogate", "1:3-1:4"),
    ([0xF4, 0x90, 0x80, 0x80], "'F4 90 80 80' in string: code point above U+10FFFF", "1:3-1:4"),
    ([0xE2, 0x82], "'E2 82' in string: truncated sequence", "1:3-1:4"),
    ([0xFF], "'FF' in string: byte never used in UTF-8", "1:3-1:4"),
    // A stray continuation byte takes no column of its own, as in `SourceFile.location(ofOffset:)`.
    ([0x80], "'80' in string: unexpected continuation byte", "1:3-1:3"),
  ]
  for (bad, message, span) in cases {
    let bytes = [quote, UInt8(ascii: "a")] + bad + [UInt8(ascii: "b"), quote]
    let (value, diagnostics) = JSONFixture.read(bytes: bytes)
    let noun = bad.count == 1 ? "byte" : "byte sequence"
    #expect(diagnostics.count == 1, "\(bad)")
    #expect(diagnostics.first?.code == .invalidUTF8)
    #expect(diagnostics.first?.message == "invalid UTF-8 \(noun) \(message)")
    #expect(diagnostics.first.map { JSONFixture.span($0.range) } == span)
    #expect(diagnostics.first?.range.end.offset == 2 + bad.count)
    #expect(JSONFixture.shape(value) == "\"a\u{FFFD}b\"")
  }
  let outside = JSONFixture.single(bytes: [UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")])
  #expect(outside?.code == .invalidUTF8)
  #expect(outside?.message == "invalid UTF-8 byte 'FF': byte never used in UTF-8")
  #expect(outside.map { JSONFixture.position($0.range.start) } == "1:2")
}

@Test func badStringPartsAreAllReported() {
  let bytes = Array(#"["\q \uD800 "#.utf8) + [0x09, 0xFF] + Array(#" ok"]"#.utf8)
  let (value, diagnostics) = JSONFixture.read(bytes: bytes)
  #expect(
    diagnostics.map(\.code) == [.invalidEscape, .loneSurrogate, .controlCharacterInString, .invalidUTF8])
  #expect(diagnostics.map { JSONFixture.position($0.range.start) } == ["1:3", "1:6", "1:13", "1:14"])
  #expect(JSONFixture.shape(value) == "[\"\u{FFFD} \u{FFFD} \u{FFFD}\u{FFFD} ok\"]")
}

@Test func loneSurrogateIsPF106() {
  for text in [#""\uD800""#, #""\uDC00x""#, #""\uD83Dx""#, #""\uD83D\u0041""#] {
    let diagnostic = JSONFixture.single(text)
    #expect(diagnostic?.code == .loneSurrogate)
    #expect(diagnostic.map { JSONFixture.span($0.range) } == "1:2-1:8")
  }
  #expect(JSONFixture.single(#""\uD800""#)?.message == #"lone UTF-16 surrogate escape '\uD800' in string"#)
  #expect(JSONFixture.shape(JSONFixture.read(#""\uD83D\u0041""#).value) == "\"\u{FFFD}A\"")
}

@Test func invalidNumberIsPF107() {
  let cases = [
    ("01", "invalid number '01': leading zeros are not allowed"),
    ("+1", "invalid number '+1': a leading '+' is not allowed"),
    (".5", "invalid number '.5': a digit is required before '.'"),
    ("1.", "invalid number '1.': a digit is required after '.'"),
    ("1e", "invalid number '1e': the exponent has no digits"),
    ("1e+", "invalid number '1e+': the exponent has no digits"),
    ("0x1F", "invalid number '0x1F': hexadecimal numbers are not allowed"),
    ("-", "invalid number '-': expected a digit after '-'"),
    ("-.5", "invalid number '-.5': a digit is required before '.'"),
    ("1.2.3", "invalid number '1.2.3': unexpected '.' in number"),
  ]
  for (number, message) in cases {
    let (value, diagnostics) = JSONFixture.read("[ \(number)]")
    #expect(diagnostics.count == 1, "\(number)")
    #expect(diagnostics.first?.code == .invalidNumber)
    #expect(diagnostics.first?.message == message)
    #expect(diagnostics.first.map { JSONFixture.position($0.range.start) } == "1:3")
    #expect(diagnostics.first?.range.end.column == 3 + number.count)
    #expect(JSONFixture.shape(value) == "[<invalid>]")
  }
}

@Test func trailingContentIsPF108ReportedOnce() {
  let (value, diagnostics) = JSONFixture.read("{}\n [] \"x\\q\" 3")
  #expect(diagnostics.count == 1)
  #expect(diagnostics.first?.code == .trailingContent)
  #expect(diagnostics.first?.message == "unexpected '[' after the top-level value")
  #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "2:2-2:3")
  #expect(JSONFixture.shape(value) == "{}")
  let string = JSONFixture.single(#"1 "a\qb""#)
  #expect(string?.code == .trailingContent)
  #expect(string?.message == #"unexpected '"a\qb"' after the top-level value"#)
}

@Test func nestingTooDeepIsPF109() {
  let allowed = String(repeating: "[", count: 512) + String(repeating: "]", count: 512)
  #expect(JSONFixture.read(allowed).diagnostics.isEmpty)
  let (value, diagnostics) = JSONFixture.read(
    String(repeating: "[", count: 513) + String(repeating: "]", count: 513))
  #expect(value == nil)
  #expect(diagnostics.count == 1)
  #expect(diagnostics.first?.code == .nestingTooDeep)
  #expect(diagnostics.first?.message == "'[' is nested deeper than 512 levels")
  #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "1:513-1:514")
}

/// The reader stops at depth 512: a hundred thousand brackets cost less than reading a long flat array.
///
/// Timed against that array in the same test, not against the clock: under ThreadSanitizer, with the other
/// suites running beside it on two cores, a wall-clock limit failed a reader that was not slow.
@Test(.timeLimit(.minutes(10))) func hundredThousandBracketsGiveOnePF109() {
  let (_, diagnostics) = JSONFixture.read(String(repeating: "[", count: 100_000))
  #expect(diagnostics.map(\.code) == [.nestingTooDeep])
  #expect(diagnostics.first.map { JSONFixture.position($0.range.start) } == "1:513")
  let (_, objectDiagnostics) = JSONFixture.read(String(repeating: #"{"a":"#, count: 100_000))
  #expect(objectDiagnostics.map(\.code) == [.nestingTooDeep])
  #expect(objectDiagnostics.first?.message == "'{' is nested deeper than 512 levels")
  #expect(objectDiagnostics.first.map { JSONFixture.position($0.range.start) } == "1:2561")
  // Best of three of each, so that a moment of contention does not decide.
  func fastest(_ text: String) -> TimeInterval {
    (0..<3).map { _ in
      let start = Date()
      _ = JSONFixture.read(text)
      return Date().timeIntervalSince(start)
    }.min() ?? 0
  }
  let brackets = fastest(String(repeating: #"{"a":"#, count: 100_000))
  let flat = fastest("[" + String(repeating: "1,", count: 250_000) + "1]")
  #expect(brackets < flat)
}

@Test func unexpectedEndOfInputIsPF110() {
  let value = JSONFixture.single("[1,")
  #expect(value?.code == .unexpectedEndOfInput)
  #expect(value?.message == "unexpected end of file: expected a value")
  #expect(value.map { JSONFixture.position($0.range.start) } == "1:4")
  #expect(value?.notes.first?.message == "to match this '['")
  #expect(value?.notes.first?.range.map(JSONFixture.span) == "1:1-1:2")
  let key = JSONFixture.single("{\n")
  #expect(key?.message == "unexpected end of file: expected an object key")
  #expect(key.map { JSONFixture.position($0.range.start) } == "1:2", "after the last text, not on the empty line")
  let colon = JSONFixture.single(#"{"a""#)
  #expect(colon?.message == "unexpected end of file: expected ':' after object key 'a'")
  #expect(JSONFixture.codes(#"{"a":"#) == [.unexpectedEndOfInput])
}

@Test func missingCommaOrCloseIsPF111() {
  let (value, diagnostics) = JSONFixture.read("[1 2, 3]")
  #expect(diagnostics.count == 1)
  #expect(diagnostics.first?.code == .expectedCommaOrClose)
  #expect(diagnostics.first?.message == "expected ',' or ']' after array element")
  #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "1:4-1:4")
  #expect(JSONFixture.shape(value) == "[1,2,3]")
  let member = JSONFixture.single(#"{"a": 1 "b": 2}"#)
  #expect(member?.message == "expected ',' or '}' after object member")
  #expect(member.map { JSONFixture.position($0.range.start) } == "1:9")
  let (partial, atEnd) = JSONFixture.read("{\"a\": [1, 2\n")
  #expect(atEnd.map(\.code) == [.expectedCommaOrClose])
  #expect(atEnd.first?.message == "unexpected end of file: expected ',' or ']' after array element")
  #expect(atEnd.first.map { JSONFixture.position($0.range.start) } == "1:12")
  #expect(atEnd.first?.notes.first?.message == "to match this '['")
  #expect(atEnd.first?.notes.first?.range.map(JSONFixture.span) == "1:7-1:8")
  #expect(JSONFixture.shape(partial) == #"{"a":[1,2]}"#)
}

@Test func endOfFilePointsPastTheLastLineWithText() {
  // Blank lines, spaces and CRLFs after the last text: the caret goes where the close is missing.
  let (_, diagnostics) = JSONFixture.read("[\n  {\"a\": 1}\r\n\n   \n")
  #expect(diagnostics.map(\.code) == [.expectedCommaOrClose])
  #expect(diagnostics.first?.message == "unexpected end of file: expected ',' or ']' after array element")
  #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "2:11-2:11")
  // An empty file keeps PF100 and says it is empty.
  let empty = JSONFixture.single("")
  #expect(empty?.code == .emptyInput)
  #expect(empty?.message == "the file is empty: expected a JSON value")
}

@Test func mismatchedCloseGivesOneDiagnostic() {
  let (value, diagnostics) = JSONFixture.read(#"{"a": [1, 2}"#)
  #expect(diagnostics.map(\.code) == [.expectedCommaOrClose])
  #expect(diagnostics.first.map { JSONFixture.position($0.range.start) } == "1:12")
  #expect(JSONFixture.shape(value) == #"{"a":[1,2]}"#)
}

@Test func missingColonIsPF112() {
  let (value, diagnostics) = JSONFixture.read(#"{"a" 1, "b" = 2, "c"}"#)
  #expect(diagnostics.map(\.code) == [.expectedColon, .expectedColon, .expectedColon])
  #expect(
    diagnostics.map(\.message) == [
      "expected ':' after object key 'a'", "expected ':' after object key 'b', found '='",
      "expected ':' after object key 'c'",
    ])
  #expect(diagnostics.map { JSONFixture.position($0.range.start) } == ["1:6", "1:13", "1:21"])
  #expect(JSONFixture.shape(value) == #"{"a":1,"b":2,"c":<invalid>}"#)
  let (unspaced, unspacedDiagnostics) = JSONFixture.read(#"{"a" =1}"#)
  #expect(unspacedDiagnostics.map(\.message) == ["expected ':' after object key 'a', found '='"])
  #expect(JSONFixture.shape(unspaced) == #"{"a":1}"#)
}

@Test func keyThatIsNotAStringIsPF113() {
  let (value, diagnostics) = JSONFixture.read("{a: 1, 'b': 2}")
  #expect(diagnostics.map(\.code) == [.expectedKey, .expectedKey])
  #expect(
    diagnostics.map(\.message) == [
      "expected a double-quoted object key, found 'a'", "expected a double-quoted object key, found 'b'",
    ])
  #expect(diagnostics.map { JSONFixture.span($0.range) } == ["1:2-1:3", "1:8-1:11"])
  #expect(diagnostics.last?.notes.first?.message == "JSON strings use double quotes")
  #expect(JSONFixture.shape(value) == #"{"a":1,"b":2}"#)
  #expect(JSONFixture.codes("{1: 2}") == [.expectedKey])
  let (containerKey, containerDiagnostics) = JSONFixture.read("{[1]: 2}")
  #expect(containerDiagnostics.map(\.code) == [.expectedKey])
  #expect(containerDiagnostics.first?.message == "expected a double-quoted object key, found '['")
  #expect(JSONFixture.shape(containerKey) == #"{"[1]":2}"#)
}

@Test func trailingCommaIsPF114() {
  let (value, diagnostics) = JSONFixture.read("[1,]")
  #expect(diagnostics.count == 1)
  #expect(diagnostics.first?.code == .trailingComma)
  #expect(diagnostics.first?.message == "trailing ',' before ']'")
  #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "1:3-1:4")
  #expect(JSONFixture.shape(value) == "[1]")
  let object = JSONFixture.single("{\"a\": 1,\n}")
  #expect(object?.message == "trailing ',' before '}'")
  #expect(object.map { JSONFixture.position($0.range.start) } == "1:8")
}

@Test func byteOrderMarkIsPF115AndTheRestIsRead() {
  let (value, diagnostics) = JSONFixture.read(bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"a": [1]}"#.utf8))
  #expect(diagnostics.count == 1)
  #expect(diagnostics.first?.code == .byteOrderMark)
  #expect(diagnostics.first?.message == "unexpected byte order mark 'U+FEFF' at the start of the file")
  #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "1:1-1:2")
  #expect(JSONFixture.shape(value) == #"{"a":[1]}"#)
  #expect(value.map { JSONFixture.span($0.range) } == "1:2-1:12")
}

@Test func bareWordsArePF116() {
  let cases = [
    ("NaN", "JSON numbers cannot be NaN or infinite"),
    ("-Infinity", "JSON numbers cannot be NaN or infinite"),
    ("True", "JSON literals are lowercase: 'true'"),
    ("undefined", "use 'null' for no value"),
    ("'single quoted'", "JSON strings use double quotes"),
  ]
  for (word, note) in cases {
    let (value, diagnostics) = JSONFixture.read("[\(word)]")
    #expect(diagnostics.count == 1, "\(word)")
    #expect(diagnostics.first?.code == .invalidLiteral)
    #expect(diagnostics.first?.message == (word.hasPrefix("'") ? word : "'\(word)'") + " is not a JSON value")
    #expect(diagnostics.first?.notes.first?.message == note)
    #expect(diagnostics.first.map { JSONFixture.span($0.range) } == "1:2-1:\(2 + word.count)")
    #expect(JSONFixture.shape(value) == "[<invalid>]")
  }
}

@Test func longTokensAreCutShortInMessages() {
  let word = String(repeating: "x", count: 40)
  let diagnostic = JSONFixture.single("[\(word)]")
  #expect(diagnostic?.message == "'\(String(repeating: "x", count: 24))…' is not a JSON value")
}

// MARK: - Recovery

@Test func threeMistakesGiveThreeDiagnostics() {
  let text = """
    {
      "a": 1
      "b": NaN,
      "c": [1, 2,]
    }
    """
  let (value, diagnostics) = JSONFixture.read(text)
  #expect(diagnostics.map(\.code) == [.expectedCommaOrClose, .invalidLiteral, .trailingComma])
  #expect(diagnostics.map { JSONFixture.position($0.range.start) } == ["3:3", "3:8", "4:13"])
  #expect(JSONFixture.shape(value) == #"{"a":1,"b":<invalid>,"c":[1,2]}"#)
}

@Test func onlyPF1xxCodesAreEmitted() {
  let texts = [
    "{a:1,,'b' 2, \"c\":[1 2,], \"d\": NaN, \"e\": 01, \"f\": \"\\x\"} []",
    "[{]}", "{[}]", "[[[[", "}}}}", "::,,", "{\"a\":{\"b\":[1,{\"c\"}]]}",
  ]
  for text in texts {
    let diagnostics = JSONFixture.read(text).diagnostics
    #expect(!diagnostics.isEmpty)
    #expect(diagnostics.allSatisfy { $0.code.rawValue.hasPrefix("PF1") })
  }
}

// MARK: - Decoded offsets

@Test func decodedOffsetsMapToPlainCharacters() {
  let file = SourceFile(name: "test.json", text: #"{"k": "abc"}"#)
  guard case .object(let members)? = JSONReader.read(file).value?.kind else {
    Issue.record("not an object")
    return
  }
  let range = members[0].value.range
  let columns = (0...3).map {
    JSONReader.location(ofDecodedUTF8Offset: $0, inStringAt: range, in: file).column
  }
  #expect(columns == [8, 9, 10, 11])
  #expect(JSONReader.location(ofDecodedUTF8Offset: 1, inStringAt: range, in: file).offset == 8)
}

@Test func decodedOffsetsMapEscapesToTheirBackslash() {
  let file = SourceFile(name: "test.json", text: #""a\u00e9\nb\uD83D\uDE00z""#)
  guard let range = JSONReader.read(file).value?.range else {
    Issue.record("no value")
    return
  }
  // Decoded: a(0) é(1-2) \n(3) b(4) 😀(5-8) z(9), end 10.
  let columns = (0...10).map {
    JSONReader.location(ofDecodedUTF8Offset: $0, inStringAt: range, in: file).column
  }
  #expect(columns == [2, 3, 3, 9, 11, 12, 12, 12, 12, 24, 25])
}

@Test func decodedOffsetsMapMultibyteCharactersOnLaterLines() {
  let file = SourceFile(name: "test.json", text: "[\r\n  \"é😀x\"]")
  guard case .array(let elements)? = JSONReader.read(file).value?.kind else {
    Issue.record("not an array")
    return
  }
  let range = elements[0].range
  // Decoded: é(0-1) 😀(2-5) x(6), end 7.
  let locations = [0, 1, 2, 5, 6, 7].map {
    JSONReader.location(ofDecodedUTF8Offset: $0, inStringAt: range, in: file)
  }
  #expect(locations.map { JSONFixture.position($0) } == ["2:4", "2:4", "2:5", "2:5", "2:6", "2:7"])
  #expect(locations.map(\.offset) == [6, 6, 8, 8, 12, 13])
  #expect(locations.allSatisfy { $0 == file.location(ofOffset: $0.offset) })
}

@Test func decodedOffsetsAccountForReplacedMistakes() {
  let file = SourceFile(name: "test.json", text: #""\qb""#)
  guard let range = JSONReader.read(file).value?.range else {
    Issue.record("no value")
    return
  }
  // Decoded: U+FFFD(0-2) b(3), end 4.
  let columns = [0, 2, 3, 4].map {
    JSONReader.location(ofDecodedUTF8Offset: $0, inStringAt: range, in: file).column
  }
  #expect(columns == [2, 2, 4, 5])
}

// MARK: - Robustness

@Test func mutatedInputsKeepEveryInvariant() {
  let seed = Array(
    "{\"a\": [1, -2.5e3, \"x\\u00e9\\n😀\", true, false, null],\r\n \"b\": {\"c\": \"é\"}, \"d\": -0}".utf8)
  let alphabet =
    Array("[]{},:\"'\\/*-+.0e5tfnuN@= \n\r\t".utf8) + [0x00, 0x80, 0xC0, 0xE2, 0xED, 0xF4, 0xFF, 0xA0]
  // A fixed linear congruential generator keeps the cases the same on every run.
  var state: UInt64 = 0x2545_F491_4F6C_DD1D
  func random(_ bound: Int) -> Int {
    state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
    return Int((state >> 33) % UInt64(bound))
  }
  for _ in 0..<3000 {
    var bytes = seed
    for _ in 0...random(5) {
      let position = random(bytes.count)
      switch random(3) {
      case 0: bytes.insert(alphabet[random(alphabet.count)], at: position)
      case 1: bytes.remove(at: position)
      default: bytes[position] = alphabet[random(alphabet.count)]
      }
    }
    let file = SourceFile(name: "test.json", bytes: bytes)
    let (value, diagnostics) = JSONReader.read(file)
    let ranges = diagnostics.map(\.range) + (value.map { JSONFixture.allNodes($0).map(\.range) } ?? [])
    let consistent = ranges.allSatisfy {
      $0.start == file.location(ofOffset: $0.start.offset) && $0.end == file.location(ofOffset: $0.end.offset)
        && $0.start.offset <= $0.end.offset
    }
    #expect(consistent, "\(bytes)")
    #expect(diagnostics.allSatisfy { $0.code.rawValue.hasPrefix("PF1") }, "\(bytes)")
    #expect(!diagnostics.isEmpty || value != nil, "\(bytes)")
  }
}

/// The reader's size limit: positions are kept in 32 bits, so a larger input is refused before any node is
/// made (a test cannot hold 4 GiB, so it lowers the limit).
@Suite struct JSONReaderSizeLimitTests {
  @Test func anInputPastTheLimitIsPF117() {
    let file = SourceFile(name: "<big>", text: #"{"a": 1}"#)
    let (value, diagnostics) = JSONReader.read(file, limit: 7)
    #expect(value == nil)
    #expect(
      diagnostics.map { "\($0.range.start.line):\($0.range.start.column) \($0.code.rawValue) \($0.message)" } == [
        "1:1 PF117 input of 8 bytes is too large: the reader takes at most 7 bytes"
      ])
    #expect(JSONReader.read(file, limit: 8).diagnostics.isEmpty)
    #expect(JSONReader.maximumSize == 4_294_967_294)
  }
}

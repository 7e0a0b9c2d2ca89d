import Testing

@testable import PureForm

/// `RecordScanner`, the byte-level reader of one record.
///
/// It accepts exactly strict RFC 8259 objects, keeps each routed field's raw value as a slot, and hands
/// every line it does not read to the reader, which says why it is no record.
@Suite struct RecordScannerTests {
  /// Fields 0 `name`, 1 `age`, 2 `address.city`, 3 `address.zip`.
  let plan: RecordPlan

  init() throws {
    plan = try recordPlan(keysSpec(["name", "age", "address.city", "address.zip"]))
  }

  /// What one scan gave: whether it handled the line, each field's nested and dotted slot, and whether a
  /// dotted key was read.
  struct Scan {
    var accepted: Bool
    var nested: [String]
    var dotted: [String]
    var usesDotted: Bool
  }

  /// A slot as `kind text`, the text being the slot's bytes of `line`; `absent` for an absent slot.
  static func describe(_ slot: ValueSlot, _ line: [UInt8]) -> String {
    guard slot.kind != .absent else { return "absent" }
    return "\(slot.kind) \(String(decoding: line[slot.start..<slot.end], as: UTF8.self))"
  }

  /// Scans `line` (its bytes in a block of exactly its size) with `plan`'s tables.
  func scan(_ line: [UInt8]) -> Scan {
    let fieldCount = max(plan.tables.fieldCount, 1)
    let base = UnsafeMutablePointer<UInt8>.allocate(capacity: max(line.count, 1))
    let nested = UnsafeMutablePointer<ValueSlot>.allocate(capacity: fieldCount)
    let dotted = UnsafeMutablePointer<ValueSlot>.allocate(capacity: fieldCount)
    let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: max(line.count, 1))
    let stack = UnsafeMutablePointer<UInt8>.allocate(capacity: RecordScanner.maximumDepth)
    defer {
      base.deallocate()
      nested.deallocate()
      dotted.deallocate()
      scratch.deallocate()
      stack.deallocate()
    }
    base.initialize(from: line, count: line.count)
    nested.initialize(repeating: .absent, count: fieldCount)
    dotted.initialize(repeating: .absent, count: fieldCount)
    var scanner = RecordScanner(
      base: base, count: line.count, tables: plan.tables, nested: nested, dotted: dotted, keyScratch: scratch,
      stack: stack)
    let accepted = scanner.scan()
    let fields = 0..<plan.tables.fieldCount
    return Scan(
      accepted: accepted, nested: fields.map { Self.describe(nested[$0], line) },
      dotted: fields.map { Self.describe(dotted[$0], line) }, usesDotted: scanner.usesDotted)
  }

  func scan(_ line: String) -> Scan { scan(Array(line.utf8)) }

  func accepts(_ line: String) -> Bool { scan(line).accepted }

  // MARK: Accepted records and their slots

  @Test func routesTopLevelMembersToTheirFields() {
    let result = scan(#"{"name":"Ada","age":36}"#)
    #expect(result.accepted)
    #expect(result.nested == ["asciiString Ada", "number 36", "absent", "absent"])
    #expect(result.dotted == ["absent", "absent", "absent", "absent"])
    #expect(!result.usesDotted)
  }

  @Test func membersInAnyOrderWithWhitespaceEverywhere() {
    let result = scan(" \t{ \"age\" :\r\n-1.5e+3 ,\n\"name\"\t:\t\"Ada\" } \n")
    #expect(result.accepted)
    #expect(result.nested == ["asciiString Ada", "number -1.5e+3", "absent", "absent"])
  }

  @Test func stringKindsKeepTheRawBytesBetweenTheQuotes() {
    #expect(scan(#"{"name":"A\"d\\a"}"#).nested[0] == #"escapedString A\"d\\a"#)
    #expect(scan(#"{"name":"caf\u00e9"}"#).nested[0] == #"escapedString caf\u00e9"#)
    #expect(scan(#"{"name":"café"}"#).nested[0] == "string café")
    #expect(scan(#"{"name":""}"#).nested[0] == "asciiString ")
    // Eight-byte steps: a long plain value, and one whose escape sits past the first eight bytes.
    #expect(scan(#"{"name":"abcdefghijklmnopq"}"#).nested[0] == "asciiString abcdefghijklmnopq")
    #expect(scan(#"{"name":"abcdefghij\nk"}"#).nested[0] == #"escapedString abcdefghij\nk"#)
    #expect(scan(#"{"name":"\ud83d\ude00"}"#).nested[0] == #"escapedString \ud83d\ude00"#)
  }

  @Test func literalsAndContainersAreKeptWhole() {
    #expect(scan(#"{"name":true,"age":false}"#).nested[0...1] == ["trueLiteral true", "falseLiteral false"])
    #expect(scan(#"{"name":null}"#).nested[0] == "null null")
    #expect(
      scan(#"{"name":[1, {"a": [true]}],"age":{}}"#).nested[0...1] == [
        #"container [1, {"a": [true]}]"#, "container {}",
      ])
  }

  @Test func nestedObjectsReachNestedFields() {
    let result = scan(#"{"address":{"zip":"75001","city":"Paris"},"name":"Ada"}"#)
    #expect(result.accepted)
    #expect(result.nested == ["asciiString Ada", "absent", "asciiString Paris", "asciiString 75001"])
    #expect(!result.usesDotted)
  }

  @Test func dottedTopLevelKeysFillTheDottedSlots() {
    let result = scan(#"{"address.city":"Rome","address":{"city":"Paris"}}"#)
    #expect(result.accepted)
    #expect(result.usesDotted)
    #expect(result.dotted == ["absent", "absent", "asciiString Rome", "absent"])
    #expect(result.nested == ["absent", "absent", "asciiString Paris", "absent"])
  }

  @Test func aRepeatedParentMemberResetsTheFieldsBelowIt() {
    let replaced = scan(#"{"address":{"city":"A","zip":"1"},"address":{"zip":"2"}}"#)
    #expect(replaced.nested == ["absent", "absent", "absent", "asciiString 2"])
    let cleared = scan(#"{"address":{"city":"A"},"address":5}"#)
    #expect(cleared.accepted)
    #expect(cleared.nested == ["absent", "absent", "absent", "absent"])
    // A repeated field member: the last one wins.
    #expect(scan(#"{"name":"a","name":"b"}"#).nested[0] == "asciiString b")
  }

  @Test func unknownMembersAreCheckedAndSkipped() {
    let result = scan(#"{"x":[1,{"y":[true,false,null,"\u0041"]}],"zzz":{},"name":"A","address":{"q":-0}}"#)
    #expect(result.accepted)
    #expect(result.nested == ["asciiString A", "absent", "absent", "absent"])
    // A nested field's name at the top level, or a field's name below an unknown member, routes nowhere.
    #expect(scan(#"{"city":"A","other":{"name":"B"}}"#).nested == ["absent", "absent", "absent", "absent"])
  }

  @Test func memberNamesWithEscapesAreDecodedBeforeRouting() {
    #expect(scan(#"{"n\u0061me":"x"}"#).nested[0] == "asciiString x")
    #expect(scan(#"{"address":{"\u0063ity":"y"}}"#).nested[2] == "asciiString y")
    #expect(scan(#"{"addr\u0065ss.city":"z"}"#).dotted[2] == "asciiString z")
    #expect(scan(#"{"nam\"e":"x"}"#).nested[0] == "absent")
  }

  @Test func emptyObjectsAreRecords() {
    #expect(scan("{}").nested == ["absent", "absent", "absent", "absent"])
    #expect(accepts(" { } "))
    #expect(accepts(#"{"address":{}}"#))
  }

  // MARK: Numbers

  @Test(arguments: [
    "0", "-0", "7", "-12", "0.5", "10.25", "1e10", "1E+2", "2e-3", "-1.5E-07", "123456789012345678901234",
  ])
  func validNumbersAreKeptAsWritten(number: String) {
    let result = scan(#"{"age":\#(number)}"#)
    #expect(result.accepted)
    #expect(result.nested[1] == "number \(number)")
    // Inside a skipped container too.
    #expect(accepts(#"{"x":[\#(number)]}"#))
  }

  @Test(arguments: [
    "01", "-01", "1.", ".5", "-", "+1", "1e", "1e+", "1.e5", "0x1", "1_0", "NaN", "Infinity", "-Infinity", "1..2",
    "00", "- 1", "1 2",
  ])
  func invalidNumbersAreHandedOff(number: String) {
    #expect(!accepts(#"{"age":\#(number)}"#))
    #expect(!accepts(#"{"x":[\#(number)]}"#))
  }

  // MARK: Lines that hold no record

  @Test(arguments: [
    "", " ", "[]", "1", #""x""#, "null", "{", "}", "{\"name\"}", #"{"name":}"#, #"{"name" "x"}"#, #"{"name":1,}"#,
    "{,}", #"{"name":1}x"#, #"{"name":1}{}"#, "{'name':1}", "{name:1}", #"{"name":tru}"#, #"{"name":nul}"#,
    #"{"name":True}"#, #"{"name":"x}"#, #"{"name":"\a"}"#, #"{"name":"\u12g4"}"#, #"{"name":"\uD800"}"#,
    #"{"name":"\uDC00"}"#, #"{"name":"\uD800\u0041"}"#, #"{"x":[1,]}"#, #"{"x":[,1]}"#, #"{"x":{"a":1,}}"#,
    #"{"x":{"a"}}"#, #"{"x":[1}"#, #"{"x":{"a":1]}"#, #"{"x":[[]"#, #"{"name":1 "age":2}"#, "{\"name\":1,\"age\"",
  ])
  func malformedLinesAreNotHandled(line: String) {
    #expect(!accepts(line))
  }

  @Test func controlCharactersAndBadUTF8AreNotHandled() {
    let prefix = Array(#"{"name":"a"#.utf8)
    let suffix = Array(#""}"#.utf8)
    for bad: [UInt8] in [
      [0x00], [0x09], [0x0A], [0x1F], [0x80], [0xBF], [0xC0, 0x80], [0xC1, 0xBF], [0xC2], [0xE0, 0x9F, 0xBF],
      [0xED, 0xA0, 0x80], [0xF0, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80], [0xFF],
      [0xE1, 0x41, 0x80],
    ] {
      #expect(!scan(prefix + bad + suffix).accepted, "\(bad)")
    }
    for good: [UInt8] in [[0x7F], [0xC2, 0x80], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF], [0xF4, 0x8F, 0xBF, 0xBF]] {
      let result = scan(prefix + good + suffix)
      #expect(result.accepted, "\(good)")
      #expect(
        result.nested[0]
          == (good == [0x7F] ? "asciiString a\u{7F}" : "string a" + String(decoding: good, as: UTF8.self)))
    }
  }

  @Test func nonASCIIMemberNamesAreReadAsStrings() {
    // Unknown names, raw or escaped, are skipped; inside a skipped value too.
    #expect(scan(#"{"café":1,"name":"x"}"#).nested[0] == "asciiString x")
    #expect(scan(#"{"caf\u00e9":1,"name":"x"}"#).nested[0] == "asciiString x")
    #expect(accepts(#"{"x":{"café":1}}"#))
    // A name canonically equivalent to a key is that key, as `String` equality has it: the Kelvin sign
    // (U+212A) is "K", but no key here is "K"; "n\u0061me" is "name".
    #expect(scan("{\"\u{212A}\":1,\"name\":\"x\"}").nested[0] == "asciiString x")
    #expect(scan(#"{"n\u0061me":"y"}"#).nested[0] == "asciiString y")
  }

  @Test func nestingDeeperThanTheReaderIsHandedOff() {
    let depth = RecordScanner.maximumDepth
    // A record whose deepest container is at nesting `total` (the record object is 1), through arrays
    // below `key`, or objects below the routed parent `address`.
    func arrays(_ total: Int, key: String = "x") -> String {
      #"{"\#(key)":"# + String(repeating: "[", count: total - 1) + String(repeating: "]", count: total - 1) + "}"
    }
    func objects(_ total: Int) -> String {
      #"{"address":"# + String(repeating: #"{"a":"#, count: total - 1) + "1" + String(repeating: "}", count: total)
    }
    // The scanner stops where the reader does: a record it refuses is one the reader reports an error in.
    func readerAccepts(_ line: String) -> Bool {
      !JSONReader.read(SourceFile(name: "", text: line)).diagnostics.contains { $0.severity == .error }
    }
    for line in [arrays(depth), arrays(depth, key: "name"), objects(depth)] {
      #expect(accepts(line))
      #expect(readerAccepts(line))
    }
    for line in [arrays(depth + 1), arrays(depth + 1, key: "name"), objects(depth + 1)] {
      #expect(!accepts(line))
      #expect(!readerAccepts(line))
    }
    let brackets = String(repeating: "[", count: depth - 1) + String(repeating: "]", count: depth - 1)
    #expect(scan(arrays(depth, key: "name")).nested[0] == "container " + brackets)
  }

  // MARK: Hand-off

  @Test func linesTheScannerRejectsGetTheReadersMessage() {
    var validator = RecordValidator(plan: plan)
    #expect(validator.validate(line: #"{"name":"Ada","address":{"zip":"1"}}"#, number: 1) == .valid)
    #expect(validator.lineCounts == (1, 0))
    #expect(
      String(decoding: validator.outputLine, as: UTF8.self)
        == #"{"line":1,"valid":true,"values":{"name":"Ada","age":"","address":{"city":"","zip":"1"}}}"# + "\n")
    #expect(validator.validate(line: #"{"name":01}"#, number: 2) == .malformed)
    #expect(validator.lineCounts == (1, 1))
    #expect(
      String(decoding: validator.outputLine, as: UTF8.self)
        == #"{"line":2,"error":"1:9: invalid number '01': leading zeros are not allowed"}"# + "\n")
    #expect(validator.validate(line: #"{"café":"x","name":"Ada"}"#, number: 3) == .valid)
    #expect(validator.lineCounts == (2, 1), "a record with a non-ASCII member name is the kernel's to validate")
    #expect(validator.validate(line: "[1]", number: 4) == .malformed)
    #expect(validator.lineCounts == (2, 2))
    #expect(
      String(decoding: validator.outputLine, as: UTF8.self)
        == #"{"line":4,"error":"input must be a JSON object of key to value, found an array"}"# + "\n")
  }
}

import Foundation
import Testing

@testable import PureForm

/// The NDJSON options for pipelines, `idKey` and `includesValues`: exact lines for every kind of record,
/// and the stream's lines the ones recorded for generated and byte-edited records (`ReferenceOutputs`), on
/// every job count.
@Suite struct PipelineOptionsTests {
  /// The registration form's spec: nested and dotted keys, patterns, typed fields.
  static func form(_ name: String) throws -> CompiledForm {
    try NDJSONStreamTests.form(name)
  }

  /// A login form small enough to write its result lines out in full.
  static let login = """
    [{"<A + B>": {"f?": {"<key>": "login", "<validators>": {"required": true}}}},
     {"<A + B>": {"f?": {"<key>": "pin", "<type>": "integer"}}}]
    """

  /// The output of `lines` through the stream's validator, held to the outputs recorded for them
  /// (`ReferenceOutputs`); returns it and how many lines the kernel validated.
  static func kernelLines(
    _ form: CompiledForm, _ lines: [[UInt8]], options: ValidationOptions,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> (output: [UInt8], validated: Int) {
    var validator = try RecordValidator(form: form, options: options)
    var output: [UInt8] = []
    var outputs: [String] = []
    for (index, line) in lines.enumerated() {
      _ = validator.validate(line: line, number: index + 1)
      output += validator.outputLine
      outputs.append(String(decoding: validator.outputLine, as: UTF8.self))
    }
    ReferenceOutputs.check(
      outputs, kind: "ndjson", form: form, options: "\(options)", inputs: lines, sourceLocation: sourceLocation)
    return (output, validator.lineCounts.validated)
  }

  /// Generated records with an `id` member of every JSON kind, first, last, twice, escaped or missing.
  static func linesWithIDs(_ form: CompiledForm, count: Int, seed: UInt64) -> [[UInt8]] {
    let ids = [
      "42", "-0.5e3", #""r-17""#, #""a\"b\\c\u00e9""#, "\"ü\"", "null", "true", "[1, 2]", #"{"valid": true, "x": "}"}"#,
      "{ }", "[ ]", "0",
    ]
    var generator = NDJSONRecordGenerator(keys: form.fieldKeys, seed: seed)
    return (0..<count).map { index in
      let line = generator.line()
      let id = ids[index % ids.count]
      guard line.first == UInt8(ascii: "{"), line.count > 2 else { return line }
      let body = Array(line.dropFirst())
      switch index % 5 {
      case 0: return Array("{\"id\": \(id),".utf8) + body
      case 1: return Array(line.dropLast()) + Array(", \"id\" :\(id) }".utf8)
      case 2: return Array("{\"id\":\"first\",".utf8) + Array(line.dropLast()) + Array(",\"id\":\(id)}".utf8)
      case 3: return Array("{\"\\u0069d\":\(id),".utf8) + body
      default: return line
      }
    }
  }

  @Test func exactLinesForEveryKindOfRecord() throws {
    let form = try #require(FormCompiler.compile(string: Self.login).form)
    let input =
      [
        #"{"id": "r1", "login": "ada", "pin": "12"}"#,
        #"{"login": "", "id": 7}"#,
        #"{"login": "x"}"#,
        #"{"id": {"valid": true}, "login": "x", "id": [1, "a"]}"#,
        "[1]",
        #"{"id": 1,}"#,
        "",
        #"{"\u0069d": -1.5e2, "login": "x", "pin": 3}"#,
      ].joined(separator: "\n") + "\n"
    let (withValues, summary) = try form.validateNDJSON(Array(input.utf8), options: ValidationOptions(idKey: "id"))
    #expect(
      outputLines(withValues) == [
        #"{"line":1,"id":"r1","valid":true,"values":{"login":"ada","pin":12}}"#,
        #"{"line":2,"id":7,"valid":false,"failures":[{"key":"login","path":"/login","validator":"required","argument":true,"reason":"Value is required","section":0,"row":0,"tag":0,"line":1,"column":15}]}"#,
        #"{"line":3,"id":null,"valid":true,"values":{"login":"x","pin":""}}"#,
        #"{"line":4,"id":[1, "a"],"valid":true,"values":{"login":"x","pin":""}}"#,
        #"{"line":5,"id":null,"error":"input must be a JSON object of key to value, found an array"}"#,
        #"{"line":6,"id":null,"error":"1:9: trailing ',' before '}'"}"#,
        #"{"line":7,"id":null,"error":"empty line"}"#,
        #"{"line":8,"id":-1.5e2,"valid":true,"values":{"login":"x","pin":3}}"#,
      ])
    #expect(summary == NDJSONSummary(records: 8, valid: 4, invalid: 1, malformed: 3))
    let (withoutValues, _) = try form.validateNDJSON(
      Array(input.utf8), options: ValidationOptions(idKey: "id", includesValues: false))
    #expect(
      outputLines(withoutValues) == [
        #"{"line":1,"id":"r1","valid":true}"#,
        #"{"line":2,"id":7,"valid":false,"failures":[{"key":"login","path":"/login","validator":"required","argument":true,"reason":"Value is required","section":0,"row":0,"tag":0,"line":1,"column":15}]}"#,
        #"{"line":3,"id":null,"valid":true}"#,
        #"{"line":4,"id":[1, "a"],"valid":true}"#,
        #"{"line":5,"id":null,"error":"input must be a JSON object of key to value, found an array"}"#,
        #"{"line":6,"id":null,"error":"1:9: trailing ',' before '}'"}"#,
        #"{"line":7,"id":null,"error":"empty line"}"#,
        #"{"line":8,"id":-1.5e2,"valid":true}"#,
      ])
    let (plain, _) = try form.validateNDJSON(Array(input.utf8), options: ValidationOptions(includesValues: false))
    #expect(
      outputLines(plain).prefix(2) == [
        #"{"line":1,"valid":true}"#,
        #"{"line":2,"valid":false,"failures":[{"key":"login","path":"/login","validator":"required","argument":true,"reason":"Value is required","section":0,"row":0,"tag":0,"line":1,"column":15}]}"#,
      ])
  }

  @Test(arguments: [
    ValidationOptions(idKey: "id"), ValidationOptions(includesValues: false),
    ValidationOptions(idKey: "id", includesValues: false), ValidationOptions(allFailures: true, idKey: "id"),
    ValidationOptions(flat: true, idKey: "account.email", includesValues: false),
    ValidationOptions(field: "profile.age", idKey: "profile"), ValidationOptions(idKey: "account"),
    ValidationOptions(idKey: ""), ValidationOptions(idKey: "\u{212A}"),
  ])
  func pipelineOptionsLinesMatchTheirRecordedLines(options: ValidationOptions) throws {
    let form = try Self.form("registration.json")
    let lines = Self.linesWithIDs(form, count: generatedCount(1500), seed: 3)
    let (_, validated) = try recordedLines(form, lines, options: options, jobs: [1, 2])
    #expect(validated > lines.count / 2)
  }

  @Test func everySingleByteChangeAroundTheIDMatches() throws {
    let form = try Self.form("signup.json")
    let record = Array(#"{"email":"a@b.co","id":{"k":["v",1]},"age":12,"id" : "s\"1"}"#.utf8)
    var lines: [[UInt8]] = []
    let someBytes: [UInt8] = [
      0x00, 0x09, 0x20, 0x22, 0x2C, 0x2D, 0x30, 0x3A, 0x5B, 0x5C, 0x5D, 0x69, 0x7B, 0x7D, 0xC3, 0xFF,
    ]
    for position in 0...record.count {
      for byte in someBytes {
        lines.append(Array(record[..<position]) + [byte] + Array(record[position...]))
        if position < record.count {
          var replaced = record
          replaced[position] = byte
          lines.append(replaced)
        }
      }
    }
    for includesValues in [true, false] {
      _ = try Self.kernelLines(form, lines, options: ValidationOptions(idKey: "id", includesValues: includesValues))
    }
  }

  @Test func noValuesKeepsTheHiddenViews() throws {
    let form = try Self.form("business-account.json")
    let record = try String(
      contentsOf: NDJSONStreamTests.root.appendingPathComponent("Specs/inputs/business-account.json"), encoding: .utf8)
    let line = record.split(separator: "\n").joined() + "\n"
    let (output, _) = try form.validateNDJSON(
      Array(line.utf8), options: ValidationOptions(idKey: "id", includesValues: false))
    #expect(
      outputLines(output) == [
        #"{"line":1,"id":null,"valid":true,"hidden":["company.name","company.vat_id","shipping.street","shipping.country"]}"#
      ])
  }

  @Test func overlongLinesCarryANullID() throws {
    let form = try #require(FormCompiler.compile(string: Self.login).form)
    var configuration = StreamConfiguration(jobs: 1)
    configuration.lineLimit = 16
    configuration.chunkSize = 64
    let input = Array((#"{"id": 1, "login": "a long login"}"# + "\n" + #"{"id":2}"# + "\n").utf8)
    let (output, _) = try NDJSONStreamTests.stream(
      form, input, options: ValidationOptions(idKey: "id"), configuration: configuration)
    #expect(
      outputLines(output) == [
        #"{"line":1,"id":null,"error":"line is longer than 16 bytes"}"#,
        #"{"line":2,"id":2,"valid":false,"failures":[{"key":"login","path":"/login","validator":"required","argument":true,"reason":"Value is required","section":0,"row":0,"tag":0,"line":1,"column":15}]}"#,
      ])
  }
}

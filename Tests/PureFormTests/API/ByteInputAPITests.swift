import Foundation
import PureForm
import Testing

/// The public API takes bytes as any collection (`[UInt8]`, `Data`, slices) and files as `FileHandle`s or
/// paths: no pointers, no file descriptors; read errors are cases.
@Suite struct ByteInputAPITests {
  /// One field of three characters: the form the tests validate.
  static let spec = #"[{"<A + B>": {"f?": {"<key>": "code", "<validators>": {"required": true, "equal_length": 3}}}}]"#

  static func form() throws -> CompiledForm { try #require(FormCompiler.compile(string: spec).form) }

  @Test func singleRecordsFromDataAndSlices() throws {
    let json = #"{"code": "abc"}"#
    let fromData = try Self.form().validate(json: Data(json.utf8))
    let fromSlice = try Self.form().validate(json: Array(("xx" + json).utf8).dropFirst(2))
    #expect(fromData.jsonText == #"{"valid":true,"values":{"code":"abc"}}"#)
    #expect(fromSlice.jsonText == fromData.jsonText)
  }

  @Test func recordValidatorTakesAnyBytesAndAppendsItsLine() throws {
    var validator = try RecordValidator(form: try Self.form())
    var response: [UInt8] = []
    #expect(validator.validate(line: Data(#"{"code": "abc"}"#.utf8), number: 1) == .valid)
    validator.appendOutput(to: &response)
    // A slice of a larger buffer, and a collection that is not contiguous (its bytes are copied first).
    let buffer = Array(#"{"code": "ab"}{"code": "abcd"}"#.utf8)
    #expect(validator.validate(line: buffer[0..<14], number: 2) == .invalid)
    validator.appendOutput(to: &response)
    #expect(validator.validate(line: (#"{"code": "xyz"}"#.utf8).lazy.map { $0 }, number: 3) == .valid)
    var data = Data()
    validator.appendOutput(to: &data)
    #expect(
      String(decoding: response, as: UTF8.self) == """
        {"line":1,"valid":true,"values":{"code":"abc"}}
        {"line":2,"valid":false,"failures":[{"key":"code","path":"/code","validator":"equal_length","argument":3,"reason":"Value length doesn't match expected one (3)","section":0,"row":0,"tag":0,"line":1,"column":15}]}

        """)
    #expect(String(decoding: data, as: UTF8.self) == #"{"line":3,"valid":true,"values":{"code":"xyz"}}"# + "\n")
  }

  @Test func ndjsonBetweenFileHandles() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pureform-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let input = directory.appendingPathComponent("in.ndjson")
    let output = directory.appendingPathComponent("out.ndjson")
    try Data("{\"code\": \"abc\"}\n[]\n{\"code\": \"ab\"}\n".utf8).write(to: input)
    #expect(FileManager.default.createFile(atPath: output.path, contents: nil))
    let reading = try FileHandle(forReadingFrom: input)
    let writing = try FileHandle(forWritingTo: output)
    let summary = try Self.form().validateNDJSON(reading: reading, writing: writing, jobs: 2)
    try reading.close()
    try writing.close()
    #expect(summary == NDJSONSummary(records: 3, valid: 1, invalid: 1, malformed: 1))
    let written = try String(contentsOf: output, encoding: .utf8)
    let inMemory = try Self.form().validateNDJSON(Data(contentsOf: input), jobs: 1)
    #expect(written == String(decoding: inMemory.output, as: UTF8.self))
    #expect(
      written.split(separator: "\n").map { $0.prefix(24) } == [
        #"{"line":1,"valid":true,""#, #"{"line":2,"error":"input"#, #"{"line":3,"valid":false,"#,
      ])
  }

  @Test func readErrorsAreCases() {
    #expect(throws: FileReadError.noSuchFile(path: "no/such.json")) { try SourceFile(contentsOf: "no/such.json") }
    let directory = FileManager.default.temporaryDirectory.path
    #expect(throws: FileReadError.isDirectory(path: directory)) { try SourceFile(contentsOf: directory) }
    // `-` is a file name to the library; standard input is the command line's convention.
    #expect(throws: FileReadError.noSuchFile(path: "-")) { try SourceFile(contentsOf: "-") }
    #expect(
      FileReadError.tooLarge(path: "big.json", limit: 256 * 1024 * 1024).description
        == "big.json: is larger than 256 MiB")
  }
}

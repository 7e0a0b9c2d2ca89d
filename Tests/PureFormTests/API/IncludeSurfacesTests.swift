import Foundation
import Testing

@testable import PureForm

/// A spec with includes on every surface of the library: the NDJSON stream and the library write the
/// same lines with `file`, a spec read on a second thread includes as one read on one, and the model names the
/// file of each included cell.
@Suite struct IncludeSurfacesTests {
  /// A spec whose partial (no condition) is included twice.
  static let spec = #"[{"<include>": "p.json", "<key>": "a"}, {"<section>": 1}, {"<include>": "p.json", "<key>": "b"}]"#
  static let partial = """
    [
      {"<T + T>": {"f?": {"<key>": "name", "<validators>": {"required": true, "max_length": 3}}}},
      {"<= + =>": {"f?": {"<key>": "zip", "<type>": "integer", "<validators>": {"min_value": 10}}}}
    ]
    """

  static func compile(_ source: SourceFile, concurrentlyFrom threshold: Int = .max) -> CompileResult {
    let options = CompileOptions(
      silencedWarnings: [.deviceNeedsBundle], includes: IncludeDiagnosticsTests.reader(["p.json": partial]))
    return FormCompiler.compile(source, options: options, readingConcurrentlyFrom: threshold)
  }

  @Test func theStreamAndTheLibraryWriteTheSameLinesWithTheirFile() throws {
    let form = try #require(Self.compile(SourceFile(name: "s.json", text: Self.spec)).form)
    let plan = RecordPlan(form.plan, run: try form.plan.runOptions(ValidationOptions()))
    #expect(plan.takesRecords)
    var validator = RecordValidator(plan: plan)
    let lines = [
      #"{"a": {"name": "Ada", "zip": 12}, "b": {"name": "Al", "zip": "11"}}"#,
      #"{"a": {"name": "Adaline", "zip": 9}, "b.zip": "x"}"#,
    ]
    var written: [String] = []
    for (index, line) in lines.enumerated() {
      _ = validator.validate(line: line, number: index + 1)
      let streamLine = String(decoding: validator.outputLine, as: UTF8.self)
      // The library's result for the record is the line's.
      let library = try form.validate(json: line).jsonText
      #expect(streamLine == #"{"line":\#(index + 1),"# + library.dropFirst() + "\n")
      written.append(streamLine)
    }
    #expect(validator.lineCounts.validated == 2, "the kernel validated both lines")
    #expect(
      written[1]
        == #"{"line":2,"valid":false,"failures":[{"key":"a.name","path":"/a/name","validator":"max_length","argument":3,"reason":"String length is too long, than expected (3)","section":0,"row":0,"tag":0,"file":"p.json","line":2,"column":16},{"key":"a.zip","path":"/a/zip","validator":"min_value","argument":10,"reason":"Value is too small, than expected (10)","section":0,"row":1,"tag":0,"file":"p.json","line":3,"column":16},{"key":"b.name","path":"/b/name","validator":"required","argument":true,"reason":"Value is required","section":1,"row":0,"tag":0,"file":"p.json","line":2,"column":16},{"key":"b.zip","path":"/b/zip","validator":"type_mismatch","argument":"integer","reason":"Value is not a valid integer","section":1,"row":1,"tag":0,"file":"p.json","line":3,"column":16}]}"#
        + "\n")
  }

  @Test func aSpecReadOnASecondThreadIncludesAsOneReadOnOne() {
    let cells = (0..<20).map { #"{"<C + c\#($0)>": {"f?": {"<key>": "k\#($0)", "<validators>": {"min_lenght": 1}}}}"# }
    let source = SourceFile(
      name: "s.json", text: "[" + cells.joined(separator: ",") + "," + String(Self.spec.dropFirst()))
    let serial = Self.compile(source)
    let concurrent = Self.compile(source, concurrentlyFrom: 0)
    #expect(serial.diagnostics == concurrent.diagnostics)
    #expect(serial.diagnostics.count == 20)
  }

  @Test func theModelNamesTheFileOfEachIncludedCell() throws {
    let form = try #require(Self.compile(SourceFile(name: "s.json", text: Self.spec)).form)
    let model = form.modelJSON()
    #expect(model.components(separatedBy: #""file": "p.json""#).count - 1 == 4)
    #expect(model.contains(#""file": "s.json""#))
  }
}

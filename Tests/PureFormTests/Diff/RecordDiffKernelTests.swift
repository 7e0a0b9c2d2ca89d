import Foundation
import Testing

@testable import PureForm

/// `pureform diff --records` on the kernel (`RecordDiffPass`: both verdicts by `RecordEngine.runKernel`, a
/// newly failing record's rules from the failures NEW's kernel left, `FailureMemo`) gives the report the
/// exact path gives for every record (`fastPath: false`): the same counts, new failures with their samples,
/// claims and malformed lines, at one and two jobs.
@Suite struct RecordDiffKernelTests {
  /// The report of the pass over `lines`, on the kernel or on the exact path.
  static func report(
    _ old: CompiledForm, _ new: CompiledForm, _ lines: [[UInt8]], idKey: String?, jobs: Int, fastPath: Bool
  ) throws -> RecordDiffReport {
    let input = lines.map { $0 + [0x0A] }.flatMap { $0 }
    let pass = RecordDiffPass(
      old: old, new: new, changes: SpecDiff.changes(from: old, to: new), idKey: idKey, jobs: jobs,
      fastPath: fastPath)
    return try pass.run(source: MemorySource(input), file: "records")
  }

  static func compare(
    _ old: CompiledForm, _ new: CompiledForm, _ lines: [[UInt8]], idKey: String?,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> RecordDiffReport {
    let exact = try report(old, new, lines, idKey: idKey, jobs: 1, fastPath: false)
    for jobs in [1, 2] {
      let kernel = try report(old, new, lines, idKey: idKey, jobs: jobs, fastPath: true)
      #expect(kernel == exact, "jobs \(jobs)", sourceLocation: sourceLocation)
    }
    return exact
  }

  static func form(_ path: String) throws -> CompiledForm {
    try #require(FormCompiler.compile(path: NDJSONStreamTests.root.appendingPathComponent(path).path).form)
  }

  @Test func signupPairOnStoredAndGeneratedRecords() throws {
    let old = try Self.form("Specs/diff/signup-v1.json")
    let new = try Self.form("Specs/diff/signup-v2.json")
    let stored = try Data(contentsOf: NDJSONStreamTests.root.appendingPathComponent("Specs/diff/records.ndjson"))
    var lines = [UInt8](stored).split(separator: 0x0A).map(Array.init)
    lines += NDJSONStreamTests.lines(new, count: 3000, seed: 33)
    lines += LibraryKernelTests.edgeRecords(new)
    let report = try Self.compare(old, new, lines, idKey: "id")
    #expect(report.newlyFailing > 20 && report.stillPassing > 0 && !report.malformed.isEmpty)
    #expect(report.newFailures.count > 2)
  }

  /// A pair with a repeated group, `<visible_if>` and `<same_as>`: element failures at template keys, bounds,
  /// an `id` that is an object.
  @Test func ordersPairOnGeneratedRecords() throws {
    let old = try Self.form("Specs/diff/cases/orders-old.json")
    // orders-new with a longer `min_length` for an element's name: element failures newly failing.
    let text = try String(
      contentsOf: NDJSONStreamTests.root.appendingPathComponent("Specs/diff/cases/orders-new.json"), encoding: .utf8)
    let new = try #require(
      FormCompiler.compile(
        string: text.replacingOccurrences(of: #""min_length": 2"#, with: #""min_length": 3"#), name: "orders-new"
      ).form)
    var generator = NDJSONRecordGenerator(keys: [], seed: 33)
    // Mostly what OLD accepts, so that NEW's tightenings make records newly failing.
    let names = [#""ab""#, #""ab""#, #""abc""#, #""a""#, "7"]
    let quantities = ["1", "2", "1", "2.5", #""x""#]
    let kinds = [#""company""#, #""business""#, #""""#]
    let vats = [#""123456789""#, #""12345678901""#, "9"]
    let emails = [#""x@y.io""#, #""x@y.io""#, #""nope""#]
    var lines: [[UInt8]] = []
    for number in 0..<3000 {
      var members: [String] = []
      let count = [1, 1, 2, 2, 3, 0, 6][generator.below(7)]
      if generator.below(12) > 0 {
        let items = (0..<count).map { _ -> String in
          var element: [String] = []
          if generator.below(12) > 0 { element.append("\"name\":\(names[generator.below(names.count)])") }
          if generator.below(3) > 0 { element.append("\"qty\":\(quantities[generator.below(quantities.count)])") }
          return "{" + element.joined(separator: ",") + "}"
        }
        members.append("\"items\":[" + items.joined(separator: ",") + "]")
      }
      if generator.below(4) > 0 { members.append("\"kind\":\(kinds[generator.below(kinds.count)])") }
      if generator.below(2) > 0 { members.append("\"vat\":\(vats[generator.below(vats.count)])") }
      let email = emails[generator.below(emails.count)]
      if generator.below(4) > 0 {
        members.append("\"email\":\(email)")
        members.append("\"email2\":\(generator.below(8) > 0 ? email : #""o@p.io""#)")
      }
      if generator.below(6) > 0 { members.append("\"rid\":\(number % 7 == 0 ? "{\"n\": 1}" : "\"r\(number)\"")") }
      if generator.below(30) == 0 { members.append(#""items.0.name":"flat""#) }
      lines.append(Array(("{" + members.joined(separator: ",") + "}").utf8))
    }
    let report = try Self.compare(old, new, lines, idKey: "rid")
    #expect(report.newlyFailing > 100 && report.newlyPassing + report.stillFailing > 0)
    #expect(report.newFailures.contains { $0.path == "/items/*/name" })
  }
}

import Foundation
import Testing

@testable import PureForm

/// `pureform diff --records` on the kernel (`RecordDiffPass`: both verdicts by `RecordEngine.runKernel`, a
/// newly failing record's rules from the failures NEW's kernel left, `FailureMemo`) gives the report recorded
/// for it (`ReferenceOutputs`, from the exact path there was): the same counts, new failures with their
/// samples, claims and malformed lines, at one and two jobs.
@Suite struct RecordDiffKernelTests {
  /// The report of the pass over `lines`.
  static func report(
    _ old: CompiledForm, _ new: CompiledForm, _ lines: [[UInt8]], idKey: String?, jobs: Int
  ) throws -> RecordDiffReport {
    let input = lines.map { $0 + [0x0A] }.flatMap { $0 }
    let pass = RecordDiffPass(
      old: old, new: new, changes: SpecDiff.changes(from: old, to: new), idKey: idKey, jobs: jobs)
    return try pass.run(source: MemorySource(input), file: "records")
  }

  static func compare(
    _ old: CompiledForm, _ new: CompiledForm, _ lines: [[UInt8]], idKey: String?,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> RecordDiffReport {
    let oneJob = try report(old, new, lines, idKey: idKey, jobs: 1)
    let twoJobs = try report(old, new, lines, idKey: idKey, jobs: 2)
    #expect(twoJobs == oneJob, "jobs 2", sourceLocation: sourceLocation)
    // The report is of the whole input: recorded for all of it (a run at a tenth of the scale has its own).
    ReferenceOutputs.check(
      ["\(oneJob)"], kind: "diff", form: new,
      options: "\(String(decoding: old.source.bytes, as: UTF8.self)) \(idKey ?? "")",
      inputs: [lines.flatMap { $0 + [0x0A] }], sourceLocation: sourceLocation)
    return oneJob
  }

  static func form(_ path: String) throws -> CompiledForm {
    try #require(FormCompiler.compile(path: NDJSONStreamTests.root.appendingPathComponent(path).path).form)
  }

  @Test func signupPairOnStoredAndGeneratedRecords() throws {
    let old = try Self.form("Specs/diff/signup-v1.json")
    let new = try Self.form("Specs/diff/signup-v2.json")
    let stored = try Data(contentsOf: NDJSONStreamTests.root.appendingPathComponent("Specs/diff/records.ndjson"))
    var lines = [UInt8](stored).split(separator: 0x0A).map(Array.init)
    lines += NDJSONStreamTests.lines(new, count: generatedCount(3000), seed: 33)
    lines += LibraryKernelTests.edgeRecords(new)
    let report = try Self.compare(old, new, lines, idKey: "id")
    #expect(
      RecordDiffPass(old: old, new: new, changes: [], idKey: "id", jobs: 1).shared != nil,
      "v1's keys are v2's: the pass reads each line once")
    #expect(report.newlyFailing > 20 && report.stillPassing > 0 && !report.malformed.isEmpty)
    #expect(report.newFailures.count > 2)
  }

  /// A flat pair whose keys are the same reads each line once: OLD takes NEW's reading and checks only the
  /// fields whose verdict differs (`SharedVerdicts`), giving the report recorded for it; here a tightened
  /// length, a changed `<required_if>`, a loosened bound, and a switch's `<value>` (so the views whose
  /// `<visible_if>` reads it are not alike either, their own rules unchanged).
  @Test func businessAccountPairSharesTheReading() throws {
    let old = try Self.form("Specs/business-account.json")
    let text = try String(
      contentsOf: NDJSONStreamTests.root.appendingPathComponent("Specs/business-account.json"), encoding: .utf8)
    let edited =
      text
      .replacingOccurrences(of: #""min_length": 2, "max_length": 80"#, with: #""min_length": 4, "max_length": 80"#)
      .replacingOccurrences(of: #"["DE", "FR", "NL"]"#, with: #"["DE", "FR", "NL", "BE"]"#)
      .replacingOccurrences(of: #""max_length": 14"#, with: #""max_length": 20"#)
      .replacingOccurrences(of: #""<value>": true, "<type>": "bool""#, with: #""<value>": false, "<type>": "bool""#)
    #expect(edited != text)
    let new = try #require(FormCompiler.compile(string: edited, name: "business-account-v2").form)
    let pass = RecordDiffPass(
      old: old, new: new, changes: SpecDiff.changes(from: old, to: new), idKey: nil, jobs: 1)
    let shared = try #require(pass.shared, "a flat pair with the same keys shares the reading")
    #expect(shared.alike.contains(true) && shared.alike.contains(false))
    // A valid record with one or two members changed: every way each change can go.
    let base = [
      ("account.kind", #""business""#), ("company.name", #""Acme""#), ("company.vat_id", #""DE123456789""#),
      ("email", #""ada@example.com""#), ("email_confirm", #""ada@example.com""#), ("billing.street", #""Main St 1""#),
      ("billing.country", #""DE""#), ("shipping.same_as_billing", "true"),
    ]
    let choices =
      ConditionKernelTests.businessChoices.flatMap { key, values in values.map { (key, $0) } }
      + [
        ("company.name", #""Abc""#), ("billing.country", #""BE""#), ("company.vat_id", #""BE1234567890123""#),
        ("shipping.same_as_billing", "absent"),
      ]
    func record(_ changes: [(String, String)]) -> [UInt8] {
      var members = base
      for (key, value) in changes {
        if value == "absent" {
          members.removeAll { $0.0 == key }
        } else if let index = members.firstIndex(where: { $0.0 == key }) {
          members[index].1 = value
        } else {
          members.append((key, value))
        }
      }
      return Array(("{" + members.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}").utf8)
    }
    var lines = [record([])] + choices.map { record([$0]) }
    for first in choices { for second in choices where second.0 != first.0 { lines.append(record([first, second])) } }
    lines += LibraryKernelTests.edgeRecords(new)
    let report = try Self.compare(old, new, lines, idKey: nil)
    #expect(report.newlyFailing > 10 && report.newlyPassing > 10 && report.stillPassing > 10)
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

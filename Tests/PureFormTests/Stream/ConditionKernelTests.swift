import Foundation
import PureFormInvariants
import Testing

@testable import PureForm

/// Conditions on the rule kernel: records built from the values that make `<visible_if>`, `<required_if>` and
/// `<same_as>` go each way give byte for byte the lines recorded for them under every option, every one of
/// them read by the kernel without a second reading, and the same bytes with any job count.
@Suite struct ConditionKernelTests {
  /// Records for `keys`, each member absent or one of its values, drawn with a fixed seed.
  static func records(_ choices: [(key: String, values: [String])], count: Int, seed: UInt64) -> [[UInt8]] {
    var generator = NDJSONRecordGenerator(keys: [], seed: seed)
    return (0..<count).map { _ in
      let members = generator.members(of: choices).map { "\"\($0.key)\": \($0.value)" }
      return Array(("{" + members.joined(separator: ", ") + "}").utf8)
    }
  }

  /// The business-account example's keys with values on both sides of each of its conditions.
  static let businessChoices: [(key: String, values: [String])] = [
    ("account.kind", [#""business""#, #""personal""#, #""""#, "null", "1"]),
    ("company.name", [#""Acme""#, #""A""#, #""""#]),
    ("company.vat_id", [#""DE123456789""#, #""""#, #""DE1234567890123""#]),
    ("email", [#""ada@example.com""#, #""bad@""#]),
    ("email_confirm", [#""ada@example.com""#, #""other@example.com""#, #""""#]),
    ("billing.street", [#""Main St 1""#, #""""#]),
    ("billing.country", [#""DE""#, #""US""#, #""de""#, #""NL""#]),
    ("shipping.same_as_billing", ["true", "false", #""off""#, #""on""#, #""maybe""#, "0"]),
    ("shipping.street", [#""Side St 2""#, #""""#]),
    ("shipping.country", [#""FR""#, #""France""#]),
  ]

  @Test(arguments: [
    ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(flat: true),
    ValidationOptions(field: "company.vat_id"), ValidationOptions(field: "shipping.street", flat: true),
    ValidationOptions(field: "email_confirm"), ValidationOptions(includesValues: false),
    ValidationOptions(idKey: "email"),
  ])
  func businessAccountRecordsMatchTheirRecordedLines(options: ValidationOptions) throws {
    let form = try NDJSONStreamTests.form("business-account.json")
    let lines = Self.records(Self.businessChoices, count: generatedCount(1500), seed: 21)
    let (text, validated) = try recordedLines(form, lines, options: options, jobs: [1, 2])
    #expect(validated == lines.count, "every record is read by the kernel without a second reading")
    // Both sides of the conditions occur: some records hide views and some do not, some fail `required_if`.
    #expect(text.contains(#""hidden":[]"#))
    #expect(text.contains(#""hidden":["company.name","company.vat_id"]"#))
    if options.field == nil { #expect(text.contains(#""validator":"required_if""#)) }
  }

  /// Every condition form, over values of every kind, with hidden views whose whole output object goes,
  /// a hidden neighbour, a hidden typed view sent a mismatch, and a view that is not persisted: the spec the
  /// record I/O fuzz target validates its records against.
  static let everyForm = InvariantChecks.recordIOSpecs.first { $0.name == "conditions" }?.json ?? ""

  static let everyFormChoices: [(key: String, values: [String])] = [
    ("n", ["0", "1", "2", "2.0", "-0.0", #""2""#, #""x""#, "1e400", "0.5"]),
    ("b", ["true", "false", #""on""#, #""no""#, "1"]),
    ("t", [#""a""#, #""x""#, #""""#, "1", "1.0", #""1""#]),
    ("box.x", [#""v""#, #""""#]),
    ("box.y", ["3", #""3""#, "3.5"]),
    ("box.z", ["3", #""z""#]),
    ("deep.a.b", [#""w""#]),
    ("deep.a.c", [#""x""#, #""xy""#, "1"]),
    ("e", [#""e""#]),
    ("g", [#""g""#]),
    ("h", [#""h""#, #""""#]),
    ("i", [#""i""#, #""""#]),
  ]

  @Test(arguments: [
    ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(flat: true),
    ValidationOptions(field: "deep.a.c"), ValidationOptions(field: "box.y", flat: true),
    ValidationOptions(field: "i", liveOnly: true),
  ])
  func everyConditionFormMatchesItsRecordedLines(options: ValidationOptions) throws {
    let form = try #require(FormCompiler.compile(string: Self.everyForm).form)
    let lines = Self.records(Self.everyFormChoices, count: generatedCount(3000), seed: 5)
    let (text, validated) = try recordedLines(form, lines, options: options, jobs: [2])
    #expect(validated == lines.count, "every record is read by the kernel without a second reading")
    if options.field == nil && !options.flat {
      // A valid record that hides both persisted views of `box` has no `box` at all; one that hides both
      // views of `deep` has no `deep`.
      let valid = text.split(separator: "\n").filter { $0.contains(#""valid":true"#) }
      let boxless = valid.filter { $0.contains(#""box.x","box.y""#) }
      let deepless = valid.filter { $0.contains(#""deep.a.b","deep.a.c""#) }
      #expect(!boxless.isEmpty && !deepless.isEmpty)
      #expect(boxless.allSatisfy { !$0.contains(#""box":"#) })
      #expect(deepless.allSatisfy { !$0.contains(#""deep":"#) })
    }
  }
}

import Foundation
import Testing

@testable import PureForm

/// Every cell of PRODUCT.md's parity table ("What each validator does with each kind"), on every surface a
/// record can reach: `validate(json:)`, the stream's `RecordValidator` (byte for byte the library's line, the
/// kernel validating every cell), `--all-failures`, `--field` and `--field --live`, and NDJSON with one and
/// two jobs.
@Suite struct ParityTableTests {
  /// One validator on the field `a`, which sits between the neighbours `p` (previous cell) and `n` (next).
  struct Row: Sendable, CustomTestStringConvertible {
    /// The validator and its argument as JSON text.
    var validator: String
    var argument: String
    /// Extra members of `a`'s view (`"<type>": "number"`, `"<value>": …`).
    var members = ""
    /// Records (JSON object text) and whether `a` fails on each.
    var cells: [(record: String, fails: Bool)]

    var testDescription: String { "\(validator) \(argument) \(members)" }

    func spec(live: Bool) -> String {
      let name = validator + (live ? "!" : "")
      return """
        [
          {"<A + B>": {"f?": {"<key>": "p"}}},
          {"<= + =>": {"f?": {"<key>": "a", \(members.isEmpty ? "" : members + ",") "<validators>": {"\(name)": \(argument)}}}},
          {"<= + =>": {"f?": {"<key>": "n"}}}
        ]
        """
    }
  }

  /// PureForm's nil, three ways: the key absent (no `<value>`), `null`, and `""`.
  static let missing = ["{}", #"{"a": null}"#, #"{"a": ""}"#]

  /// Cells for a value of `a` given as JSON text.
  static func values(_ pairs: [(String, Bool)]) -> [(record: String, fails: Bool)] {
    pairs.map { (#"{"a": \#($0.0)}"#, $0.1) }
  }

  static func missing(fails: Bool) -> [(record: String, fails: Bool)] { missing.map { ($0, fails) } }

  static let rows: [Row] = [
    // required: missing fails; any string (whitespace too), number or bool passes.
    Row(
      validator: "required", argument: "true",
      cells: missing(fails: true) + values([(#"" ""#, false), (#""x""#, false), ("0", false), ("false", false)])),
    // required: false is still enforced (PureForm ignores the argument).
    Row(validator: "required", argument: "false", cells: missing(fails: true) + values([(#""x""#, false)])),
    // equal with a string: the same UTF-16 code units; never a number or bool.
    Row(
      validator: "equal", argument: #""é""#,
      cells: missing(fails: true)
        + values([
          (#""\u00e9""#, false), (#""e\u0301""#, true), (#""É""#, true), (#""é ""#, true), ("1", true), ("true", true),
        ])),
    // equal with a number: numbers and bools of equal value (true is 1); never a string.
    Row(
      validator: "equal", argument: "1",
      cells: missing(fails: true)
        + values([
          ("1", false), ("1.0", false), ("1e0", false), ("10e-1", false), ("true", false), ("false", true),
          ("1.0000000000000000001", true), (#""1""#, true),
        ])),
    Row(
      validator: "equal", argument: "true",
      cells: values([("true", false), ("1", false), ("1.00", false), ("false", true), ("0", true), (#""true""#, true)])),
    Row(
      validator: "equal", argument: "0.3",
      cells: values([("0.30", false), ("3e-1", false), ("0.30000000000000004", true), (#""0.3""#, true)])),
    // equal_next: missing fails, even beside a missing neighbour; strings and numbers compare as equal does.
    Row(
      validator: "equal_next", argument: "true",
      cells: [
        ("{}", true), (#"{"n": "x"}"#, true), (#"{"a": "", "n": ""}"#, true), (#"{"a": null, "n": null}"#, true),
        (#"{"a": "x"}"#, true), (#"{"a": "x", "n": "x"}"#, false), (#"{"a": "x", "n": "X"}"#, true),
        (#"{"a": 1, "n": 1.0}"#, false), (#"{"a": "1", "n": 1}"#, true), (#"{"a": true, "n": 1}"#, false),
        (#"{"a": false, "n": true}"#, true), (#"{"a": "x", "n": ["x"]}"#, true),
      ]),
    Row(
      validator: "equal_previous", argument: "true",
      cells: [
        ("{}", true), (#"{"p": "x"}"#, true), (#"{"a": "x", "p": "x"}"#, false), (#"{"a": 2, "p": 2}"#, false),
        (#"{"a": 2, "p": "2"}"#, true), (#"{"a": "2"}"#, true),
      ]),
    // equal_next: false is still enforced.
    Row(validator: "equal_next", argument: "false", cells: [("{}", true), (#"{"a": "x", "n": "x"}"#, false)]),
    // equal_length, min_length: missing fails when N > 0; strings by UTF-16 length; numbers and bools pass.
    Row(
      validator: "equal_length", argument: "4",
      cells: missing(fails: true)
        + values([
          (#""abcd""#, false), (#""👍🏽""#, false), (#""👍""#, true), (#""abc""#, true), ("12", false),
          ("123456", false), ("true", false),
        ])),
    Row(validator: "equal_length", argument: "0", cells: missing(fails: false) + values([(#""a""#, true)])),
    Row(
      validator: "min_length", argument: "2",
      cells: missing(fails: true)
        + values([(#""😀""#, false), (#""é""#, true), (#""e\u0301""#, false), ("1", false), ("false", false)])),
    Row(validator: "min_length", argument: "0", cells: missing(fails: false) + values([(#""a""#, false)])),
    // max_length: missing passes; strings by UTF-16 length; numbers and bools pass (a slider's 100).
    Row(
      validator: "max_length", argument: "2",
      cells: missing(fails: false)
        + values([
          (#""ab""#, false), (#""abc""#, true), (#""😀""#, false), (#""😀a""#, true), ("100", false), ("true", false),
        ])
    ),
    // min_value / max_value: missing passes; number text compared exactly, other text fails; numbers exactly;
    // bools as 1 and 0.
    Row(
      validator: "min_value", argument: "5",
      cells: missing(fails: false)
        + values([
          (#""5""#, false), (#""5.0""#, false), (#""4.99""#, true), (#""abc""#, true), (#"" 5""#, true),
          (#""05""#, true),
          (#""+5""#, true), (#"".5""#, true), (#""5,5""#, true), ("5", false), ("4", true), ("1e1", false),
          ("true", true), ("4.99999999999999999999", true),
        ])),
    Row(
      validator: "max_value", argument: "1",
      cells: missing(fails: false)
        + values([
          ("true", false), ("false", false), ("2", true), (#""1.0""#, false), (#""1e0""#, false), (#""-3e2""#, false),
          ("1.0000000000000000001", true), (#""one""#, true),
        ])),
    Row(
      validator: "max_value", argument: "0.3",
      cells: values([("0.30000000000000004", true), ("0.3", false), ("0", false), ("false", false), ("true", true)])),
    // type: missing fails; strings by the rule; numbers and bools fail.
    Row(
      validator: "type", argument: #""email""#,
      cells: missing(fails: true)
        + values([
          (#""a@b.co""#, false), (#""x@company.technology""#, false), (#""user@localhost""#, false),
          (#""a@b..com""#, true), (#""a b@c.de""#, true), ("1", true), ("true", true),
        ])),
    Row(
      validator: "type", argument: #""full_name""#,
      cells: missing(fails: true)
        + values([
          (#""Zoë Ñúñez""#, false), (#""Jean-Luc O'Neill""#, false), (#""ada""#, true), (#""Ada  Lovelace""#, true),
          ("5", true), ("false", true),
        ])),
    // custom: missing fails; the whole string must match; numbers and bools fail.
    Row(
      validator: "custom", argument: #""[0-9]{5}""#,
      cells: missing(fails: true)
        + values([(#""12345""#, false), (#""123456""#, true), (#""x12345""#, true), ("12345", true), ("true", true)])),
    // custom "email" / "full_name" select those rules, as in PureForm.
    Row(
      validator: "custom", argument: #""email""#,
      cells: missing(fails: true) + values([(#""a@b.co""#, false), (#""email""#, true)])),
    Row(
      validator: "custom", argument: #""full_name""#,
      cells: values([(#""Ada Lovelace""#, false), (#""full_name""#, true)])),
    // <value>: an absent key takes it; a present null or "" does not fall back; a <value> of "" is missing.
    Row(
      validator: "equal", argument: #""abc""#, members: #""<value>": "abc""#,
      cells: [("{}", false), (#"{"a": null}"#, true), (#"{"a": ""}"#, true), (#"{"a": "abd"}"#, true)]),
    Row(validator: "required", argument: "true", members: #""<value>": """#, cells: [("{}", true)]),
    Row(validator: "required", argument: "true", members: #""<value>": 0"#, cells: [("{}", false)]),
    Row(validator: "equal", argument: "true", members: #""<value>": 1"#, cells: [("{}", false)]),
    // <type> coerces first; the table applies to the coerced value.
    Row(
      validator: "min_value", argument: "5", members: #""<type>": "number""#,
      cells: missing(fails: false) + values([(#""5""#, false), (#""4""#, true), (#""x""#, true), ("true", true)])),
    Row(
      validator: "equal", argument: "1", members: #""<type>": "bool""#,
      cells: missing(fails: true) + values([(#""on""#, false), (#""1""#, false), ("true", false), (#""off""#, true)])),
    Row(
      validator: "min_length", argument: "2", members: #""<type>": "text""#,
      cells: missing(fails: true) + values([(#""ab""#, false), ("12", true)])),
  ]

  /// The validators failing on `a`, for one record.
  static func failing(_ form: CompiledForm, _ record: String) throws -> [String] {
    try form.validate(json: record, options: ValidationOptions(allFailures: true)).failures.filter { $0.key == "a" }
      .map(\.validator)
  }

  @Test(arguments: rows)
  func everyCell(_ row: Row) throws {
    for live in [false, true] {
      let compiled = FormCompiler.compile(string: row.spec(live: live))
      let form = try #require(compiled.form, "\(compiled.diagnostics.map(\.message))")
      for cell in row.cells {
        let failing = try Self.failing(form, cell.record)
        let expected = cell.fails ? [row.validator] : []
        // A value of the wrong kind for a typed field fails as a type mismatch, the field's only failure.
        #expect(
          failing == expected || (cell.fails && row.members.contains("<type>") && failing == ["type_mismatch"]),
          "\(row.validator) \(row.argument) on \(cell.record): \(failing)")
        let field = try form.validate(json: cell.record, options: ValidationOptions(field: "a", liveOnly: live))
        #expect(field.isValid == !cell.fails, "--field a\(live ? " --live" : "") on \(cell.record)")
      }
      let lines = row.cells.map { Array($0.record.utf8) }
      var options = [
        ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(field: "a"),
        ValidationOptions(flat: true),
      ]
      if live { options.append(ValidationOptions(field: "a", liveOnly: true)) }
      for option in options {
        let (expected, validated) = try NDJSONStreamTests.compare(form, lines, options: option)
        #expect(validated == lines.count, "the kernel validates every cell")
        for jobs in [1, 2] {
          let stream = try form.validateNDJSON(Array(lines.joined(separator: [0x0A])), options: option, jobs: jobs)
          #expect(stream.output == expected, "NDJSON, \(jobs) jobs")
        }
      }
    }
  }

  /// The table itself, as `ParityTable` states it: one row per rule kind, missing / string / number / bool.
  @Test func theTableAsStated() {
    func row(_ rule: ParityTable.Row) -> String {
      ([nil] + ValueKind.allCases.map(Optional.some)).map { kind in
        switch ParityTable.verdict(rule, kind) {
        case .passes: return "passes"
        case .fails: return "fails"
        case .compares: return "compares"
        }
      }.joined(separator: " ")
    }
    #expect(row(.required) == "fails passes passes passes")
    #expect(row(.equal) == "fails compares compares compares")
    #expect(row(.equalField) == "fails compares compares compares")
    #expect(row(.equalLength) == "compares compares passes passes")
    #expect(row(.minLength) == "compares compares passes passes")
    #expect(row(.maxLength) == "compares compares passes passes")
    #expect(row(.minValue) == "passes compares compares compares")
    #expect(row(.maxValue) == "passes compares compares compares")
    #expect(row(.pattern) == "fails compares fails fails")
    #expect(row(.registered) == "passes compares compares compares")
    #expect(ParityTable.rows.count == ParityTable.Row.allCases.count * ParityTable.columnCount)
  }

  @Test func everyValidatorHasRows() {
    #expect(Set(Self.rows.map(\.validator)) == Set(ValidatorKind.builtIns.map(\.rawValue)))
  }

  /// `check` (PF317, through the model's `ValidatorKind.parityRow`) and validate (through the plan's
  /// `CheckRule.parityRow`) read the same row of the table for every validator.
  @Test func theCompilerAndThePlanReadTheSameRow() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a", "<validators>": {"required": true}}}},
        {"<A + B>": {"f?": {"<key>": "b", "<validators>": {
          "equal": "x", "equal_next": true, "equal_previous": true, "equal_length": 1, "min_length": 1,
          "max_length": 1, "min_value": 1, "max_value": 2, "required": true, "type": "email", "custom": "a"}}}},
        {"<A + B>": {"f?": {"<key>": "c", "<validators>": {"required": true}}}}
      ]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    let validators = try #require(form.model.sections[0].cells[1].views[0].field?.validators)
    let checks = form.plan.fields[1].checks
    #expect(validators.count == ValidatorKind.builtIns.count)
    #expect(validators.map(\.kind.parityRow) == checks.map(\.rule.parityRow))
  }
}

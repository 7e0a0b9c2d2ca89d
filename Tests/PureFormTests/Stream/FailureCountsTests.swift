import Testing

@testable import PureForm

/// The failures by validator that the validation hands a server's metrics (`RecordValidator`'s
/// `takeFailureCounts()`, `NDJSONSummary.failures`): the same as
/// the failures of the record's result, and counted once.
@Suite struct FailureCountsTests {
  static let spec = #"""
    [{"<T + T>": {"f?": {"<key>": "email", "<validators>": {"required": true, "type": "email"}}}},
     {"<= + =>": {"f?": {"<key>": "password", "<validators>": {"required": true, "min_length": 6}}}}]
    """#
  static let records = [
    #"{"email": "a@b.co", "password": "secret1"}"#, #"{"email": "nope", "password": "abc"}"#, "{}",
    #"{"email": "a@b.co", "password": 1234567}"#,
  ]

  /// The failures of `record`'s result by validator, as `validate(json:)` gives them.
  static func expected(_ form: CompiledForm, _ record: String) throws -> [String: Int] {
    try form.validate(json: Array(record.utf8)).failures.reduce(into: [:]) { $0[$1.validator, default: 0] += 1 }
  }

  @Test func eachRecordsFailures() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let plan = RecordPlan(form.plan, run: try form.plan.runOptions(ValidationOptions()))
    var validator = RecordValidator(plan: plan, countsFailures: true)
    #expect(try Self.expected(form, Self.records[1]) == ["type": 1, "min_length": 1])
    for record in Self.records {
      _ = validator.validate(line: record)
      #expect(validator.takeFailureCounts() == (try Self.expected(form, record)), "\(record)")
      #expect(validator.takeFailureCounts().isEmpty)
    }
  }

  @Test func aValidatorMadeNotToCountCountsNothing() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    var validator = try RecordValidator(form: form)
    _ = validator.validate(line: Self.records[1])
    #expect(validator.takeFailureCounts().isEmpty)
  }

  @Test func anNDJSONRunSumsThemAndLeavesMalformedLinesOut() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let input = (Self.records + ["[]", ""]).joined(separator: "\n") + "\n"
    let (output, summary) = try form.validateNDJSONCountingFailures(Array(input.utf8), options: ValidationOptions())
    #expect(output == (try form.validateNDJSON(Array(input.utf8), jobs: 1)).output)
    var sum: [String: Int] = [:]
    for record in Self.records { sum.merge(try Self.expected(form, record), uniquingKeysWith: +) }
    #expect(summary.failures == sum)
    #expect((summary.valid, summary.invalid, summary.malformed) == (2, 2, 2))
    #expect((try form.validateNDJSON(Array(input.utf8), jobs: 1)).summary.failures.isEmpty)
  }
}

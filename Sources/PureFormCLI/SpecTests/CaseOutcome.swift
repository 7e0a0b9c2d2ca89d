import PureForm

/// What running one case gave: the result `validate` would print and how it differs from `expect`.
struct CaseOutcome: Sendable {
  /// The case run.
  var testCase: TestCase
  /// The result of validating the case's record.
  var result: ValidationResult
  /// The keys `--changed-from` validated, for a case with `changed_from`.
  var changed: [String]?
  /// What differed from `expect`, one phrase each; none when the case passed.
  var differences: [String]
  /// What the page let through that the server refuses (`--page`): keys.
  var pageLetsThrough: [String] = []

  /// Whether the result met every member of `expect`.
  var passed: Bool { differences.isEmpty }

  /// `validate --format json`'s document for the result.
  var resultJSON: OutputJSON { result.outputJSON(changed: changed) }
}

/// Runs cases on a compiled spec, in-process: the library call `pureform validate` makes.
enum CaseRunner {
  /// Validates the case's record (an edit of `changed_from` when given) with its options, then compares.
  static func run(_ testCase: TestCase, on form: CompiledForm) -> CaseOutcome {
    let result: ValidationResult
    var changed: [String]?
    do {
      if let old = testCase.changedFrom {
        let change = try form.validate(json: testCase.record, changedFrom: old, options: testCase.options)
        result = change.result
        changed = change.changed
      } else {
        result = try form.validate(json: testCase.record, options: testCase.options)
      }
    } catch {
      // The reader let through only objects and fields the spec has: nothing here is expected to throw.
      let failure = ValidationFailure(
        key: "", validator: "input", argument: .null, reason: "\(error)", section: 0, row: 0, tag: 0, line: 0,
        column: 0)
      return CaseOutcome(
        testCase: testCase, result: .invalid(failures: [failure]), differences: ["the record was refused: \(error)"])
    }
    let differences = compare(testCase.expect, with: result, changed: changed)
    return CaseOutcome(testCase: testCase, result: result, changed: changed, differences: differences)
  }

  /// What differs between `expect` and the result; empty when the result meets every member.
  static func compare(_ expect: Expectation, with result: ValidationResult, changed: [String]?) -> [String] {
    var differences: [String] = []
    let got = gotText(result)
    if expect.valid != result.isValid {
      return ["expected \(expect.valid ? "valid" : "invalid"); got \(got)"]
    }
    let failures = result.failures
    for expected in expect.failures where !failures.contains(where: expected.matches) {
      differences.append("missing failure \(expected.description); got \(got)")
    }
    if expect.exact {
      for failure in failures where !expect.failures.contains(where: { $0.matches(failure) }) {
        differences.append("unexpected failure \(failure.path) \(failure.validator)")
      }
    }
    if let hidden = expect.hidden, hidden.sorted() != (result.hidden ?? []).sorted() {
      differences.append("expected hidden \(list(hidden)); got \(list(result.hidden ?? []))")
    }
    if let values = expect.values, let resultValues = result.values, values != resultValues {
      differences.append("expected values \(values); got \(resultValues)")
    }
    if let expected = expect.changed, expected.sorted() != (changed ?? []).sorted() {
      differences.append("expected changed \(list(expected)); got \(list(changed ?? []))")
    }
    return differences
  }

  /// `valid`, or the failures as `/login type, /password min_length`.
  private static func gotText(_ result: ValidationResult) -> String {
    guard !result.isValid else { return "valid" }
    let failures = result.failures.map { "\($0.path) \($0.validator)" }
    return failures.isEmpty ? "invalid" : failures.joined(separator: ", ")
  }

  /// `[a, b]`.
  private static func list(_ keys: [String]) -> String {
    "[" + keys.joined(separator: ", ") + "]"
  }
}

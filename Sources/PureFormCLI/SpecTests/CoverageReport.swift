import PureForm

/// A spec's rule coverage: which rules some case's result fails (validators) or the cases evaluated both true
/// and false (conditions).
///
/// Built from `RecordCoverage`s, one per case: a validation's failures and, for a record validated in full,
/// each condition's value. An engine that reports condition values as it validates feeds the same struct.
struct CoverageReport: Sendable {
  /// A rule not covered, with where it is written.
  struct Uncovered: Sendable {
    var key: String
    /// The validator's name or the condition's reserved word.
    var rule: String
    /// `never true` / `never false` for a condition seen one way only.
    var missing: String?
    var file: String
    var line: Int
    var column: Int

    /// `FILE:LINE:COL`.
    var place: String { "\(file):\(line):\(column)" }
    /// `min_length`, `<visible_if> never true`.
    var text: String { missing.map { "\(rule) \($0)" } ?? rule }
  }

  /// How many rules are covered.
  var covered: Int
  /// How many rules the spec has.
  var total: Int
  /// The rules not covered, in spec order.
  var uncovered: [Uncovered]

  /// Coverage from the rules and what each case's validation reported.
  init(rules: [SpecRule], records: [RecordCoverage]) {
    var failed = Set<RuleName>()
    var seen: [FieldCondition: (true: Bool, false: Bool)] = [:]
    for record in records {
      for failure in record.failures {
        failed.insert(RuleName(key: Self.template(failure.key), name: failure.validator))
      }
      for truth in record.conditions {
        let index = FieldCondition(field: truth.field, condition: truth.condition)
        var both = seen[index] ?? (false, false)
        if truth.value { both.true = true } else { both.false = true }
        seen[index] = both
      }
    }
    var covered = 0
    var uncovered: [Uncovered] = []
    for rule in rules {
      var missing: String?
      let isCovered: Bool
      if let condition = rule.condition {
        let both = seen[FieldCondition(field: rule.field, condition: condition)] ?? (false, false)
        isCovered = both.true && both.false
        // Never evaluated at all reads `never true`: the case to add first.
        if !isCovered { missing = both.true ? "never false" : "never true" }
      } else {
        isCovered = failed.contains(RuleName(key: rule.key, name: rule.name))
      }
      if isCovered {
        covered += 1
      } else {
        uncovered.append(
          Uncovered(
            key: rule.key, rule: rule.name, missing: missing, file: rule.file, line: rule.line, column: rule.column))
      }
    }
    self.covered = covered
    self.total = rules.count
    self.uncovered = uncovered
  }

  /// Coverage of `form`'s rules by the outcomes: each case's failures, and the conditions of its record
  /// validated in full (through `CompiledForm.conditionTruths`).
  init(form: CompiledForm, outcomes: [CaseOutcome]) {
    let records = outcomes.map { outcome in
      RecordCoverage(
        failures: outcome.result.failures, conditions: form.conditionTruths(json: outcome.testCase.record) ?? [])
    }
    self.init(rules: form.rules, records: records)
  }

  /// 100·C/T rounded down to one decimal; no rules is 100.0.
  var percentText: String {
    guard total > 0 else { return "100.0" }
    let tenths = covered * 1000 / total
    return "\(tenths / 10).\(tenths % 10)"
  }

  /// Whether C·100 ≥ PCT·T: the spec meets `--min-coverage PCT`.
  func meets(_ minimum: Double) -> Bool {
    Double(covered) * 100 >= minimum * Double(total)
  }

  /// `{"percent", "covered", "total", "uncovered": [{"key", "rule", "file", "line", "column"}]}`.
  var json: OutputJSON {
    .object([
      ("percent", .number(percentText)), ("covered", .number(String(covered))), ("total", .number(String(total))),
      (
        "uncovered",
        .array(
          uncovered.map { rule in
            .object([
              ("key", .string(rule.key)), ("rule", .string(rule.rule)), ("file", .string(rule.file)),
              ("line", .number(String(rule.line))), ("column", .number(String(rule.column))),
            ])
          })
      ),
    ])
  }

  /// A failure's key with each element index as `*`: `items.3.name` → `items.*.name`.
  static func template(_ key: String) -> String {
    guard key.contains(where: \.isNumber) else { return key }
    return key.split(separator: ".", omittingEmptySubsequences: false)
      .map { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) ? "*" : String($0) }.joined(separator: ".")
  }

  /// A (key, validator) pair.
  private struct RuleName: Hashable {
    var key: String
    var name: String
  }

  /// A condition of a field.
  private struct FieldCondition: Hashable {
    var field: Int
    var condition: ConditionTruth.Condition
  }
}

/// What one case's validation tells coverage: its failures and, validated in full, each condition's value.
struct RecordCoverage: Sendable {
  var failures: [ValidationFailure]
  var conditions: [ConditionTruth]
}

extension Character {
  /// `0` to `9`.
  fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

/// One check of a field: what it tests and its failure, as the plan builds them from the spec, and the
/// kernel's view of the same check, which `RecordPlan` fills from them when it flattens the plan into
/// `PlanTables.checks`.
///
/// One type for both: `parityRow` is set whenever `rule` is, and the pool offsets, numbers and targets are
/// derived from `rule` in one place (`RecordPlan.init`), on the copy in `PlanTables.checks`; in the plan's own
/// checks they keep their defaults. The kernel's members come first.
struct PlanCheck: Sendable {
  /// What `rule` tests: its row of `ParityTable`.
  private(set) var parityRow: ParityTable.Row
  /// Whether it runs live (`!`).
  var isLive: Bool
  /// Whether the pattern was JIT-compiled (then it is matched through PCRE2's JIT fast path).
  var isJIT = false
  /// `equal`'s target kind, nil for an argument nothing equals; a number or bool target's value (a bool
  /// as 1 or 0) is in `PlanTables.decimals`.
  var targetKind: ValueKind?
  /// The length of a length check, the neighbour's field number, or the index of an `<in>` or `<not_in>`
  /// list in `RecordPlan.valueLists`.
  var number = 0
  /// The pattern's index in `PlanTables.codes`, -1 for none.
  var regex = -1
  /// A text target's bytes.
  var target = PoolSpan(start: 0, count: 0)
  /// The failure, rendered.
  var fragment = PoolSpan(start: 0, count: 0)
  /// A number target (min/max value, equal to a number) as an `Int`, when it is an integer that fits.
  var targetInt: Int?
  /// What the check tests, its argument typed.
  var rule: CheckRule {
    didSet { parityRow = rule.parityRow }
  }
  /// The name failures report: without `!`.
  var name: String
  /// The argument as the spec wrote it.
  var argument: FormValue
  /// The failure reason, overrides applied and `%@` replaced.
  var reason: String

  init(rule: CheckRule, name: String, isLive: Bool, argument: FormValue, reason: String) {
    self.parityRow = rule.parityRow
    self.rule = rule
    self.name = name
    self.isLive = isLive
    self.argument = argument
    self.reason = reason
  }
}

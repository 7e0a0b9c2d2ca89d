/// A run of bytes in `RecordPlan.pool`.
struct PoolSpan {
  var start: Int32
  var count: Int32
}

/// What a field holds: nothing, a value of its type, or a value of another type.
enum ValueState: UInt8 {
  case missing, present, mismatch
}

/// One field of a `RecordPlan`.
struct PlanField {
  /// `<type>`, nil when the value is taken as submitted.
  var type: FieldType?
  var persist: Bool
  /// The field's checks in `RecordPlan.checks`.
  var checkStart: Int
  var checkCount: Int
  /// The keyboard pad whose characters are allowed, nil for none.
  var pad: KeyboardPad?
  var mismatchFragment: PoolSpan
  var keyboardFragment: PoolSpan
  /// The roots of `<visible_if>` and `<required_if>` in the plan's condition nodes, -1 for none.
  var visibleIf: Int32 = -1
  var requiredIf: Int32 = -1
  /// The `required_if` failure, rendered (empty without `<required_if>`).
  var requiredIfFragment = PoolSpan(start: 0, count: 0)
  /// The key as a JSON string, as a result's `hidden` lists it (empty for a form without `<visible_if>`).
  var hiddenKey = PoolSpan(start: 0, count: 0)
  /// The repeated group the field is in (`PlanTables.groups`), -1 outside groups.
  var group: Int32 = -1
}

/// One check of a `RecordPlan`.
struct PlanCheck {
  /// What the check tests: its row of `ParityTable`.
  var rule: ParityTable.Row
  var isLive: Bool
  /// The length of a length check, the neighbour's field number, or a registered check's index in
  /// `RecordPlan.registeredChecks`.
  var number: Int
  /// The pattern's index in `RecordPlan.codes`.
  var regex: Int
  /// `equal`'s target kind, nil for an argument nothing equals; a number or bool target's value (a bool
  /// as 1 or 0) is in `RecordPlan.decimals`.
  var targetKind: ValueKind?
  /// A text target's bytes.
  var target = PoolSpan(start: 0, count: 0)
  /// The failure, rendered.
  var fragment: PoolSpan
  /// A number target (min/max value, equal to a number) as an `Int`, when it is an integer that fits.
  var targetInt: Int?
  /// Whether the pattern was JIT-compiled (then it is matched through PCRE2's JIT fast path).
  var isJIT = false

  init(rule: ParityTable.Row, isLive: Bool, number: Int, regex: Int, fragment: PoolSpan) {
    self.rule = rule
    self.isLive = isLive
    self.number = number
    self.regex = regex
    self.fragment = fragment
  }
}

/// A piece of a valid record's output: fixed bytes, or a field's value.
struct TemplatePiece {
  /// The field whose value goes here, or -1 for `bytes`.
  var field: Int32
  var bytes: PoolSpan
}

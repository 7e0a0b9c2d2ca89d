/// A `<visible_if>` or `<required_if>` condition with its paths resolved to field numbers.
///
/// What the page, the schema and `diff` read of a condition. The kernel evaluates it as the `ConditionNode`s
/// `ConditionTableBuilder` flattens it into (`FastRecord.holds`, over each field's coerced value, hidden
/// fields read as missing).
indirect enum PlanCondition: Sendable {
  /// The value is present and is not `false` and not a number equal to 0.
  case truthy(Int)
  /// The value equals one of these by the `equal` rule; nil stands for missing.
  case equals(Int, [FieldValue?])
  case not(PlanCondition)
  /// True when every one holds (an empty list holds).
  case all([PlanCondition])
  /// True when one holds (an empty list does not).
  case any([PlanCondition])

  /// The condition of the model, each path's view found by its key in `numbers`; nil when a path names no
  /// field (the compiler has reported every such path, so a plan never lacks one).
  init?(_ condition: FieldCondition, numbers: [String: Int]) {
    switch condition {
    case .truthy(let path):
      guard let number = numbers[path.key] else { return nil }
      self = .truthy(number)
    case .equals(let path, let values):
      guard let number = numbers[path.key] else { return nil }
      // `null` compares with missing; a string, number or bool with a present value by the `equal` rule.
      self = .equals(number, values.map { FieldValue(argument: $0.value) })
    case .not(let inner):
      guard let inner = PlanCondition(inner, numbers: numbers) else { return nil }
      self = .not(inner)
    case .all(let conditions):
      let resolved = conditions.compactMap { PlanCondition($0, numbers: numbers) }
      guard resolved.count == conditions.count else { return nil }
      self = .all(resolved)
    case .any(let conditions):
      let resolved = conditions.compactMap { PlanCondition($0, numbers: numbers) }
      guard resolved.count == conditions.count else { return nil }
      self = .any(resolved)
    }
  }

  /// The field numbers the condition reads.
  var fieldNumbers: [Int] {
    switch self {
    case .truthy(let number), .equals(let number, _): return [number]
    case .not(let inner): return inner.fieldNumbers
    case .all(let conditions), .any(let conditions): return conditions.flatMap(\.fieldNumbers)
    }
  }
}

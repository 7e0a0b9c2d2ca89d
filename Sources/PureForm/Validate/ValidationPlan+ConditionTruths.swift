extension ValidationPlan {
  /// Every condition's value when the record `inputs` is validated in full: each `<visible_if>` in the order
  /// visibility is decided, and each visible view's `<required_if>`, evaluated by the same `PlanCondition`
  /// the run uses; in groups, per element.
  func conditionTruths(_ inputs: [FieldInput]) -> [ConditionTruth] {
    if !groups.isEmpty {
      var run = GroupRun(plan: self, options: RunOptions(), scratch: nil)
      run.truths = []
      _ = run.traverse(inputs)
      return run.truths ?? []
    }
    var states = states(inputs)
    var truths: [ConditionTruth] = []
    var hidden = [Bool](repeating: false, count: fields.count)
    for number in visibilityOrder {
      guard let condition = fields[number].visibleIf else { continue }
      let holds = condition.holds(states)
      truths.append(ConditionTruth(field: number, condition: .visibleIf, value: holds))
      if !holds {
        hidden[number] = true
        states[number] = .missing
      }
    }
    for number in fields.indices where !hidden[number] {
      guard let requiredIf = fields[number].requiredIf else { continue }
      truths.append(ConditionTruth(field: number, condition: .requiredIf, value: requiredIf.condition.holds(states)))
    }
    return truths
  }
}

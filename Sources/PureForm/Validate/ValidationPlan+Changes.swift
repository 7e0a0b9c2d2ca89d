extension ValidationPlan {
  /// The fields whose verdict reads one of `changed`, transitively, with `changed` themselves: what a
  /// validation of a change checks.
  ///
  /// A field reads its `equal_next` / `equal_previous` neighbour and its `<same_as>` target (it compares
  /// with their values) and every field its `<visible_if>` and `<required_if>` conditions read (they decide
  /// whether it is checked at all, and whether it must be filled). A field hidden by its condition reads as
  /// missing to the fields that read it, so a change that hides or shows it reaches them too, through it.
  func dependents(of changed: [Int]) -> [Bool] {
    let readers = self.readers
    var selected = [Bool](repeating: false, count: fields.count)
    var pending = changed
    for number in changed { selected[number] = true }
    while let number = pending.popLast() {
      for reader in readers[number] where !selected[reader] {
        selected[reader] = true
        pending.append(reader)
      }
    }
    return selected
  }

  /// For each field, the fields whose verdict reads it (`PlanField.readFields(_:)`), by field number.
  var readers: [[Int]] {
    var readers = [[Int]](repeating: [], count: fields.count)
    for (number, field) in fields.enumerated() {
      for read in field.readFields(conditions) { readers[read].append(number) }
    }
    return readers
  }
}

extension PlanField {
  /// The fields whose values this field's verdict reads: its neighbours, `<same_as>` target and bounds' views, and the
  /// fields its `<visible_if>` and `<required_if>` conditions (in the plan's `conditions`) read.
  func readFields(_ conditions: ConditionProgram) -> [Int] {
    var read: [Int] = []
    for check in checks {
      switch check.rule {
      case .equalField(let other), .bound(.field(let other), _, _): read.append(other)
      default: continue
      }
    }
    if let visibleIf { read += conditions.fieldNumbers(visibleIf) }
    if let requiredIf { read += conditions.fieldNumbers(requiredIf) }
    return read
  }
}

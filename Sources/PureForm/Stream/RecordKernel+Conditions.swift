extension RecordKernel {
  /// Whether the condition rooted at `node` (of the plan's `ConditionProgram`) holds for the record's coerced
  /// values: the one evaluation of a condition (the schema asks it too, `RecordPlan.holds`).
  ///
  /// A value that is not present (missing, a type mismatch, or hidden, which the caller has made missing)
  /// reads as missing, as a missing or mismatched `FieldState` has no value.
  static func holds(_ node: Int32, _ values: UnsafeMutablePointer<CoercedValue>, _ tables: PlanTables) -> Bool {
    let node = tables.conditionNodes[Int(node)]
    switch node.kind {
    case .truthy:
      let value = values[Int(node.field)]
      guard value.state == .present else { return false }
      switch value.kind {
      case .text: return true
      case .bool: return value.intValue == 1
      case .number:
        if value.isInt { return value.intValue != 0 }
        return (DecimalView(value.bytes, count: value.count)?.digitCount ?? 0) != 0
      }
    case .equals:
      let value = values[Int(node.field)]
      for index in Int(node.first)..<Int(node.first + node.count) {
        let target = tables.conditionTargets[index]
        switch (value.state == .present, target.state == .present) {
        case (false, false): return true
        case (true, true): if same(value, target, tables) { return true }
        default: continue
        }
      }
      return false
    case .not:
      return !holds(tables.conditionChildren[Int(node.first)], values, tables)
    case .all:
      for index in Int(node.first)..<Int(node.first + node.count)
      where !holds(tables.conditionChildren[index], values, tables) {
        return false
      }
      return true
    case .any:
      for index in Int(node.first)..<Int(node.first + node.count)
      where holds(tables.conditionChildren[index], values, tables) {
        return true
      }
      return false
    }
  }
}

extension RecordPlan {
  /// Whether the condition rooted at `node` holds for a record that gives no field a value: every field
  /// missing but `field`, which has its `<value>` (what a JSON Schema of a record without `field` can count
  /// on, `ConditionSchema`).
  func holds(_ node: Int32, givenOnlyInitialValueOf field: Int) -> Bool {
    let values = UnsafeMutablePointer<CoercedValue>.allocate(capacity: tables.fieldCount)
    defer { values.deallocate() }
    for index in 0..<tables.fieldCount {
      values[index] = CoercedValue(bytes: tables.pool)
      values[index].state = .missing
    }
    values[field] = tables.initials[field]
    return RecordKernel.holds(node, values, tables)
  }
}

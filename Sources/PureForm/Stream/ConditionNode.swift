/// One node of a `PlanCondition` flattened for the kernel: the plan's conditions live in one table of
/// nodes, each `<visible_if>` and `<required_if>` named by the index of its root.
struct ConditionNode {
  /// Which `PlanCondition` case the node is.
  enum Kind: UInt8 {
    case truthy, equals, not, all, any
  }

  var kind: Kind
  /// The field a `truthy` or `equals` node reads.
  var field: Int32
  /// `equals`: its targets, `count` from `first` in the targets table; `not`, `all`, `any`: the indices of
  /// their nodes, `count` from `first` in the children table.
  var first: Int32
  var count: Int32
}

/// Collects the condition tables of a plan while it is built, from the plan's `PlanCondition`s.
struct ConditionTableBuilder {
  var nodes: [ConditionNode] = []
  var children: [Int32] = []
  /// The `equals` targets, nil for missing.
  var targets: [FieldValue?] = []

  /// Adds `condition`'s nodes and returns the index of its root.
  mutating func add(_ condition: PlanCondition) -> Int32 {
    switch condition {
    case .truthy(let number):
      return append(ConditionNode(kind: .truthy, field: Int32(number), first: 0, count: 0))
    case .equals(let number, let values):
      let first = Int32(targets.count)
      targets += values
      return append(ConditionNode(kind: .equals, field: Int32(number), first: first, count: Int32(values.count)))
    case .not(let inner):
      return append(kind: .not, [inner])
    case .all(let conditions):
      return append(kind: .all, conditions)
    case .any(let conditions):
      return append(kind: .any, conditions)
    }
  }

  /// Adds a node over `conditions`, whose own nodes are added first so that its children stay together.
  private mutating func append(kind: ConditionNode.Kind, _ conditions: [PlanCondition]) -> Int32 {
    let roots = conditions.map { add($0) }
    let first = Int32(children.count)
    children += roots
    return append(ConditionNode(kind: kind, field: -1, first: first, count: Int32(roots.count)))
  }

  private mutating func append(_ node: ConditionNode) -> Int32 {
    nodes.append(node)
    return Int32(nodes.count - 1)
  }
}

extension FastRecord {
  /// Whether the condition rooted at `node` holds for the record's coerced values: the one evaluation of a
  /// condition (the schema asks it too, `RecordPlan.holds`).
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
    values[field] = FastRecord.value(of: tables.fields[field].initial, tables)
    return FastRecord.holds(node, values, tables)
  }
}

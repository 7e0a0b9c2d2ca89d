/// One node of a `<visible_if>` or `<required_if>` condition, its paths resolved to field numbers: a form's
/// conditions live in one table of nodes (`ConditionProgram`), each condition named by the index of its root.
///
/// The one form of a condition: the kernel evaluates it (`RecordKernel.holds`, over each field's coerced
/// value, hidden fields read as missing), and the page, the schema and `diff` read it.
struct ConditionNode: Sendable {
  /// What the node tests.
  enum Kind: UInt8, Sendable {
    /// The value is present and is not `false` and not a number equal to 0.
    case truthy
    /// The value equals one of the node's targets by the `equal` rule; a nil target stands for missing.
    case equals
    case not
    /// True when every child holds (none: true).
    case all
    /// True when one child holds (none: false).
    case any
  }

  var kind: Kind
  /// The field a `truthy` or `equals` node reads.
  var field: Int32
  /// `equals`: its targets, `count` from `first` in the targets table; `not`, `all`, `any`: the indices of
  /// their nodes, `count` from `first` in the children table.
  var first: Int32
  var count: Int32
}

/// A form's conditions as one table of `ConditionNode`s, the children of `not`, `all` and `any`, and the
/// values `equals` compares with; built once with the plan.
struct ConditionProgram: Sendable {
  var nodes: [ConditionNode] = []
  var children: [Int32] = []
  /// The `equals` targets, nil for missing.
  var targets: [FieldValue?] = []

  /// Adds the nodes of the model's `condition`, each path's view found by its key in `numbers`, and returns
  /// the index of its root; nil (adding nothing) when a path names no field (the compiler has reported every
  /// such path, so a plan never lacks one).
  mutating func add(_ condition: FieldCondition, numbers: [String: Int]) -> Int32? {
    guard condition.paths.allSatisfy({ numbers[$0.key] != nil }) else { return nil }
    return append(condition, numbers)
  }

  private mutating func append(_ condition: FieldCondition, _ numbers: [String: Int]) -> Int32 {
    switch condition {
    case .truthy(let path):
      return append(ConditionNode(kind: .truthy, field: Int32(numbers[path.key] ?? 0), first: 0, count: 0))
    case .equals(let path, let values):
      let first = Int32(targets.count)
      // `null` compares with missing; a string, number or bool with a present value by the `equal` rule.
      targets += values.map { FieldValue(argument: $0.value) }
      return append(
        ConditionNode(
          kind: .equals, field: Int32(numbers[path.key] ?? 0), first: first, count: Int32(values.count)))
    case .not(let inner): return append(kind: .not, [inner], numbers)
    case .all(let conditions): return append(kind: .all, conditions, numbers)
    case .any(let conditions): return append(kind: .any, conditions, numbers)
    }
  }

  /// Adds a node over `conditions`, whose own nodes are added first so that its children stay together.
  private mutating func append(kind: ConditionNode.Kind, _ conditions: [FieldCondition], _ numbers: [String: Int])
    -> Int32
  {
    let roots = conditions.map { append($0, numbers) }
    let first = Int32(children.count)
    children += roots
    return append(ConditionNode(kind: kind, field: -1, first: first, count: Int32(roots.count)))
  }

  private mutating func append(_ node: ConditionNode) -> Int32 {
    nodes.append(node)
    return Int32(nodes.count - 1)
  }

  /// The node at `index`.
  subscript(_ index: Int32) -> ConditionNode { nodes[Int(index)] }

  /// The nodes a `not`, `all` or `any` node is over, in order; none for `truthy` and `equals`.
  func children(of node: ConditionNode) -> ArraySlice<Int32> {
    switch node.kind {
    case .truthy, .equals: return []
    case .not, .all, .any: return children[Int(node.first)..<Int(node.first + node.count)]
    }
  }

  /// The values an `equals` node compares with, in order (nil: missing); none for other nodes.
  func targets(of node: ConditionNode) -> ArraySlice<FieldValue?> {
    guard node.kind == .equals else { return [] }
    return targets[Int(node.first)..<Int(node.first + node.count)]
  }

  /// The field numbers the condition rooted at `root` reads, in the order written.
  func fieldNumbers(_ root: Int32) -> [Int] {
    let node = self[root]
    switch node.kind {
    case .truthy, .equals: return [Int(node.field)]
    case .not, .all, .any: return children(of: node).flatMap(fieldNumbers)
    }
  }
}

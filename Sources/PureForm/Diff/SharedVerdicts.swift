/// What OLD and NEW decide alike, so that `pureform diff --records` reads each record once and runs only
/// OLD's checks that differ from NEW's.
///
/// Built when both forms have no repeated groups and every OLD field's key is a NEW field's. An OLD field
/// is *alike* its NEW namesake when everything its verdict depends on is the same: its type, `<value>`,
/// keyboard pad and checks (validator, argument, neighbour by key), its `<visible_if>` and `<required_if>`
/// (the same conditions on the same keys), no transformer or validator written in code, and every field its
/// verdict reads (`PlanField.readFields`) alike too. For the same member values an alike field then fails
/// under OLD exactly when it fails under NEW (with every failure or the first, a field fails or it does not).
/// So OLD's verdict is: invalid when NEW fails an alike field, else OLD's checks of the other fields, on
/// the values NEW's engine read (`RecordEngine.adoptFlat`).
struct SharedVerdicts: Sendable {
  /// For each OLD field, the NEW field of its key.
  let sources: [Int32]
  /// For each OLD field, whether its verdict is NEW's (see above); OLD checks the others (`checked`).
  let alike: [Bool]
  let checked: [Bool]
  /// For each of NEW's failure fragments (by its start in NEW's pool), whether it is a failure of a field
  /// alike in OLD: such a failure makes OLD's verdict invalid without OLD running.
  let decidesOld: [Bool]

  /// NEW's plan with a field for each OLD key NEW has not, after NEW's own (`newFieldCount`): read, never
  /// checked or written, so that NEW's engine reads every member either form reads; nil when both forms are
  /// not flat.
  static func readingPlan(old: ValidationPlan, new: ValidationPlan) -> ValidationPlan? {
    guard old.groups.isEmpty, new.groups.isEmpty, !old.fields.isEmpty else { return nil }
    var plan = new
    for field in old.fields where plan.fieldNumbers[field.key] == nil {
      var read = field
      read.checks = []
      read.visibleIf = nil
      read.requiredIf = nil
      read.transformer = nil
      read.persist = false
      plan.fieldNumbers[read.key] = plan.fields.count
      plan.fields.append(read)
    }
    plan.lookup = InputLookup(fields: plan.fields)
    return plan
  }

  /// The shared verdicts of `old` and `new` (on `readingPlan`, whose first `newFieldCount` fields are NEW's),
  /// or nil when the pass must run both kernels whole.
  init?(old: RecordPlan, new: RecordPlan, newFieldCount: Int) {
    let before = old.validation
    let after = new.validation
    guard before.groups.isEmpty, after.groups.isEmpty, !before.fields.isEmpty, old.takesRecords, new.takesRecords else {
      return nil
    }
    var sources: [Int32] = []
    for field in before.fields {
      guard let source = after.fieldNumbers[field.key] else { return nil }
      sources.append(Int32(source))
    }
    // A field NEW only reads for OLD is never alike: NEW does not check it.
    var alike = before.fields.indices.map { number in
      Int(sources[number]) < newFieldCount
        && SharedVerdicts.same(before.fields[number], before, after.fields[Int(sources[number])], after)
    }
    // A field that reads a field OLD decides otherwise is decided otherwise too, until none is added.
    var pending = alike.indices.filter { !alike[$0] }
    while let number = pending.popLast() {
      for reader in old.readers[number] where alike[reader] {
        alike[reader] = false
        pending.append(reader)
      }
    }
    var decidesOld = [Bool](repeating: false, count: new.poolSize)
    var alikeNew = [Bool](repeating: false, count: after.fields.count)
    for number in alike.indices where alike[number] { alikeNew[Int(sources[number])] = true }
    for (start, failure) in new.failureOfFragment {
      if let field = after.fieldNumbers[failure.key], alikeNew[field] { decidesOld[Int(start)] = true }
    }
    self.sources = sources
    self.alike = alike
    self.checked = alike.map { !$0 }
    self.decidesOld = decidesOld
  }

  /// Whether OLD's field `lhs` decides as NEW's field `rhs` does, its own parts compared (what it reads is
  /// the caller's).
  private static func same(_ lhs: PlanField, _ old: ValidationPlan, _ rhs: PlanField, _ new: ValidationPlan)
    -> Bool
  {
    guard lhs.type == rhs.type, lhs.initialValue == rhs.initialValue, lhs.keyboard == rhs.keyboard,
      lhs.transformer == nil, rhs.transformer == nil, lhs.checks.count == rhs.checks.count
    else { return false }
    for (left, right) in zip(lhs.checks, rhs.checks) {
      guard left.name == right.name, left.argument == right.argument, left.rule.parityRow == right.rule.parityRow else {
        return false
      }
      switch (left.rule, right.rule) {
      case (.registered, _), (_, .registered): return false
      case (.equalField(let leftNeighbour), .equalField(let rightNeighbour)):
        guard old.fields[leftNeighbour].key == new.fields[rightNeighbour].key else { return false }
      case (.bound(.field(let leftField), _, _), .bound(.field(let rightField), _, _)):
        guard old.fields[leftField].key == new.fields[rightField].key else { return false }
      case (.bound(.field, _, _), .bound), (.bound, .bound(.field, _, _)): return false
      case (.format(_, let leftSchemes), .format(_, let rightSchemes)):
        guard leftSchemes == rightSchemes else { return false }
      default: break
      }
    }
    switch (lhs.visibleIf, rhs.visibleIf) {
    case (nil, nil): break
    case (let left?, let right?): guard same(left, old, right, new) else { return false }
    default: return false
    }
    switch (lhs.requiredIf, rhs.requiredIf) {
    case (nil, nil): return true
    case (let left?, let right?): return same(left, old, right, new)
    default: return false
    }
  }

  /// Whether two conditions are the same tests of the same keys.
  private static func same(_ lhs: Int32, _ old: ValidationPlan, _ rhs: Int32, _ new: ValidationPlan) -> Bool {
    let left = old.conditions[lhs]
    let right = new.conditions[rhs]
    guard left.kind == right.kind else { return false }
    switch left.kind {
    case .truthy: return old.fields[Int(left.field)].key == new.fields[Int(right.field)].key
    case .equals:
      return old.fields[Int(left.field)].key == new.fields[Int(right.field)].key
        && old.conditions.targets(of: left).elementsEqual(new.conditions.targets(of: right))
    case .not, .all, .any:
      return left.count == right.count
        && zip(old.conditions.children(of: left), new.conditions.children(of: right)).allSatisfy {
          same($0, old, $1, new)
        }
    }
  }
}

extension ValidationPlan {
  /// The fields whose value differs between two records, by field number, in spec order.
  ///
  /// Each field's value is compared as validators see it (its input or `<value>`, transformed, coerced to
  /// its `<type>`): both missing is no change; two present values are the same when they are of one kind
  /// after coercion and equal by the `equal` rule (`1.0` and `1`; on a `number` view `"16"` and `16`, on a
  /// `bool` view `"on"` and `true`; on an untyped view `"1"` and `1` differ in kind); where the keyboard
  /// check applies to the field (`keyboardTypeValidation` and a keyboard that restricts its characters),
  /// text and non-text also differ, since that check reads text only; two values that fail coercion are
  /// the same when they are the same JSON.
  func changedFields(old: [FieldInput], new: [FieldInput]) -> [Int] {
    fields.indices.filter { differs($0, old[$0], new[$0]) }
  }

  /// Whether field `number` holds a different value sent as `old` and as `new`, compared as
  /// `changedFields` compares them.
  func differs(_ number: Int, _ old: FieldInput, _ new: FieldInput) -> Bool {
    switch (state(of: number, input: old), state(of: number, input: new)) {
    case (.missing, .missing): return false
    case (.present(let left, let leftString), .present(let right, let rightString)):
      let keyboardReadsText = fields[number].keyboard != nil
      return left.kind != right.kind || (keyboardReadsText && leftString != rightString)
        || !FieldValue.same(left, right)
    case (.mismatch, .mismatch):
      return rawValue(number, old) != rawValue(number, new)
    default: return true
    }
  }

  /// A field's value before coercion: its input or `<value>`, transformed.
  private func rawValue(_ number: Int, _ input: FieldInput) -> FormValue? {
    let field = fields[number]
    return (input ?? field.initialValue).map { value in field.transformer?(value) ?? value }
  }

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

  /// For each field, the fields whose verdict reads it (`PlannedField.readFields`), by field number.
  var readers: [[Int]] {
    var readers = [[Int]](repeating: [], count: fields.count)
    for (number, field) in fields.enumerated() {
      for read in field.readFields { readers[read].append(number) }
    }
    return readers
  }
}

extension PlannedField {
  /// The fields whose values this field's verdict reads: its neighbours and `<same_as>` target, and the
  /// fields its `<visible_if>` and `<required_if>` conditions read.
  var readFields: [Int] {
    var read: [Int] = []
    for check in checks {
      if case .equalField(let other) = check.rule { read.append(other) }
    }
    if let visibleIf { read += visibleIf.fieldNumbers }
    if let requiredIf { read += requiredIf.condition.fieldNumbers }
    return read
  }
}

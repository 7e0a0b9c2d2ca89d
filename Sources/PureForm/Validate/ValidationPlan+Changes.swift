/// A view, or a group's count, at one element: the field (or group) number and the indices of the elements
/// it is in (`items.3.name` is `items.*.name` at `[3]`; the count of `items` is the group at `[]`).
struct ConcreteView: Hashable, Sendable {
  var number: Int
  var indices: [Int]
}

/// What the validation of an edit checks: views, and group counts (with the elements that are not objects),
/// at their elements.
struct ConcreteSelection: Sendable {
  var views: Set<ConcreteView> = []
  var counts: Set<ConcreteView> = []
}

extension ValidationPlan {
  /// What an edit checks, and the keys it changed, from what each record held (its views' values at their
  /// elements, and its groups' counts, as the kernel reads them), as `RecordEnginePool.validateChange`
  /// describes; `readers` are the plan's (`readers`), and `differs` compares a view's value in the stored
  /// record and the new one.
  func changeSelection<Value>(
    from before: (values: [ConcreteView: Value], counts: [ConcreteView: Int]),
    to after: (values: [ConcreteView: Value], counts: [ConcreteView: Int]), readers: [[Int]],
    differs: (ConcreteView, Value, Value) -> Bool
  ) -> (selection: ConcreteSelection, changed: [String]) {
    var selection = ConcreteSelection()
    var changed: [(order: Int, indices: [Int], key: String)] = []
    for (view, input) in after.values {
      guard before.values[view].map({ differs(view, $0, input) }) ?? true else { continue }
      selection.views.insert(view)
      changed.append((view.number, view.indices, GroupKey.concrete(fields[view.number].key, indices: view.indices)))
    }
    for (place, count) in after.counts where before.counts[place] != count {
      selection.counts.insert(place)
      let group = groups[place.number]
      // A count is at the enclosing elements' indices; an element that is not an object, one index deeper.
      let isElement = place.indices.count >= depth(of: group)
      let key =
        isElement
        ? GroupKey.concrete(group.key, indices: place.indices.dropLast()) + "." + String(place.indices.last ?? 0)
        : GroupKey.concrete(group.key, indices: place.indices)
      changed.append((group.anchor, place.indices, key))
    }
    // The views that read a selected view, at the elements where they read it, until none is added.
    var places = [[[Int]]](repeating: [], count: fields.count)
    for view in after.values.keys { places[view.number].append(view.indices) }
    var pending = Array(selection.views)
    while let view = pending.popLast() {
      for reader in readers[view.number] {
        for indices in places[reader] where indices.starts(with: view.indices) {
          let readerView = ConcreteView(number: reader, indices: indices)
          if selection.views.insert(readerView).inserted { pending.append(readerView) }
        }
      }
    }
    changed.sort { $0.order != $1.order ? $0.order < $1.order : $0.indices.lexicographicallyPrecedes($1.indices) }
    return (selection, changed.map(\.key))
  }

  /// The number of groups `group` is inside of, itself included: the indices a view of it has.
  private func depth(of group: PlanGroup) -> Int {
    var depth = 1
    var parent = group.parent
    while let outer = parent {
      depth += 1
      parent = groups[outer].parent
    }
    return depth
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

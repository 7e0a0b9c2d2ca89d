/// A view, or a group's count, at one element: the field (or group) number and the indices of the elements
/// it is in (`items.3.name` is `items.*.name` at `[3]`; the count of `items` is the group at `[]`).
struct ConcreteView: Hashable, Sendable {
  var number: Int
  var indices: [Int]
}

/// What the validation of an edit of a grouped record checks: views, and group counts (with the elements
/// that are not objects), at their elements.
struct ConcreteSelection: Sendable {
  var views: Set<ConcreteView> = []
  var counts: Set<ConcreteView> = []
}

extension ValidationPlan {
  /// Validates what changed from `old` to `new` in a form with repeated groups, as `validateChange` does
  /// without them, element by element.
  ///
  /// A view at an element changed when its value differs (as `differs` compares them), or when the element
  /// is new (the stored record has no element there); a group's count changed when its element count
  /// differs (or it is not an array on one side). What is checked is every changed view, every view that
  /// reads one of them (in its own element, or in an element of a group inside that one), transitively,
  /// and the `<items>` bounds and array checks of every group whose count changed. `changed` lists the
  /// changed views' concrete keys and the groups whose count changed, in spec order, then element order.
  func validateGroupedChange(from old: [FieldInput], to new: [FieldInput], options: RunOptions)
    -> ChangeValidationResult
  {
    let (selection, changed) = changeSelection(from: groupReading(old), to: groupReading(new)) { view, left, right in
      differs(view.number, left, right)
    }
    var options = options
    options.concreteSelection = selection
    return ChangeValidationResult(result: run(new, options: options), changed: changed)
  }

  /// What an edit of a grouped record checks, and the keys it changed, from what each record held (its views'
  /// values at their elements, and its groups' counts, as `groupReading` reads them), as
  /// `validateGroupedChange` describes; `differs` compares a view's value in the stored record and the new one.
  ///
  /// Both engines decide an edit with it: the plan on values it read as `FieldInput`s, the record kernel on
  /// the values it read from bytes.
  func changeSelection<Value>(
    from before: (values: [ConcreteView: Value], counts: [ConcreteView: Int]),
    to after: (values: [ConcreteView: Value], counts: [ConcreteView: Int]),
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
    let readers = self.readers
    var places: [Int: [[Int]]] = [:]
    for view in after.values.keys { places[view.number, default: []].append(view.indices) }
    var pending = Array(selection.views)
    while let view = pending.popLast() {
      for reader in readers[view.number] {
        for indices in places[reader] ?? [] where Array(indices.prefix(view.indices.count)) == view.indices {
          let readerView = ConcreteView(number: reader, indices: indices)
          if selection.views.insert(readerView).inserted { pending.append(readerView) }
        }
      }
    }
    changed.sort { $0.order != $1.order ? $0.order < $1.order : $0.indices.lexicographicallyPrecedes($1.indices) }
    return (selection, changed.map(\.key))
  }

  /// The number of groups `group` is inside of, itself included: the indices a view of it has.
  private func depth(of group: PlannedGroup) -> Int {
    var depth = 1
    var parent = group.parent
    while let outer = parent {
      depth += 1
      parent = groups[outer].parent
    }
    return depth
  }
}

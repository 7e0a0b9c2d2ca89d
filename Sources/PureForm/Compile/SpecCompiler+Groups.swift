/// Repeated groups: `*` segments in `<key>` (PF801), `<items>` (PF802, PF803), and the checks over the whole
/// form (bounds merged per group, PF804; neighbours within one group, PF805; keys inside a group's array,
/// PF806; `required` in a group that may be empty, the device's difference, PF808). Binding paths into a
/// group from outside it (PF807) are checked with the other paths (`SpecCompiler+ConditionPaths`).
extension SpecCompiler {
  /// Reports a `*` segment with no name before it or right after another `*`; false when one is found.
  mutating func checkGroupSegments(_ text: String, at range: SourceRange) -> Bool {
    let segments = DottedKey.segments(of: text)
    if segments.first == GroupKey.star {
      report(
        .malformedGroupKey, "key '\(text)' starts with '*': a repeated group needs a name before its '*'",
        at: range, notes: [DiagnosticNote("write the array's name first, as in 'items.*.name'")])
      return false
    }
    for index in segments.indices.dropFirst()
    where segments[index] == GroupKey.star && segments[index - 1] == GroupKey.star {
      report(
        .malformedGroupKey, "key '\(text)' has '*' right after '*': an element of a group cannot be an array",
        at: range, notes: [DiagnosticNote("name the inner array: 'matrix.*.row.*'")])
      return false
    }
    return true
  }

  /// Reads `<items>`: `{"min": N, "max": M}`, each optional, non-negative integers, on a view of a group.
  mutating func compileItems(_ member: JSONMember, key: DottedKey?) -> ItemBounds? {
    guard
      let entries = expect(
        \.asObject, of: member.value, .malformedItems, "'<items>' must be an object {\"min\": N, \"max\": M}")
    else { return nil }
    var bounds = ItemBounds()
    var broken = false
    for entry in distinctMembers(entries) {
      guard entry.key == "min" || entry.key == "max" else {
        report(
          .malformedItems, "'<items>' takes 'min' and 'max', found '\(entry.key)'", at: entry.keyRange,
          notes: Suggestion.notes(entry.key, among: ["min", "max"]))
        broken = true
        continue
      }
      guard case .number(let text) = entry.value.kind, let count = ExactDecimal(text)?.intValue, count >= 0 else {
        report(
          .malformedItems,
          "'<items>' '\(entry.key)' must be a non-negative integer, found \(entry.value.kind.describedWithArticle)",
          at: entry.value.range)
        broken = true
        continue
      }
      let bound = ItemBounds.Bound(value: count, range: entry.value.range, keyRange: entry.keyRange)
      if entry.key == "min" { bounds.min = bound } else { bounds.max = bound }
    }
    if let min = bounds.min, let max = bounds.max, min.value > max.value {
      report(
        .malformedItems, "'<items>' 'min' \(min.value) is greater than 'max' \(max.value)", at: min.range,
        notes: [DiagnosticNote("'max' is here", at: max.range)])
      broken = true
    }
    if let key, GroupKey.groups(of: key.text).isEmpty {
      report(
        .itemsOutsideGroup, "'<items>' bounds a repeated group, but key '\(key)' has no '*'", at: member.keyRange,
        notes: [DiagnosticNote("a view of the group 'NAME' has a key 'NAME.*.…' or 'NAME.*'")])
      return nil
    }
    return broken ? nil : bounds
  }

  /// The checks over the whole form that repeated groups need.
  mutating func checkGroups(in model: FormModel) {
    var views: [(key: DottedKey, field: FormField)] = []
    for section in model.sections {
      for cell in section.cells {
        for view in cell.views {
          if let field = view.field, let key = field.key { views.append((key, field)) }
        }
      }
    }
    guard views.contains(where: { $0.field.isGrouped }) else { return }
    checkKeysInsideArrays(views)
    let bounds = mergeBounds(views)
    checkGroupNeighbours(model)
    checkRequiredInEmptyGroups(views, bounds: bounds)
  }

  /// Reports a key that names a member of a group's array (`items.count` beside `items.*.name`).
  private mutating func checkKeysInsideArrays(_ views: [(key: DottedKey, field: FormField)]) {
    var arrays: [String: DottedKey] = [:]
    for (key, _) in views {
      for group in GroupKey.groups(of: key.text) where arrays[group] == nil { arrays[group] = key }
    }
    for (key, _) in views {
      let segments = key.segments
      for end in segments.indices.dropLast() {
        let prefix = segments[...end].joined(separator: ".")
        guard let element = arrays[prefix], segments[end + 1] != GroupKey.star else { continue }
        report(
          .keyInsideGroupArray,
          "key '\(key)' puts a value inside '\(prefix)', which is the array of a repeated group",
          at: key.range, notes: [DiagnosticNote("the group is '\(prefix).*' here", at: element.range)])
        break
      }
    }
  }

  /// The bounds of each group, by its key, merged over its views; reports a bound given twice differently.
  private mutating func mergeBounds(_ views: [(key: DottedKey, field: FormField)]) -> [String: ItemBounds] {
    var merged: [String: ItemBounds] = [:]
    for (key, field) in views {
      guard let items = field.items, let group = GroupKey.innermostGroup(of: key.text) else { continue }
      var bounds = merged[group] ?? ItemBounds()
      for (name, side) in [("min", \ItemBounds.min), ("max", \ItemBounds.max)] {
        guard let bound = items[keyPath: side] else { continue }
        guard let earlier = bounds[keyPath: side] else {
          bounds[keyPath: side] = bound
          continue
        }
        if earlier.value != bound.value {
          report(
            .conflictingItems,
            "group '\(group)' gets '\(name)' \(bound.value) here and \(earlier.value) on another view",
            at: bound.range, notes: [DiagnosticNote("'\(name)' is first given here", at: earlier.range)])
        }
      }
      if let min = bounds.min, let max = bounds.max, min.value > max.value {
        report(
          .malformedItems, "group '\(group)' gets 'min' \(min.value), greater than its 'max' \(max.value)",
          at: (items.min ?? items.max ?? min).range,
          notes: [
            DiagnosticNote("'min' is given here", at: min.range), DiagnosticNote("'max' is given here", at: max.range),
          ])
        bounds.min = nil
      }
      merged[group] = bounds
    }
    return merged
  }

  /// Reports `equal_next` / `equal_previous` whose neighbour view is not in the same innermost group.
  private mutating func checkGroupNeighbours(_ model: FormModel) {
    for section in model.sections {
      for (row, cell) in section.cells.enumerated() {
        for view in cell.formViews {
          guard let field = view.field else { continue }
          for validator in field.validators where validator.kind == .equalNext || validator.kind == .equalPrevious {
            let neighbourRow = row + (validator.kind == .equalNext ? 1 : -1)
            guard section.cells.indices.contains(neighbourRow),
              let neighbour = section.cells[neighbourRow].formViews.first?.field
            else { continue }
            let own = field.key.flatMap { GroupKey.innermostGroup(of: $0.text) }
            let other = neighbour.key.flatMap { GroupKey.innermostGroup(of: $0.text) }
            guard own != other else { continue }
            let ownName = own.map { "in group '\($0)'" } ?? "outside any group"
            let otherName = other.map { "in group '\($0)'" } ?? "outside any group"
            report(
              .neighbourOutsideGroup,
              "'\(validator.kind.rawValue)' compares a view \(ownName) with a neighbour \(otherName)",
              at: validator.range,
              notes: [
                DiagnosticNote(
                  "the neighbour '\(neighbour.key?.text ?? "")' is here", at: section.cells[neighbourRow].range),
                DiagnosticNote("neighbours compare within one element: put both views in the same group"),
              ])
          }
        }
      }
    }
  }

  /// Warns on `required` in a group whose count may be 0: the device validates the literal key
  /// `items.*.name` as one field and fails it when empty; the server sees an empty array and passes.
  private mutating func checkRequiredInEmptyGroups(
    _ views: [(key: DottedKey, field: FormField)], bounds: [String: ItemBounds]
  ) {
    for (key, field) in views {
      guard let required = field.validators.first(where: { $0.kind == .required }),
        let group = GroupKey.groups(of: key.text).first(where: { (bounds[$0]?.min?.value ?? 0) < 1 })
      else { continue }
      report(
        .requiredInEmptyGroup,
        "'required' on '\(key)' passes when group '\(group)' is empty: the device fails its literal key there",
        at: required.range,
        notes: [
          DiagnosticNote(
            "PureForm validates '\(key)' as one field; the server validates each element of '\(group)' and an empty array has none"
          ),
          DiagnosticNote("give a view of the group '<items>': {\"min\": 1} to require an element"),
        ])
    }
  }
}

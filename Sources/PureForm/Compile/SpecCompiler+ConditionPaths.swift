extension SpecCompiler {
  /// Checks every binding path of the form's conditions and `<same_as>` once every view is known: each must
  /// name a form view (PF701, with "did you mean"), a compared value must be one the view can hold after its
  /// `<type>` coercion (PF705), and `<visible_if>` conditions must not depend on each other in a cycle
  /// (PF706, listing it).
  mutating func checkConditionPaths(in model: FormModel) {
    var fields: [(key: String, field: FormField)] = []
    var unknownIndex = 0
    for (_, field) in model.formViews {
      if let key = field.key {
        fields.append((key.description, field))
      } else {
        fields.append(("unknown_key_\(unknownIndex)", field))
        unknownIndex += 1
      }
    }
    guard fields.contains(where: { $0.field.hasConditions }) else { return }
    var types: [String: FieldType?] = [:]
    for (key, field) in fields where types[key] == nil { types[key] = .some(field.type) }
    let groups = Set(fields.flatMap { GroupKey.groups(of: $0.key) })
    let candidates = fields.map {
      $0.key.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
    }

    for (key, field) in fields {
      let conditions = [field.visibleIf, field.requiredIf].compactMap { $0?.condition }
      let paths =
        conditions.flatMap(\.paths) + [field.sameAs, field.minimum?.path, field.maximum?.path].compactMap { $0 }
      checkGroupScopes(paths, from: key, types: types)
      for path in paths where types[path.key] == nil {
        if let starred = Self.starred(path.key, groups: groups), types[starred] != nil {
          var inside = path
          inside.key = starred
          checkGroupScopes([inside], from: key, types: types)
          continue
        }
        // Under a prefix, the suggestion is a path under it, as the path is written.
        let under = path.prefix.map { $0.split(separator: ".").joined(separator: "/") + "/" } ?? ""
        let nearby = candidates.filter { $0.hasPrefix(under) }.map { String($0.dropFirst(under.count)) }
        report(
          .unknownBindingPath, "binding path '\(path.text)' names no form view", at: path.range,
          notes: Suggestion.notes(
            path.path.segments.joined(separator: "/"), among: nearby,
            written: { (path.path.isAbsolute ? "/" : "") + $0 }))
      }
      for condition in conditions { checkComparisons(condition, types: types) }
    }
    checkVisibilityCycles(fields)
  }

  /// `key` with a `*` after each prefix that is a group's array (`items.name` → `items.*.name`), nil when
  /// no prefix is one.
  private static func starred(_ key: String, groups: Set<String>) -> String? {
    guard !groups.isEmpty else { return nil }
    var segments: [String] = []
    var changed = false
    for segment in DottedKey.segments(of: key) {
      segments.append(segment)
      if groups.contains(segments.joined(separator: ".")) {
        segments.append(GroupKey.star)
        changed = true
      }
    }
    return changed ? segments.joined(separator: ".") : nil
  }

  /// Reports a path that names a view inside a repeated group the view `key` is not in: which element it
  /// means is unknown.
  private mutating func checkGroupScopes(_ paths: [ConditionPath], from key: String, types: [String: FieldType?]) {
    let own = GroupKey.groups(of: key)
    for path in paths where types[path.key] != nil {
      let target = GroupKey.groups(of: path.key)
      guard target.count > own.count || zip(target, own).contains(where: { $0 != $1 }) else { continue }
      let group = target.first { !own.contains($0) } ?? target[target.count - 1]
      report(
        .pathIntoGroup,
        "binding path '\(path.text)' names view '\(path.key)' inside group '\(group)', which view '\(key)' is not in",
        at: path.range,
        notes: [
          DiagnosticNote(
            "a path reads the view's own element or an enclosing one; which element of '\(group)' is meant is unknown")
        ])
    }
  }

  /// Reports the values of `condition` that the view they are compared with can never hold.
  private mutating func checkComparisons(_ condition: FieldCondition, types: [String: FieldType?]) {
    switch condition {
    case .truthy: return
    case .equals(let path, let values):
      guard let type = types[path.key] ?? nil else { return }
      for value in values where !Self.canHold(type, value.value) {
        report(
          .comparisonNeverHeld,
          "view '\(path.key)' never holds \(value.value.description): its '<type>' is '\(type.rawValue)'",
          at: value.range,
          notes: [DiagnosticNote("a '\(type.rawValue)' view holds \(Self.heldKinds(type)) after coercion")])
      }
    case .not(let inner): checkComparisons(inner, types: types)
    case .all(let conditions), .any(let conditions):
      for inner in conditions { checkComparisons(inner, types: types) }
    }
  }

  /// Whether a view of `type` can hold a value equal to `value` by the `equal` rule (`null`: missing,
  /// which every view can be).
  private static func canHold(_ type: FieldType, _ value: FormValue) -> Bool {
    switch (type, value) {
    case (_, .null): return true
    case (.text, .string), (.image, .string): return true
    case (.number, .number), (.number, .bool), (.integer, .bool): return true
    case (.integer, .number(let text)): return ExactDecimal(text)?.isInteger == true
    case (.bool, .bool): return true
    case (.bool, .number(let text)):
      return ExactDecimal(text) == ExactDecimal(0) || ExactDecimal(text) == ExactDecimal(1)
    default: return false
    }
  }

  /// What a view of `type` holds once coerced, for the note.
  private static func heldKinds(_ type: FieldType) -> String {
    switch type {
    case .text, .image: return "strings"
    case .number: return "numbers"
    case .integer: return "integral numbers"
    case .bool: return "true or false"
    }
  }

  /// Reports `<visible_if>` conditions that read their own view, directly or through other views' ones.
  private mutating func checkVisibilityCycles(_ fields: [(key: String, field: FormField)]) {
    var conditionOf: [String: WrittenCondition] = [:]
    for (key, field) in fields {
      if let visibleIf = field.visibleIf, conditionOf[key] == nil { conditionOf[key] = visibleIf }
    }
    var state: [String: Int] = [:]  // 1 visiting, 2 done
    var reported: Set<String> = []
    func visit(_ key: String, _ chain: [String]) {
      guard let condition = conditionOf[key] else { return }
      state[key] = 1
      for target in Set(condition.condition.paths.map(\.key)).sorted() where conditionOf[target] != nil {
        if state[target] == 1 {
          let cycle = Array(chain.drop(while: { $0 != target })) + [key, target]
          let members = Set(cycle)
          guard reported.isDisjoint(with: members) else { continue }
          reported.formUnion(members)
          let first = conditionOf[cycle[0]]?.range ?? condition.range
          report(
            .conditionCycle,
            cycle.count == 2
              ? "'<visible_if>' of view '\(key)' depends on the view itself"
              : "'<visible_if>' conditions depend on each other in a cycle: \(cycle.joined(separator: " → "))",
            at: first,
            notes: cycle.dropFirst().dropLast().compactMap { other in
              conditionOf[other].map { DiagnosticNote("the '<visible_if>' of '\(other)' is here", at: $0.range) }
            })
        } else if state[target] == nil {
          visit(target, chain + [key])
        }
      }
      state[key] = 2
    }
    for (key, _) in fields where state[key] == nil { visit(key, []) }
  }
}

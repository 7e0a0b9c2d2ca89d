/// The form's table for the page's script (`HTMLScript`): per field, in plan order, the name it posts
/// under, its `<type>`, its control, and its live checks with the reasons pureform gives, already resolved.
enum HTMLFieldTable {
  /// The table as JSON: `{"fields": [{"name", "control", "type", "mismatch", "keyboard", "keyboardReason",
  /// "group", "at", "post", "visibleIf", "requiredIf", "live": [{"rule", …, "reason"}], "valueRules": […]}],
  /// "visibility": [N…], "groups": [{"at", "min", "max"}]}`; `valueRules` only for a field with `<format>`, `<in>`,
  /// `<not_in>`, `<min>` or `<max>` (`HTMLValueRules`); `type` and
  /// `mismatch` only for a field with `<type>`, `keyboard` and `keyboardReason` only for a pad
  /// `keyboardTypeValidation` restricts, the conditions only where the view has them (`condition(_:)`), and
  /// `visibility` the order in which the server finds hidden fields (`ValidationPlan.visibilityOrder`).
  ///
  /// A field
  /// of a repeated group has its innermost `group`, and its key cut where a row's indices go, as the server
  /// reads it (`at`) and as the page posts it (`post`, `HTMLGroup.pieces(of:bracketed:)`); `groups` only for
  /// a form with groups (`HTMLGroup.table(_:)`).
  static func json(
    fields: [(planned: PlanField, field: FormField, control: HTMLControl.Kind)], visibility: [Int],
    conditions: ConditionProgram, groups: [PlanGroup] = []
  ) -> OutputJSON {
    var table: [(String, OutputJSON)] = [
      (
        "fields",
        .array(
          fields.map { entry in
            var members: [(String, OutputJSON)] = [
              ("name", .string(entry.planned.key)), ("control", .string(entry.control.rawValue)),
            ]
            if let type = entry.planned.type {
              members += [("type", .string(type.rawValue)), ("mismatch", .string(entry.planned.typeMismatchReason))]
            }
            if let keyboard = entry.planned.keyboard {
              members += [
                ("keyboard", .string(keyboard.characters)), ("keyboardReason", .string(entry.planned.keyboardReason)),
              ]
            }
            if let group = entry.planned.group {
              members += [
                ("group", .int(group)), ("at", HTMLGroup.piecesJSON(of: entry.planned.key, bracketed: false)),
                ("post", HTMLGroup.piecesJSON(of: entry.planned.key, bracketed: true)),
              ]
            }
            if let visibleIf = entry.planned.visibleIf {
              members.append(("visibleIf", condition(visibleIf, conditions)))
            }
            if let requiredIf = entry.planned.requiredIf {
              members.append(("requiredIf", condition(requiredIf, conditions)))
            }
            members.append(("live", .array(liveChecks(entry.planned, entry.field))))
            if let rules = HTMLValueRules.json(entry.planned, entry.field) {
              members.append(("valueRules", rules))
            }
            return .object(members)
          })
      )
    ]
    if !visibility.isEmpty { table.append(("visibility", .array(visibility.map(OutputJSON.int)))) }
    if !groups.isEmpty { table.append(("groups", .array(groups.map(HTMLGroup.table)))) }
    return .object(table)
  }

  /// A condition as the script evaluates it, over field numbers: `{"truthy": N}`, `{"equals": N, "values":
  /// [{"text"} | {"number"} | {"bool"} | null]}`, `{"not": C}`, `{"all": [C…]}`, `{"any": [C…]}`.
  static func condition(_ root: Int32, _ conditions: ConditionProgram) -> OutputJSON {
    let node = conditions[root]
    let children = conditions.children(of: node).map { Self.condition($0, conditions) }
    switch node.kind {
    case .truthy: return .object([("truthy", .int(Int(node.field)))])
    case .equals:
      let targets = conditions.targets(of: node).map { value -> OutputJSON in
        switch value {
        case nil: return .null
        case .text(let text)?: return .object([("text", .string(text))])
        case .number(_, let text)?: return .object([("number", .string(text))])
        case .bool(let flag)?: return .object([("bool", .bool(flag))])
        }
      }
      return .object([("equals", .int(Int(node.field))), ("values", .array(targets))])
    case .not: return .object([("not", children[0])])
    case .all: return .object([("all", .array(children))])
    case .any: return .object([("any", .array(children))])
    }
  }

  /// The field's live checks as the script runs them; registered validators are left out (they pass).
  private static func liveChecks(_ planned: PlanField, _ field: FormField) -> [OutputJSON] {
    zip(field.validators, planned.checks).compactMap { validator, check in
      guard check.isLive, let rule = rule(validator, check.rule) else { return nil }
      return .object(rule + [("reason", .string(check.reason))])
    }
  }

  /// One check's rule and arguments.
  private static func rule(_ validator: FormValidator, _ rule: CheckRule) -> [(String, OutputJSON)]? {
    switch (validator.argument, rule) {
    case (.registered, _): return nil
    case (_, .equalField(let neighbour)): return [("rule", .string("equal_field")), ("field", .int(neighbour))]
    case (.equalTo(let kind), _):
      switch kind {
      case .string(let text): return [("rule", .string("equal")), ("text", .string(text))]
      case .number(let text): return [("rule", .string("equal")), ("number", .string(text))]
      case .bool(let flag): return [("rule", .string("equal")), ("number", .string(flag ? "1" : "0"))]
      default: return [("rule", .string("never"))]
      }
    case (.length(let length), _): return [("rule", .string(validator.kind.rawValue)), ("length", .int(length))]
    case (.number, _):
      guard case .number(let text) = validator.argumentJSON.kind else { return nil }
      return [("rule", .string(validator.kind.rawValue)), ("number", .string(text))]
    case (.textKind(let kind), _): return [("rule", .string(kind.rawValue))]
    case (.pattern(let pattern), _):
      let translated = HTMLPattern.ecmaScript(fromPCRE2: pattern)
      return [("rule", .string("pattern"))] + (translated.map { [("pattern", .string($0))] } ?? [])
    case (.enabled, _): return validator.kind == .required ? [("rule", .string("required"))] : nil
    }
  }
}

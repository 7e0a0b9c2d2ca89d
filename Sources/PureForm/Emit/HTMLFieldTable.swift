/// The form's table for the page's script (`HTMLScript`): per field, in plan order, the name it posts
/// under, its `<type>`, its control, and its live checks with the reasons pureform gives, already resolved.
enum HTMLFieldTable {
  /// The table as JSON: `{"fields": [{"name", "control", "type", "mismatch", "keyboard", "keyboardReason",
  /// "live": [{"rule", …, "reason"}]}]}`; `type` and `mismatch` only for a field with `<type>`, `keyboard`
  /// and `keyboardReason` only for a pad `keyboardTypeValidation` restricts.
  static func json(fields: [(planned: PlannedField, field: FormField, control: HTMLControl.Kind)]) -> OutputJSON {
    .object([
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
            members.append(("live", .array(liveChecks(entry.planned, entry.field))))
            return .object(members)
          })
      )
    ])
  }

  /// The field's live checks as the script runs them; registered validators are left out (they pass).
  private static func liveChecks(_ planned: PlannedField, _ field: FormField) -> [OutputJSON] {
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

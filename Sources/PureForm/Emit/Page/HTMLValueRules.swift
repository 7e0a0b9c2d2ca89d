/// A field's `<format>`, `<in>`, `<not_in>`, `<min>` and `<max>` in the page's table, read from the plan's own
/// checks, in the server's order, each with the reason the server gives (`HTMLFormatScript` has the rules;
/// `HTMLScript` runs them on every change).
enum HTMLValueRules {
  /// The field's rules as the script reads them: `[{"rule": "format", "format", "schemes"?, "reason"},
  /// {"rule": "in" | "not_in", "values": [{"text"} | {"number"} | {"bool"}], "reason"}, {"rule": "min" | "max",
  /// "literal" | "field", "format", "reason"}]`; `schemes` only for `url`, a literal bound as the spec wrote it,
  /// a bound's `field` the number of the view whose value bounds this one.
  ///
  /// nil for a field without any.
  static func json(_ planned: PlanField, _ field: FormField) -> OutputJSON? {
    var rules: [OutputJSON] = []
    for check in planned.checks {
      var members: [(String, OutputJSON)]
      switch check.rule {
      case .format(let format, let schemes):
        members = [("rule", .string("format")), ("format", .string(format.rawValue))]
        if format == .url { members.append(("schemes", .array(schemes.map(OutputJSON.string)))) }
      case .valueList(let elements, let isAllowed):
        members = [("rule", .string(isAllowed ? "in" : "not_in")), ("values", .array(elements.compactMap(element)))]
      case .bound(let target, let format, let isMinimum):
        members = [("rule", .string(isMinimum ? "min" : "max"))]
        switch target {
        case .moment:
          guard let text = (isMinimum ? field.minimum : field.maximum)?.text else { continue }
          members.append(("literal", .string(text)))
        case .field(let number):
          guard number >= 0 else { continue }
          members.append(("field", .int(number)))
        }
        members.append(("format", .string(format.rawValue)))
      default:
        continue
      }
      rules.append(.object(members + [("reason", .string(check.reason))]))
    }
    return rules.isEmpty ? nil : .array(rules)
  }

  /// A list element as the script compares it: `{"text"}`, `{"number"}` (its JSON text, exact) or `{"bool"}`.
  private static func element(_ value: FormValue) -> OutputJSON? {
    switch value {
    case .string(let text): return .object([("text", .string(text))])
    case .number(let text): return .object([("number", .string(text))])
    case .bool(let flag): return .object([("bool", .bool(flag))])
    case .null, .array, .object: return nil
    }
  }
}

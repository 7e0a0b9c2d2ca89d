/// A field's `<format>`, `<in>`, `<not_in>`, `<min>` and `<max>` in the page's table, in the server's order, each
/// with the reason the server gives (`HTMLFormatScript` has the rules; `HTMLScript` runs them on every change).
enum HTMLValueRules {
  /// The field's rules as the script reads them: `[{"rule": "format", "format", "schemes"?, "reason"},
  /// {"rule": "in" | "not_in", "values": [{"text"} | {"number"} | {"bool"}], "reason"}, {"rule": "min" | "max",
  /// "literal" | "field", "format", "reason"}]`; `schemes` only for `url`, a bound's `field` the number of the
  /// view whose value bounds this one.
  ///
  /// A rule is written only where the plan runs it (a check of its name), with that check's reason; nil for a
  /// field without any.
  static func json(_ planned: PlannedField, _ field: FormField, numbers: [String: Int]) -> OutputJSON? {
    func reason(_ name: String) -> String? { planned.checks.last { $0.name == name }?.reason }
    var rules: [OutputJSON] = []
    if let format = field.format, let reason = reason("format") {
      var members: [(String, OutputJSON)] = [("rule", .string("format")), ("format", .string(format.format.rawValue))]
      if format.format == .url { members.append(("schemes", .array(format.schemes.map(OutputJSON.string)))) }
      rules.append(.object(members + [("reason", .string(reason))]))
    }
    for (name, list) in [("in", field.allowed), ("not_in", field.refused)] {
      guard let list, let reason = reason(name) else { continue }
      rules.append(
        .object([
          ("rule", .string(name)), ("values", .array(list.elements.compactMap(element))), ("reason", .string(reason)),
        ]))
    }
    for (name, bound) in [("min", field.minimum), ("max", field.maximum)] {
      guard let bound, let format = field.format, let reason = reason(name) else { continue }
      let target: (String, OutputJSON)
      switch bound.target {
      case .literal: target = ("literal", .string(bound.text))
      case .path(let path):
        guard let number = numbers[path.key] else { continue }
        target = ("field", .int(number))
      }
      rules.append(
        .object([
          ("rule", .string(name)), target, ("format", .string(format.format.rawValue)), ("reason", .string(reason)),
        ]))
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

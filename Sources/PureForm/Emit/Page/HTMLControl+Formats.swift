/// The native inputs and constraints of `<format>`, `<in>`, `<not_in>`, `<min>` and `<max>`: each says no more than the
/// server's rule (the script, `HTMLValueRules`, checks the rest with the server's reasons).
extension HTMLControl {
  /// RFC 9562's text form as an HTML `pattern`: 8-4-4-4-12 hex digits in any case (as `UUIDText`).
  static let uuidPattern = "[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}"

  /// The `type` of a text field's `<input>` for its format, nil where a text input is right (`uuid`).
  ///
  /// `date_time` is a control of its own (`Kind.dateTime`).
  static func inputType(_ rule: FormatRule) -> String? {
    switch rule.format {
    case .url: "url"
    case .date: "date"
    case .time: "time"
    case .dateTime, .uuid: nil
    }
  }

  /// The `step` of a time or datetime-local input: seconds and milliseconds can be given, and no value the
  /// input can hold (at most three fraction digits) is a step mismatch, whatever its `min`.
  static let timeStep = "0.001"

  /// A date or time input's `min` and `max` from literal `<min>` / `<max>` (inclusive, as the server's), when
  /// the literal is also an HTML date or time string; and a time input's `step` (`timeStep`).
  mutating func bounds(_ field: FormField, format: TextFormat) {
    for (name, bound) in [("min", field.minimum), ("max", field.maximum)] {
      guard let bound, case .literal = bound.target, Self.isHTMLValue(bound.text, format: format) else { continue }
      attributes.append((name, bound.text))
    }
    if format == .time { attributes.append(("step", Self.timeStep)) }
  }

  /// Whether `text` (a valid `date` or `time` for the server) is also a valid HTML date or time string: a time
  /// fraction has at most three digits there.
  private static func isHTMLValue(_ text: String, format: TextFormat) -> Bool {
    guard format == .time, let dot = text.firstIndex(of: ".") else { return true }
    return text[dot...].count <= 4
  }

  /// The `<in>` values a user is offered, each as it posts (`optionText`), less those the server refuses by
  /// `<not_in>`: the posted text coerced to the field's `<type>` and compared by the kernel's `ValueTable`.
  static func offeredOptions(_ field: FormField) -> [String] {
    let texts = field.allowed?.elements.compactMap(optionText) ?? []
    guard let refused = field.refused else { return texts }
    let table = ValueTable(refused.elements)
    return texts.filter { text in
      guard let posted = FieldState(coercing: .string(text), to: field.type).value else { return true }
      return !table.contains(posted)
    }
  }

  /// What an option of `<in>` posts: a string as it is, a number as written, a bool as `true` / `false`.
  static func optionText(_ value: FormValue) -> String? {
    switch value {
    case .string(let text), .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    case .null, .array, .object: return nil
    }
  }
}

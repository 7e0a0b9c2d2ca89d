/// What a field's `<format>`, `<in>` and `<not_in>` add to the branches of its schema, and the comment its
/// `<min>` and `<max>` get: exact where JSON Schema can say the rule, looser where it cannot, never stricter
/// (format assertion on or off).
///
/// The bool branches need nothing here: they are probed against the kernel, which runs these rules too.
extension FieldSchema {
  /// The kind of JSON value a branch holds, as the value rules see it.
  enum ValueRuleBranch {
    /// Strings a text view (or a view without `<type>`) holds as they are.
    case strings
    /// Strings a number or integer view reads as numbers.
    case numberText
    /// JSON numbers.
    case numbers
  }

  /// Adds the value rules among `checks` to `branch`, which holds values of `kind`.
  static func applyValueRules(_ checks: [PlanCheck], to branch: inout SchemaObject, holding kind: ValueRuleBranch) {
    for check in checks {
      switch (check.rule, kind) {
      case (.format(let format, let schemes), .strings): addFormat(format, schemes: schemes, to: &branch)
      case (.format, _): branch.acceptsNothing = true  // a present value that is no string fails `format`
      case (.valueList(let elements, let isAllowed), .strings):
        addList(
          elements.compactMap { if case .string(let text) = $0 { .string(text) } else { nil } }, isAllowed, &branch)
      case (.valueList(let elements, let isAllowed), .numbers):
        addList(
          elements.compactMap { if case .number(let text) = $0 { .number(text) } else { nil } }, isAllowed, &branch)
      case (.valueList(_, let isAllowed), .numberText):
        branch.comment(
          "'\(isAllowed ? FailureName.oneOf : FailureName.noneOf)' compares number text as a number, which JSON Schema cannot do for a string: any number text passes it here."
        )
      default: continue
      }
    }
  }

  /// The comment of a field's `<min>` and `<max>`, which JSON Schema cannot compare.
  static func commentBounds(_ checks: [PlanCheck], in schema: inout SchemaObject) {
    for check in checks {
      guard case .bound(_, let format, let isMinimum) = check.rule else { continue }
      schema.comment(
        "'<\(isMinimum ? FailureName.minimum : FailureName.maximum)>' \(check.argument.reasonText) compares \(format.rawValue) values, which JSON Schema cannot: any \(format.rawValue) passes it here."
      )
    }
  }

  /// `<format>` on a string branch: JSON Schema's own format where it is exactly the rule (`date`,
  /// `date-time`, `uuid`), an exact pattern for `time` (JSON Schema's `time` requires an offset), and for
  /// `url` a pattern on the scheme only (JSON Schema's `uri` is RFC 3986, which refuses URLs WHATWG takes).
  private static func addFormat(_ format: TextFormat, schemes: [String], to branch: inout SchemaObject) {
    switch format {
    case .date: branch.add("format", .string("date"))
    case .dateTime: branch.add("format", .string("date-time"))
    case .uuid: branch.add("format", .string("uuid"))
    case .time: branch.add("pattern", .string(timePattern))
    case .url:
      branch.add("pattern", .string(schemePattern(schemes)))
      branch.comment("'format' url is the WHATWG URL Standard's parser: here only its scheme is checked.")
    }
  }

  /// RFC 3339 `partial-time` or `HH:MM`, without an offset: exactly what `TimeOfDay` takes.
  static let timePattern = "^(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]+)?)?$"

  /// A value that starts with one of `schemes` (in any case) and a colon: every URL the rule takes does.
  static func schemePattern(_ schemes: [String]) -> String {
    let alternatives = schemes.map { scheme in
      scheme.map { character -> String in
        let lower = character.lowercased()
        let upper = character.uppercased()
        if lower != upper { return "[\(lower)\(upper)]" }
        return character == "+" || character == "." ? "\\\(character)" : String(character)
      }.joined()
    }
    return "^(?:\(alternatives.joined(separator: "|"))):"
  }

  /// `enum` (or `not` `enum`) of the list's values of this branch's kind; an `<in>` with none of them leaves
  /// the branch nothing.
  private static func addList(_ values: [OutputJSON], _ isAllowed: Bool, _ branch: inout SchemaObject) {
    if isAllowed {
      if values.isEmpty { branch.acceptsNothing = true } else { branch.add("enum", .array(values)) }
    } else if !values.isEmpty {
      branch.add("not", .object([("enum", .array(values))]))
    }
  }
}

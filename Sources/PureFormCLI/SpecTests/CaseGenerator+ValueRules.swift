import PureForm

/// `pureform test --generate` for `<format>`, `<in>`, `<not_in>`, `<min>` and `<max>`: a base value that
/// passes them, and a value on each side of each.
extension CaseGenerator {
  /// A value of the view's format within its literal bounds, from its `<in>` list when it has one; nil for a
  /// view without value rules.
  static func valueRuleBase(_ field: FieldRules) -> FormValue? {
    if let allowed = field.allowed {
      return allowed.first { element in !(field.refused ?? []).contains(element) }
    }
    guard let format = field.format else { return nil }
    for bound in [field.minimum, field.maximum] {
      if let bound, !bound.isPath { return .string(bound.text) }
    }
    return .string(sample(format, schemes: field.schemes))
  }

  /// Names and values that pass and fail each of the view's value rules.
  static func valueRuleVariants(_ field: FieldRules) -> [(name: String, value: FormValue)] {
    var variants: [(name: String, value: FormValue)] = []
    if let format = field.format {
      // The base value when it is a text of the format (within the literal bounds), else a sample.
      let good = valueRuleBase(field).flatMap { if case .string = $0 { $0 } else { nil } }
      variants.append(("format \(format): good", good ?? .string(sample(format, schemes: field.schemes))))
      variants.append(("format \(format): bad", .string("x")))
    }
    if let allowed = field.allowed, let first = allowed.first {
      variants.append(("in: listed", first))
      variants.append(("in: not listed", outside(allowed, like: first)))
    }
    if let refused = field.refused, let first = refused.first {
      variants.append(("not_in: listed", first))
      variants.append(("not_in: not listed", outside(refused, like: first)))
    }
    if let format = field.format, let extremes = extremes[format] {
      for (word, bound, beyond) in [("min", field.minimum, extremes.earliest), ("max", field.maximum, extremes.latest)]
      {
        guard let bound else { continue }
        if !bound.isPath { variants.append(("\(word) \(bound.text): \(bound.text)", .string(bound.text))) }
        if bound.text != beyond { variants.append(("\(word) \(bound.text): \(beyond)", .string(beyond))) }
      }
    }
    return variants
  }

  /// A valid text of `format`.
  private static func sample(_ format: String, schemes: [String]) -> String {
    switch format {
    case "url":
      let scheme = schemes.first { $0 == "https" } ?? schemes.first ?? "https"
      return ["http", "https", "ws", "wss", "ftp"].contains(scheme) ? "\(scheme)://example.com/" : "\(scheme):x"
    case "uuid": return "123e4567-e89b-12d3-a456-426614174000"
    case "date": return "2024-02-29"
    case "date_time": return "2024-02-29T12:30:00Z"
    default: return "12:30"
    }
  }

  /// The earliest and latest value of each chronological format: past any bound but the extremes themselves.
  private static let extremes: [String: (earliest: String, latest: String)] = [
    "date": ("0001-01-01", "9999-12-31"),
    "date_time": ("0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999Z"),
    "time": ("00:00", "23:59:59.999"),
  ]

  /// A value of `example`'s kind that is no element of `list`.
  private static func outside(_ list: [FormValue], like example: FormValue) -> FormValue {
    var candidate: FormValue
    switch example {
    case .bool(let flag): candidate = .bool(!flag)
    case .number: candidate = .number("987654321")
    default: candidate = .string("not listed")
    }
    while list.contains(candidate) {
      switch candidate {
      case .number(let text): candidate = .number(text + "1")
      case .string(let text): candidate = .string(text + "!")
      default: return candidate
      }
    }
    return candidate
  }
}

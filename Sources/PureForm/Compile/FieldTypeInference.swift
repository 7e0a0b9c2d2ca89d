extension SpecCompiler {
  /// The type of a form view without `<type>`: from `<value>`, then from `min_value` / `max_value`, else text.
  func inferFieldType(initialValue: JSONNode?, validators: [FormValidator]) -> FieldType {
    switch initialValue?.kind {
    case .string: return .text
    case .number: return .number
    case .bool: return .bool
    default: break
    }
    if validators.contains(where: { $0.kind == .minValue || $0.kind == .maxValue }) { return .number }
    return .text
  }

  /// Reports validators that cannot apply to a field of `type` (lengths or ranges on a bool, …).
  mutating func checkValidatorsFit(_ validators: [FormValidator], type: FieldType) {
    for validator in validators {
      let fits: Bool
      switch (validator.kind, type) {
      case (.equal, _), (.equalNext, _), (.equalPrevious, _), (.required, _):
        fits = true
      case (.minValue, .bool), (.maxValue, .bool), (.minValue, .image), (.maxValue, .image):
        fits = false
      case (.equalLength, .bool), (.minLength, .bool), (.maxLength, .bool), (.type, .bool), (.custom, .bool):
        fits = false
      case (.type, .number), (.type, .integer), (.type, .image):
        fits = false
      default:
        fits = true
      }
      if !fits {
        report(
          .validatorDoesNotFitType,
          "validator '\(validator.kind.rawValue)' cannot apply to a field of type '\(type.rawValue)'",
          at: validator.range)
      }
    }
  }
}

/// Which JSON values a field type accepts: the same coercions `validate` applies to submitted values.
enum FieldValueFit {
  /// The strings a bool field accepts, as form posts send them.
  static let boolStrings: [String: Bool] = [
    "true": true, "false": false, "on": true, "off": false, "1": true, "0": false,
  ]

  /// Whether `value` can be a value of a field of `type`.
  static func fits(_ value: JSONNode.Kind, _ type: FieldType) -> Bool {
    switch (type, value) {
    case (_, .null): return true
    case (.text, .string), (.image, .string): return true
    case (.number, .number): return true
    case (.number, .string(let text)): return ExactDecimal(text) != nil
    case (.integer, .number(let text)): return ExactDecimal(text)?.isInteger ?? false
    case (.integer, .string(let text)): return ExactDecimal(text)?.isInteger ?? false
    case (.bool, .bool): return true
    case (.bool, .string(let text)): return boolStrings[text] != nil
    default: return false
    }
  }
}

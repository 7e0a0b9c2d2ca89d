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

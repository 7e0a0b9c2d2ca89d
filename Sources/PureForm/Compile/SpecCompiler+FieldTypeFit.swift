extension SpecCompiler {
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
      // Coerced numbers pass every length rule and fail every pattern (PureForm measures and matches
      // NSStrings only), so on a number field these validators could only mislead.
      case (.type, .number), (.type, .integer), (.type, .image), (.custom, .number), (.custom, .integer),
        (.equalLength, .number), (.equalLength, .integer), (.minLength, .number), (.minLength, .integer),
        (.maxLength, .number), (.maxLength, .integer):
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

/// One validator of a field, its argument typed at compile time.
struct FormValidator: Sendable {
  /// Which rule.
  var kind: ValidatorKind
  /// Whether the name ended in `!`: run on every change, not only on submit.
  var isLive: Bool
  var argument: ValidatorArgument
  /// The span of the validator's name.
  var range: SourceRange
  /// The span of its argument.
  var argumentRange: SourceRange
  /// The argument as written in the spec, for failure output.
  var argumentJSON: JSONNode
}

/// PureForm's eleven validators.
enum ValidatorKind: String, Sendable, CaseIterable {
  case equal, equalNext = "equal_next", equalPrevious = "equal_previous", equalLength = "equal_length"
  case minLength = "min_length", maxLength = "max_length", minValue = "min_value", maxValue = "max_value"
  case required, type, custom
}

/// The built-in value kinds the `type` validator checks.
enum TextKind: String, Sendable, CaseIterable {
  case email
  case fullName = "full_name"
}

/// A validator's argument, typed.
enum ValidatorArgument: Sendable {
  /// `equal`: the value to compare with, as written.
  case equalTo(JSONNode.Kind)
  /// `equal_next`, `equal_previous`, `required`: always `true` once compiled.
  case enabled
  /// The three length validators: UTF-16 code units.
  case length(Int)
  /// `min_value`, `max_value`.
  case number(ExactDecimal)
  /// `type`.
  case textKind(TextKind)
  /// `custom`: the compiled pattern.
  case pattern(Regex)
}

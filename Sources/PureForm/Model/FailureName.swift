/// The names of failures that no validator names, usable as `<messages>` keys.
package enum FailureName {
  /// The value's JSON type does not fit the field's type.
  static let typeMismatch = "type_mismatch"
  /// A character the field's keyboard cannot type (`keyboardTypeValidation`).
  static let keyboardType = "keyboard_type"
  /// `<required_if>`: a missing value while its condition holds.
  static let requiredIf = "required_if"
  /// `<same_as>`: a value that differs from the value at the path.
  static let sameAs = "same_as"
  /// `<items>`: a repeated group with fewer elements than its min.
  static let minItems = "min_items"
  /// `<items>`: a repeated group with more elements than its max, or than the limit.
  static let maxItems = "max_items"
  /// `<format>`: a present value that is not a text of the format.
  static let format = "format"
  /// `<in>`: a present value that is none of the listed values.
  static let oneOf = "in"
  /// `<not_in>`: a present value that is one of the listed values.
  static let noneOf = "not_in"
  /// `<min>`: a date, date_time or time earlier than the bound.
  static let minimum = "min"
  /// `<max>`: a date, date_time or time later than the bound.
  static let maximum = "max"
  /// All of them, in documentation order.
  package static let nonValidatorNames = [
    typeMismatch, keyboardType, requiredIf, sameAs, minItems, maxItems, format, oneOf, noneOf, minimum, maximum,
  ]
}

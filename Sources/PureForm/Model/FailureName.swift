/// The names of failures that no validator names, usable as `<messages>` keys.
enum FailureName {
  /// The value's JSON type does not fit the field's type.
  static let typeMismatch = "type_mismatch"
  /// A character the field's keyboard cannot type (`keyboardTypeValidation`).
  static let keyboardType = "keyboard_type"
  /// Both, in documentation order.
  static let nonValidatorNames = [typeMismatch, keyboardType]
}

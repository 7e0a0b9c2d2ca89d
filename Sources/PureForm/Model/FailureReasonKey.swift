/// The failures a form can report, each by its key in PureForm's `failureReasons` settings (its raw value)
/// and by the name its failures report (`failureName`: the `validator` of a failure, and the `<messages>`
/// key that overrides its text): PureForm's keys for its validators, plus pureform's for the failures no
/// validator names.
///
/// Each key has PureForm's English default text, in which every `%@` is replaced by the validator's
/// argument.
public enum FailureReasonKey: String, Sendable, CaseIterable, Codable {
  /// `equal`.
  case equal = "PFValidationEqualFailure"
  /// `equal_next`.
  case equalNext = "PFValidationEqualNextFailure"
  /// `equal_previous`.
  case equalPrevious = "PFValidationEqualPreviousFailure"
  /// `equal_length`.
  case equalLength = "PFValidationEqualLengthFailure"
  /// `min_length`.
  case minLength = "PFValidationMinLengthFailure"
  /// `max_length`.
  case maxLength = "PFValidationMaxLengthFailure"
  /// `min_value`.
  case minValue = "PFValidationMinValueFailure"
  /// `max_value`.
  case maxValue = "PFValidationMaxValueFailure"
  /// `required`.
  case required = "PFValidationRequiredFailure"
  /// `type`.
  case type = "PFValidationTypeFailure"
  /// `custom`.
  case custom = "PFValidationCustomFailure"
  /// PureForm's reason for a validator it does not know; accepted in settings files, never shown.
  case unknown = "PFValidationUnknownFailure"
  /// pureform: `type_mismatch`, a value whose JSON type does not fit the field's type.
  case typeMismatch = "PFValidationTypeMismatchFailure"
  /// pureform: `keyboard_type`, a character the field's keyboard cannot type.
  case keyboardType = "PFValidationKeyboardTypeFailure"
  /// pureform: `same_as`, a value that differs from the value at the `<same_as>` path.
  case sameAs = "PFValidationSameAsFailure"
  /// pureform: `min_items`, a repeated group with fewer elements than its `<items>` min.
  case minItems = "PFValidationMinItemsFailure"
  /// pureform: `max_items`, a repeated group with more elements than its `<items>` max (or the limit).
  case maxItems = "PFValidationMaxItemsFailure"
  /// pureform: `format`, a present value that is not a text of its `<format>`.
  case format = "PFValidationFormatFailure"
  /// pureform: `in`, a present value that is none of its `<in>` values.
  case oneOf = "PFValidationInFailure"
  /// pureform: `not_in`, a present value that is one of its `<not_in>` values.
  case noneOf = "PFValidationNotInFailure"
  /// pureform: `min`, a date, date_time or time earlier than its `<min>`.
  case minimum = "PFValidationMinFailure"
  /// pureform: `max`, a date, date_time or time later than its `<max>`.
  case maximum = "PFValidationMaxFailure"

  /// The English default text, PureForm's own for its keys (`PFValidator+FailureReason.m`).
  public var defaultText: String {
    switch self {
    case .equal: return "Value doesn't match expected one (%@)"
    case .equalNext: return "Value doesn't match next one"
    case .equalPrevious: return "Value doesn't match previous one"
    case .equalLength: return "Value length doesn't match expected one (%@)"
    case .minLength: return "String length is too short, than expected (%@)"
    case .maxLength: return "String length is too long, than expected (%@)"
    case .minValue: return "Value is too small, than expected (%@)"
    case .maxValue: return "Value is too big, than expected (%@)"
    case .required: return "Value is required"
    case .type: return "Value doesn't match %@ format"
    case .custom: return "Check value you entered"
    case .unknown: return ""
    case .typeMismatch: return "Value is not a valid %@"
    case .keyboardType: return "Value contains characters the keyboard cannot type"
    case .sameAs: return "Value doesn't match the value at %@"
    case .minItems: return "At least %@ items are required"
    case .maxItems: return "At most %@ items are allowed"
    case .format: return "Value doesn't match %@ format"
    case .oneOf: return "Value is not one of the allowed values"
    case .noneOf: return "Value is not allowed"
    case .minimum: return "Value is too early, than expected (%@)"
    case .maximum: return "Value is too late, than expected (%@)"
    }
  }

  /// The key of a built-in validator's failure.
  init(_ kind: ValidatorKind) {
    switch kind {
    case .equal: self = .equal
    case .equalNext: self = .equalNext
    case .equalPrevious: self = .equalPrevious
    case .equalLength: self = .equalLength
    case .minLength: self = .minLength
    case .maxLength: self = .maxLength
    case .minValue: self = .minValue
    case .maxValue: self = .maxValue
    case .required: self = .required
    case .type: self = .type
    case .custom: self = .custom
    case .registered: self = .unknown
    }
  }
}

extension FailureReasonKey {
  /// The name a failure of this key reports, also the `<messages>` key that overrides its text.
  ///
  /// A built-in validator's name (`ValidatorKind`'s raw value) for its key, pureform's for a failure no
  /// validator names; empty for `unknown`, which no failure reports (a registered validator's report its own
  /// name).
  package var failureName: String {
    switch self {
    case .typeMismatch: return "type_mismatch"
    case .keyboardType: return "keyboard_type"
    case .sameAs: return "same_as"
    case .minItems: return "min_items"
    case .maxItems: return "max_items"
    case .format: return "format"
    case .oneOf: return "in"
    case .noneOf: return "not_in"
    case .minimum: return "min"
    case .maximum: return "max"
    default: return ValidatorKind.builtIns.first { FailureReasonKey($0) == self }?.rawValue ?? ""
    }
  }

  /// `<required_if>`'s failure name.
  ///
  /// It has no key of its own: its text is the field's `<messages>` under
  /// this name, else its `required` one, else the settings' `required` text, as PureForm (which has no
  /// `required_if`) would word a missing value.
  package static let requiredIfName = "required_if"

  /// The names of the failures no validator names, usable as `<messages>` keys, in documentation order.
  package static let nonValidatorNames =
    [typeMismatch.failureName, keyboardType.failureName, requiredIfName]
    + [sameAs, minItems, maxItems, format, oneOf, noneOf, minimum, maximum].map(\.failureName)
}

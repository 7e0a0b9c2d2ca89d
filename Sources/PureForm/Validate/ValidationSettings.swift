/// The keys of PureForm's `failureReasons` settings, plus pureform's two for the failures no validator names.
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

/// PureForm's settings that affect validation: failure reason texts and keyboard type validation.
///
/// Read from a JSON settings file (`pureform validate --settings FILE`):
/// `{"failureReasons": {"PFValidationMinLengthFailure": "Too short (%@)"}, "keyboardTypeValidation": true}`.
public struct ValidationSettings: Sendable, Hashable {
  /// Texts replacing the default failure reasons; a field's `<messages>` still take precedence.
  public var failureReasons: [FailureReasonKey: String]
  /// Whether number, phone and decimal pad fields accept only the characters their pad can type.
  public var keyboardTypeValidation: Bool

  /// Creates settings; by default PureForm's texts and no keyboard type validation.
  public init(failureReasons: [FailureReasonKey: String] = [:], keyboardTypeValidation: Bool = false) {
    self.failureReasons = failureReasons
    self.keyboardTypeValidation = keyboardTypeValidation
  }

  /// The text for a failure: the override, else the default.
  func text(for key: FailureReasonKey) -> String {
    failureReasons[key] ?? key.defaultText
  }

  /// The top-level keys a settings file may hold.
  ///
  /// `keyboardAvoiding` is PureForm's layout setting: accepted so one file serves the app and the server,
  /// and ignored.
  public static let fileKeys = ["failureReasons", "keyboardTypeValidation", "keyboardAvoiding"]

  /// Reads a settings file.
  ///
  /// The file is a JSON object with `failureReasons` (PureForm's keys to texts) and
  /// `keyboardTypeValidation` (a bool). Unknown keys are errors, with a "did you mean".
  public init(json file: SourceFile) throws(FileReadError) {
    let members: [JSONMember]
    switch JSONReader.readObject(file, requirement: "settings must be a JSON object") {
    case .success(let read): members = read
    case .failure(let error): throw error
    }
    func fail(_ member: JSONMember, _ message: String, among names: [String]) -> FileReadError {
      let guess = Suggestion.closest(to: member.key, among: names).map { " (did you mean '\($0)'?)" } ?? ""
      return .invalid(path: file.name, location: member.keyRange.start, problem: message + guess)
    }
    self.init()
    for member in members {
      let at = member.value.range.start
      switch member.key {
      case "failureReasons":
        guard case .object(let entries) = member.value.kind else {
          throw FileReadError.invalid(
            path: file.name, location: at, problem: "'failureReasons' must be an object of key to text")
        }
        for entry in entries {
          guard let key = FailureReasonKey(rawValue: entry.key) else {
            throw fail(
              entry, "unknown failure reason key '\(entry.key)'", among: FailureReasonKey.allCases.map(\.rawValue))
          }
          guard case .string(let text) = entry.value.kind else {
            let valueAt = entry.value.range.start
            throw FileReadError.invalid(
              path: file.name, location: valueAt, problem: "the reason for '\(entry.key)' must be a string")
          }
          failureReasons[key] = text
        }
      case "keyboardTypeValidation", "keyboardAvoiding":
        guard case .bool(let flag) = member.value.kind else {
          throw FileReadError.invalid(path: file.name, location: at, problem: "'\(member.key)' must be true or false")
        }
        if member.key == "keyboardTypeValidation" { keyboardTypeValidation = flag }
      default:
        throw fail(member, "unknown settings key '\(member.key)'", among: ValidationSettings.fileKeys)
      }
    }
  }
}

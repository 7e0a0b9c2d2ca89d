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

  /// The reason template of a failure on a field with `messages`.
  ///
  /// The field's text under the failure's name (`<messages>`), else these settings' text for its key. One lookup for both, since the name a failure
  /// reports and its key are one idea (`FailureReasonKey.failureName`).
  func text(for key: FailureReasonKey, messages: [String: String]) -> String {
    messages[key.failureName] ?? text(for: key)
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

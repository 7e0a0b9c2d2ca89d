/// Why a record could not be validated at all.
public enum InputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The input is not JSON: where the first syntax error is, and what it is.
  case notJSON(line: Int, column: Int, message: String)
  /// The input is JSON but not an object; `found` describes it ("an array").
  case notAnObject(found: String)
  /// `ValidationOptions.field` names no field; `suggestion` is the closest key, if one is close.
  case unknownField(String, suggestion: String?)
  /// `ValidationOptions.liveOnly` without a field.
  case liveOnlyWithoutField

  /// One line: `3:7: expected ',' or '}' after object member`, `input must be a JSON object …`.
  public var description: String {
    switch self {
    case .notJSON(let line, let column, let message):
      return "\(line):\(column): \(message)"
    case .notAnObject(let found):
      return "input must be a JSON object of key to value, found \(found)"
    case .unknownField(let key, let suggestion):
      return "no field has the key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .liveOnlyWithoutField:
      return "live-only validation needs a field to validate"
    }
  }
}

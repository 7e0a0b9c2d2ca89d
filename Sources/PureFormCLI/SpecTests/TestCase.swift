import PureForm

/// One case of a cases file (`NAME.tests.json`): a record and the verdict its author expects.
struct TestCase: Sendable {
  /// The case's `name`, unique in its file.
  var name: String
  /// The line of the case's opening `{`.
  var line: Int
  /// The record's bytes as written in the cases file: validated as `pureform validate --input` reads a file.
  var record: ArraySlice<UInt8>
  /// `changed_from`'s bytes: the stored record an edit starts from.
  var changedFrom: ArraySlice<UInt8>?
  /// `options`: `all_failures`, `field`, `live`.
  var options: ValidationOptions
  /// Whether the case has an `options` member (then, like `changed_from`, it is server-only under `--page`).
  var hasOptions: Bool
  /// What the result must meet.
  var expect: Expectation
}

/// A case's `expect`: `"valid"`, `"invalid"`, or an object whose members each say what the result must be.
struct Expectation: Sendable {
  /// The result's `valid`.
  var valid: Bool
  /// Failures each of which must match a failure of the result.
  var failures: [ExpectedFailure] = []
  /// With `exact`, each failure of the result must also match a listed one.
  var exact = false
  /// The result's `hidden` keys (a result without `hidden` has none), when given.
  var hidden: [String]?
  /// The result's `values`, when given.
  var values: FormValue?
  /// The result's `changed` keys, when given.
  var changed: [String]?
}

/// A failure entry of `expect`: matches a failure of the result whose members it names are equal.
struct ExpectedFailure: Sendable {
  /// `path`, `key`, `validator`, `argument`, `reason`, `condition`, in the order written.
  var members: [(name: String, value: FormValue)]

  /// The names an entry may use.
  static let names = ["path", "key", "validator", "argument", "reason", "condition"]

  /// Whether `failure` has every member this entry names, equal as JSON (numbers by exact value).
  func matches(_ failure: ValidationFailure) -> Bool {
    members.allSatisfy { member in
      switch member.name {
      case "path": return member.value == .string(failure.path)
      case "key": return member.value == .string(failure.key)
      case "validator": return member.value == .string(failure.validator)
      case "argument": return member.value == failure.argument
      case "reason": return member.value == .string(failure.reason)
      default: return failure.condition.map { member.value == $0 } ?? false
      }
    }
  }

  /// `/password min_length`, then the other members it names: `/age min_value 18 "too young"`.
  var description: String {
    let place = members.first { $0.name == "path" } ?? members.first { $0.name == "key" }
    var words = place.map { [$0.value.plain] } ?? []
    if let validator = members.first(where: { $0.name == "validator" }) { words.append(validator.value.plain) }
    for member in members where !["path", "key", "validator"].contains(member.name) {
      words.append("\(member.name) \(member.value)")
    }
    if place != nil, let key = members.first(where: { $0.name == "key" }), place?.name == "path" {
      words.append("key \(key.value)")
    }
    return words.isEmpty ? "(any)" : words.joined(separator: " ")
  }
}

extension FormValue {
  /// A string's text, or the JSON of anything else.
  var plain: String {
    if case .string(let text) = self { return text }
    return description
  }
}

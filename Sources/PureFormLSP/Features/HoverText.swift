import Foundation
import PureForm

/// What hover says about the words of a spec: validators, reserved words and UIKit constants.
enum HoverText {
  /// A validator: what it checks, its argument, what a missing value does, what the device does.
  static func validator(_ written: String) -> String? {
    let live = written.hasSuffix("!")
    let name = live ? String(written.dropLast()) : written
    guard let kind = ValidatorKind(rawValue: name), kind != .registered else { return nil }
    let (checks, argument, missing, device): (String, String, String, String)
    switch kind {
    case .required:
      (checks, argument, missing, device) = (
        "the value is present", "ignored (`required: false` is still enforced, with a warning)", "fails",
        "the same"
      )
    case .equal:
      (checks, argument, missing, device) = (
        "the value equals the argument (strings by UTF-16 code units, numbers and bools by value)",
        "a string, number or bool", "fails", "the same"
      )
    case .equalNext, .equalPrevious:
      (checks, argument, missing, device) = (
        "the value equals the \(kind == .equalNext ? "next" : "previous") form view's value", "`true`",
        "fails, even when the neighbour is missing too",
        "the same; a spec with no neighbour form view does not compile (PureForm would skip the check)"
      )
    case .equalLength, .minLength, .maxLength:
      let comparison = kind == .equalLength ? "exactly" : kind == .minLength ? "at least" : "at most"
      (checks, argument, missing, device) = (
        "a string's UTF-16 length is \(comparison) N (numbers and bools pass)", "an integer N",
        kind == .maxLength ? "passes" : "fails when N > 0", "the same"
      )
    case .minValue, .maxValue:
      (checks, argument, missing, device) = (
        "the number is \(kind == .minValue ? "at least" : "at most") N", "a number N", "passes",
        "**pureform's difference:** number text is compared and other text fails (PureForm compares numbers only); "
          + "values are compared exactly (PureForm rounds to the argument's digits first)"
      )
    case .type:
      (checks, argument, missing, device) = (
        "the string is an e-mail address or a full name", "`\"email\"` or `\"full_name\"`", "fails",
        "**pureform's difference:** `email` is the WHATWG rule and `full_name` takes any case and Unicode letters"
      )
    case .custom:
      (checks, argument, missing, device) = (
        "the regular expression matches the whole string", "a pattern (PCRE2), or `\"email\"`/`\"full_name\"`",
        "fails", "**pureform's difference:** PCRE2, not ICU; a match over the limits fails instead of hanging"
      )
    case .registered:
      return nil
    }
    return """
      **\(written)**: \(checks).

      - argument: \(argument)
      - missing value: \(missing)
      - device: \(device)\(live ? "; with `!` the device checks it live, as the user types" : "")
      """
  }

  /// A reserved word: its meaning and whether the device reads it.
  static func reservedWord(_ word: String) -> String? {
    guard let reserved = ReservedWord(rawValue: word) else { return nil }
    let (meaning, device): (String, Bool)
    switch reserved {
    case .section: (meaning, device) = ("the cells after this marker belong to section N", true)
    case .include:
      (meaning, device) = ("inserts that file's cells here (path relative to this file)", false)
    case .value: (meaning, device) = ("the view's initial value", true)
    case .key: (meaning, device) = ("the output key of the form view, a dotted path", true)
    case .validators: (meaning, device) = ("the validators, an object of name → argument", true)
    case .display: (meaning, device) = ("the property that displays the value", true)
    case .type: (meaning, device) = ("the field's type: text, number, integer, bool or image", false)
    case .messages: (meaning, device) = ("failure messages of this field, by validator", false)
    case .persist: (meaning, device) = ("`false` keeps the value out of the output", false)
    case .visibleIf: (meaning, device) = ("the view is validated and output only when this condition holds", false)
    case .requiredIf: (meaning, device) = ("the view may not be missing when this condition holds", false)
    case .sameAs: (meaning, device) = ("the value must equal the value at this binding path", false)
    case .items: (meaning, device) = ("bounds on the element count of the view's repeated group", false)
    case .format:
      (meaning, device) = ("the shape a present value must have: url, uuid, date, date_time or time", false)
    case .schemes: (meaning, device) = ("the schemes a `url` takes instead of http and https", false)
    case .oneOf: (meaning, device) = ("the values the view's value must be one of", false)
    case .noneOf: (meaning, device) = ("the values the view's value must not be", false)
    case .minimum: (meaning, device) = ("the earliest date, date_time or time: a literal or a binding path", false)
    case .maximum: (meaning, device) = ("the latest date, date_time or time: a literal or a binding path", false)
    }
    let reads = device ? "the device reads it (PureForm)" : "pureform's extension: the device does not read it"
    return "**\(word)**: \(meaning).\n\n\(reads)"
  }

  /// A UIKit constant: its table and integer.
  static func constant(_ name: String) -> String? {
    guard let (table, value) = UIKitEnum.constant(named: name) else { return nil }
    return "**\(name)**: `\(table.rawValue)` constant, integer \(value)"
  }
}

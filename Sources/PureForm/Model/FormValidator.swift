/// One validator of a field, its argument typed at compile time.
struct FormValidator: Sendable {
  /// The name failures use: the built-in's name, or the registered validator's.
  var name: String {
    if case .registered(let registered, _) = argument { return registered.name }
    return kind.rawValue
  }

  /// Which rule.
  var kind: ValidatorKind
  /// Whether the name ended in `!`: run on every change, not only on submit.
  var isLive: Bool
  var argument: ValidatorArgument
  /// The span of the validator's name.
  @CompactRange var range: SourceRange
  /// The argument as written in the spec, for failure output.
  var argumentJSON: JSONNode

  /// The span of its argument (kept once, in `argumentJSON`).
  var argumentRange: SourceRange { argumentJSON.range }
}

/// PureForm's eleven validators, and the kind of every validator registered in code.
package enum ValidatorKind: String, Sendable, CaseIterable {
  case equal, equalNext = "equal_next", equalPrevious = "equal_previous", equalLength = "equal_length"
  case minLength = "min_length", maxLength = "max_length", minValue = "min_value", maxValue = "max_value"
  case required, type, custom
  /// A validator from the `ValidatorRegistry` of the compile options; its name is in its argument.
  ///
  /// The raw value is no name a spec can use: `builtIn(named:)` never returns this case.
  case registered = "(registered)"

  /// PureForm's eleven, in PureForm's order.
  package static let builtIns: [ValidatorKind] = allCases.filter { $0 != .registered }

  /// The built-in validator with this name (without `!`), nil for any other name.
  static func builtIn(named name: String) -> ValidatorKind? {
    let length = name.utf8.count
    // Every name is ASCII, equal only to the same bytes: a name of another length is compared with none, where
    // `init(rawValue:)` compared it with each case's text (every validator of a large spec asks).
    guard name.isASCIIBytes else {
      guard let kind = ValidatorKind(rawValue: name), kind != .registered else { return nil }
      return kind
    }
    return builtIns.first { $0.rawValue.utf8.count == length && $0.rawValue == name }
  }
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
  /// `custom`: the pattern's text. The model holds no PCRE2 object: the compiler compiles each pattern
  /// once and hands the compiled ones to the validation plan beside the model (`SpecCompiler.patterns`).
  case pattern(String)
  /// A registered validator and its argument, any JSON value. Boxed (`indirect`): it is rare and four times
  /// the size of the other cases, which every validator of a large spec would otherwise pay for.
  indirect case registered(RegisteredValidator, FormValue)
}

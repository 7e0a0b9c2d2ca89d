/// A validator written in code: its name, its default failure reason, and its check.
struct RegisteredValidator: Sendable {
  /// The name a spec uses in `<validators>` (with `!` for live), and failures report.
  var name: String
  /// The failure reason unless `<messages>` gives one; every `%@` becomes the argument's text.
  var defaultReason: String
  /// Whether `value` (the field's present value, coerced when it has a `<type>`) passes with `argument`
  /// (the spec's, any JSON value).
  var check: @Sendable (FormValue, FormValue) -> Bool
}

/// Named validators written in code, usable in specs like PureForm's eleven.
///
/// ```swift
/// var registry = ValidatorRegistry()
/// registry.register("multiple_of", defaultReason: "Value is not a multiple of %@") { value, argument in
///   guard case .number(let text) = value, let number = Int(text),
///     case .number(let step) = argument, let step = Int(step), step != 0 else { return false }
///   return number % step == 0
/// }
/// let result = FormCompiler.compile(string: spec, options: CompileOptions(validators: registry))
/// ```
///
/// A spec compiled with the registry may name `multiple_of` (or `multiple_of!`) in `<validators>`, with
/// any JSON argument; compiled without it, the name is an unknown validator (`PF304`). A registered
/// validator passes a missing value (as `max_length` and the value ranges do) and checks every present
/// one, after the field's type coercion when it has a `<type>`: the check sees a string, a number or a bool.
public struct ValidatorRegistry: Sendable {
  private var validators: [String: RegisteredValidator] = [:]
  /// The registered names in the order they were registered.
  public private(set) var names: [String] = []

  /// Creates an empty registry.
  public init() {}

  /// Registers a validator; a later registration of the same name replaces the earlier one.
  ///
  /// - Parameters:
  ///   - name: The name specs use, without `!`. It must be non-empty, must not end in `!`, and must not be a
  ///     built-in validator's name or `type_mismatch` / `keyboard_type` (a precondition).
  ///   - defaultReason: The failure reason; every `%@` is replaced by the argument's text. A field's
  ///     `<messages>` entry for `name` overrides it.
  ///   - check: Called with the field's value and the validator's argument; returns whether the value passes.
  ///     It runs concurrently when the form validates from several threads.
  public mutating func register(
    _ name: String, defaultReason: String, _ check: @escaping @Sendable (FormValue, FormValue) -> Bool
  ) {
    precondition(!name.isEmpty && !name.hasSuffix("!"), "a validator name is non-empty and has no '!'")
    precondition(
      ValidatorKind(rawValue: name) == nil && !FailureReasonKey.nonValidatorNames.contains(name),
      "'\(name)' is a built-in name")
    if validators[name] == nil { names.append(name) }
    validators[name] = RegisteredValidator(name: name, defaultReason: defaultReason, check: check)
  }

  /// The validator registered under `name`, if any.
  func validator(named name: String) -> RegisteredValidator? {
    validators[name]
  }
}

/// A function applied to a field's value before it is coerced and validated, such as one stripping a
/// phone number's spaces; the value it returns is also the one output.
public typealias ValueTransformer = @Sendable (FormValue) -> FormValue

/// What a compilation may use beside the spec itself.
public struct CompileOptions: Sendable {
  /// The table `*` properties are resolved through; without one, localization keys are kept unresolved.
  public var strings: StringsTable?
  /// Validators written in code that the spec may name beside PureForm's eleven.
  public var validators: ValidatorRegistry
  /// Functions applied to a field's value before validation, by the field's dotted `<key>` (or
  /// `unknown_key_N`); keys no field has are ignored.
  public var transformers: [String: ValueTransformer]
  /// Failure reason texts and keyboard type validation, built into the form's validation plan.
  ///
  /// A failure-reason key (`PFValidationMinLengthFailure`, …) in `strings` takes the place of the same key
  /// here: the table is the locale's; a validator's `<messages>` text comes before both.
  public var settings: ValidationSettings
  /// Warnings left out of the result, as a compiler's `-Wno-…` flags leave them out; codes whose findings
  /// are errors are never left out.
  public var silencedWarnings: Set<DiagnosticCode>
  /// How the files a spec includes (`<include>`) are read: from disk unless you say otherwise.
  public var includes: IncludeReader

  /// Creates options; everything is optional.
  public init(
    strings: StringsTable? = nil, validators: ValidatorRegistry = ValidatorRegistry(),
    transformers: [String: ValueTransformer] = [:], settings: ValidationSettings = ValidationSettings(),
    silencedWarnings: Set<DiagnosticCode> = [], includes: IncludeReader = .files
  ) {
    self.strings = strings
    self.validators = validators
    self.transformers = transformers
    self.settings = settings
    self.silencedWarnings = silencedWarnings
    self.includes = includes
  }
}

extension CompileOptions {
  /// `settings` with the failure-reason texts of `strings` in the place of its own.
  var validationSettings: ValidationSettings {
    guard let strings else { return settings }
    var merged = settings
    for key in FailureReasonKey.allCases {
      if let text = strings.entries[key.rawValue] { merged.failureReasons[key] = text }
    }
    return merged
  }
}

import Testing

@testable import PureForm

/// Failure texts: PureForm's defaults with `%@` replaced, the settings' `failureReasons`, then `<messages>`.
@Suite struct FailureReasonTests {
  /// A failure's name is its key's: a built-in validator's failures report its name, and the failures no
  /// validator names report pureform's (`<messages>` takes the same names).
  @Test func eachKeyNamesItsFailures() {
    for kind in ValidatorKind.builtIns {
      #expect(FailureReasonKey(kind).failureName == kind.rawValue)
    }
    #expect(
      FailureReasonKey.allCases.map(\.failureName) == [
        "equal", "equal_next", "equal_previous", "equal_length", "min_length", "max_length", "min_value", "max_value",
        "required", "type", "custom", "", "type_mismatch", "keyboard_type", "same_as", "min_items", "max_items",
        "format", "in", "not_in", "min", "max",
      ])
    #expect(
      FailureReasonKey.nonValidatorNames == [
        "type_mismatch", "keyboard_type", "required_if", "same_as", "min_items", "max_items", "format", "in", "not_in",
        "min", "max",
      ])
  }

  @Test func defaultTextsArePureFormsVerbatim() {
    let texts = Dictionary(uniqueKeysWithValues: FailureReasonKey.allCases.map { ($0.rawValue, $0.defaultText) })
    #expect(
      texts == [
        "PFValidationEqualFailure": "Value doesn't match expected one (%@)",
        "PFValidationEqualNextFailure": "Value doesn't match next one",
        "PFValidationEqualPreviousFailure": "Value doesn't match previous one",
        "PFValidationEqualLengthFailure": "Value length doesn't match expected one (%@)",
        "PFValidationMinLengthFailure": "String length is too short, than expected (%@)",
        "PFValidationMaxLengthFailure": "String length is too long, than expected (%@)",
        "PFValidationMinValueFailure": "Value is too small, than expected (%@)",
        "PFValidationMaxValueFailure": "Value is too big, than expected (%@)",
        "PFValidationRequiredFailure": "Value is required",
        "PFValidationTypeFailure": "Value doesn't match %@ format",
        "PFValidationCustomFailure": "Check value you entered",
        "PFValidationUnknownFailure": "",
        "PFValidationTypeMismatchFailure": "Value is not a valid %@",
        "PFValidationKeyboardTypeFailure": "Value contains characters the keyboard cannot type",
        "PFValidationSameAsFailure": "Value doesn't match the value at %@",
        "PFValidationMinItemsFailure": "At least %@ items are required",
        "PFValidationMaxItemsFailure": "At most %@ items are allowed",
        "PFValidationFormatFailure": "Value doesn't match %@ format",
        "PFValidationInFailure": "Value is not one of the allowed values",
        "PFValidationNotInFailure": "Value is not allowed",
        "PFValidationMinFailure": "Value is too early, than expected (%@)",
        "PFValidationMaxFailure": "Value is too late, than expected (%@)",
      ])
  }

  @Test func everyPercentAtIsReplacedLiterally() throws {
    let settings = ValidationSettings(failureReasons: [.minLength: "%@ at least, %@!", .required: "Needed (%@)"])
    let spec = field(#""<key>": "a", "<validators>": {"required": true, "min_length": 3}"#)
    #expect(
      try failures(spec, #"{"a": "x"}"#, compile: CompileOptions(settings: settings)) == [
        "a min_length: 3 at least, 3!"
      ])
    // PureForm writes `true` as "1" (NSNumber's stringValue); pureform writes the JSON text.
    #expect(try failures(spec, "{}", compile: CompileOptions(settings: settings)) == ["a required: Needed (true)"])
    let format = field(#""<key>": "a", "<validators>": {"custom": "%d"}, "<messages>": {"custom": "not %@ (%%@)"}"#)
    #expect(try failures(format, #"{"a": "x"}"#) == ["a custom: not %d (%%d)"], "a replacement, not a format string")
  }

  @Test func argumentsAreWrittenAsTheSpecWroteThem() throws {
    let spec = field(#""<key>": "a", "<validators>": {"equal": "Caf\u00e9 \"2\""}"#)
    let failure = try #require(try validation(spec, #"{"a": "x"}"#).failures.first)
    #expect(failure.reason == #"Value doesn't match expected one (Café "2")"#, "strings raw, not quoted")
    #expect(failure.argument == .string(#"Café "2""#))
    let number = field(#""<key>": "n", "<validators>": {"min_value": 1.50e1}"#)
    #expect(try failures(number, #"{"n": 1}"#) == ["n min_value: Value is too small, than expected (1.50e1)"])
  }

  @Test func messagesOverrideSettingsWhichOverrideDefaults() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a", "<validators>": {"min_length!": 3},
                             "<messages>": {"min_length": "At least %@ letters"}}}},
        {"<= + =>": {"f?": {"<key>": "b", "<validators>": {"min_length": 3}}}},
        {"<= + =>": {"f?": {"<key>": "c", "<type>": "integer", "<messages>": {"type_mismatch": "Whole %@s only"}}}},
        {"<= + =>": {"f?": {"<key>": "d", "<type>": "integer"}}}
      ]
      """
    let input = #"{"a": "x", "b": "x", "c": 1.5, "d": 1.5}"#
    #expect(
      try failures(spec, input) == [
        "a min_length: At least 3 letters",
        "b min_length: String length is too short, than expected (3)",
        "c type_mismatch: Whole integers only",
        "d type_mismatch: Value is not a valid integer",
      ])
    let settings = ValidationSettings(failureReasons: [.minLength: "Short (%@)", .typeMismatch: "Not a %@"])
    #expect(
      try failures(spec, input, compile: CompileOptions(settings: settings)) == [
        "a min_length: At least 3 letters", "b min_length: Short (3)", "c type_mismatch: Whole integers only",
        "d type_mismatch: Not a integer",
      ])
  }

  @Test func settingsFilesAreRead() throws {
    let file = SourceFile(
      name: "settings.json",
      text: """
        {"failureReasons": {"PFValidationRequiredFailure": "Please fill this in"},
         "keyboardTypeValidation": true, "keyboardAvoiding": false}
        """)
    let settings = try ValidationSettings(json: file)
    #expect(settings.failureReasons == [.required: "Please fill this in"])
    #expect(settings.keyboardTypeValidation)
  }

  @Test func settingsFileErrorsAreClear() {
    func error(_ text: String) -> String {
      do {
        _ = try ValidationSettings(json: SourceFile(name: "s.json", text: text))
        return "no error"
      } catch {
        return error.description
      }
    }
    #expect(
      error(#"{"failureReasons": {"PFValidationMinLenghtFailure": "x"}}"#)
        == "s.json:1:21: unknown failure reason key 'PFValidationMinLenghtFailure' (did you mean 'PFValidationMinLengthFailure'?)"
    )
    #expect(
      error(#"{"keyboardTypeValidaton": true}"#)
        == "s.json:1:2: unknown settings key 'keyboardTypeValidaton' (did you mean 'keyboardTypeValidation'?)")
    #expect(
      error(#"{"keyboardTypeValidation": "yes"}"#) == "s.json:1:28: 'keyboardTypeValidation' must be true or false")
    #expect(error(#"{"failureReasons": []}"#) == "s.json:1:20: 'failureReasons' must be an object of key to text")
    #expect(
      error(#"{"failureReasons": {"PFValidationRequiredFailure": 1}}"#)
        == "s.json:1:52: the reason for 'PFValidationRequiredFailure' must be a string")
    #expect(error("[]") == "s.json: settings must be a JSON object")
    #expect(error("{").hasPrefix("s.json:1:2: "), "the JSON reader's own message, with its location")
  }
}

import Testing

@testable import PureForm

/// The warnings where PureForm's verdict differs from how a spec reads (PF312, PF316, PF317, PF318), the
/// error for a UIKit constant of the wrong enum (PF408), and silencing warnings by code or name.
///
/// Members start at line 5, column 9.
@Suite struct SurprisingVerdictTests {
  /// The notes of `spec`'s only diagnostic.
  static func notes(_ spec: String) -> [String] {
    let found = FormCompiler.compile(string: spec).diagnostics
    #expect(found.count == 1)
    return found.first?.notes.map(\.message) ?? []
  }

  @Test func falseIsStillEnforced() {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a", "<validators>": {"required": true}}}},
        {"<A + B>": {"f?": {"<key>": "b", "<validators>": {"required": true, "equal_next": false, "equal_previous": false}}}},
        {"<A + B>": {"f?": {"<key>": "c", "<validators>": {"required": true}}}}
      ]
      """
    #expect(
      diagnose(spec) == [
        "3:86: warning: validator 'equal_next' is false, but it is still enforced [PF312]",
        "3:111: warning: validator 'equal_previous' is false, but it is still enforced [PF312]",
      ])
    #expect(
      SurprisingVerdictTests.notes(field(#""<key>": "a", "<validators>": {"required": false}"#)) == [
        "PureForm ignores the argument and runs 'required' anyway, so pureform does too: remove the validator "
          + "to make the field optional, or write true"
      ])
  }

  @Test func customEmailAndFullNameAreRules() {
    #expect(
      diagnose(field(#""<key>": "a", "<validators>": {"required": true, "custom": "email"}"#)) == [
        #"5:68: warning: 'custom' "email" runs PureForm's email rule, not a pattern [PF316]"#
      ])
    #expect(
      SurprisingVerdictTests.notes(field(#""<key>": "a", "<validators>": {"required": true, "custom": "full_name"}"#))
        == [
          #"PureForm's 'custom' shares its code with 'type', so "full_name" selects the rule 'type' names (the word 'full_name' itself fails it)"#,
          #"write '"type": "full_name"' to say so, or "^full_name$" to match the word"#,
        ])
    // Any other pattern is a pattern, even one that reads like a rule's name.
    #expect(codes(field(#""<key>": "a", "<validators>": {"required": true, "custom": "Email"}"#)) == [])
    #expect(codes(field(#""<key>": "a", "<validators>": {"required": true, "custom": "^email$"}"#)) == [])
  }

  @Test(arguments: [
    (#""equal": "x""#, "'equal' fails an empty value"),
    (#""type": "email""#, "'type' fails an empty value"),
    (#""custom": "[a-z]*""#, "'custom' fails an empty value"),
    (#""equal_length": 4"#, "'equal_length' 4 fails an empty value"),
    (#""min_length!": 1"#, "'min_length' 1 fails an empty value"),
  ])
  func aValidatorThatFailsEmptyWarnsWithoutRequired(_ validator: String, _ what: String) {
    #expect(
      diagnose(field(#""<key>": "day", "<validators>": {\#(validator)}"#)) == [
        "5:42: warning: field 'day' can never be left empty: \(what), and it has no 'required' [PF317]"
      ])
    // Saying `required` (true or false: both are enforced) says the field cannot be left empty.
    #expect(codes(field(#""<key>": "day", "<validators>": {\#(validator), "required": true}"#)) == [])
  }

  @Test func theNoteSaysWhatToWrite() {
    #expect(
      SurprisingVerdictTests.notes(field(#""<key>": "a", "<validators>": {"min_length": 6}"#)) == [
        #"on the device an empty field is nil, and PureForm's 'min_length' fails nil: write '"required": true' to say so, or remove 'min_length' if the field may be left empty"#
      ])
  }

  @Test func validatorsThatPassEmptyDoNotWarn() {
    for validators in [
      #""equal_length": 0"#, #""min_length": 0"#, #""max_length": 3"#, #""min_value": 1"#, #""max_value": 9"#,
      #""multiple_of": 3"#,
    ] {
      let options = CompileOptions(validators: LibraryExampleTests.registry())
      #expect(codes(field(#""<key>": "a", "<validators>": {\#(validators)}"#), options: options) == [], "\(validators)")
    }
  }

  @Test func theFirstValidatorThatFailsEmptyIsNamed() {
    #expect(
      diagnose(field(#""<key>": "a", "<validators>": {"max_length": 9, "min_length": 2, "type": "email"}"#)) == [
        "5:57: warning: field 'a' can never be left empty: 'min_length' 2 fails an empty value, and it has no 'required' [PF317]"
      ])
    // A view without `<key>` is named by its view name (and warned about its key too).
    #expect(
      diagnose(field(#""<validators>": {"equal": "x"}"#)).last
        == "5:26: warning: view 'textField' can never be left empty: 'equal' fails an empty value, and it has no 'required' [PF317]"
    )
  }

  @Test func neighboursFailEmpty() {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "password", "<validators>": {"required": true}}}},
        {"<A + B>": {"f?": {"<key>": "confirm", "<validators>": {"equal_previous": true}}}}
      ]
      """
    #expect(
      diagnose(spec) == [
        "3:60: warning: field 'confirm' can never be left empty: 'equal_previous' fails an empty value, and it has no 'required' [PF317]"
      ])
  }

  @Test func equalWithAStringOnANumberField() {
    let spec = field(#""<key>": "guests", "<value>": 0, "<validators>": {"required": true, "equal": "2"}"#)
    let found = FormCompiler.compile(string: spec).diagnostics
    #expect(
      diagnose(spec) == [
        "5:86: warning: validator 'equal' has a string argument, but the field's values are numbers [PF318]"
      ])
    #expect(
      found.first?.notes.map(\.message) == [
        "'<value>' is a number: the view sends numbers",
        "PureForm never finds a string equal to a number or a bool, so every value fails 'equal'",
        "write the argument as a number: 2",
      ])
    let note = found.first?.notes.first?.range
    #expect(
      note.map { "\($0.start.line):\($0.start.column)-\($0.end.column)" } == "5:39-40", "the note points at <value>")
  }

  @Test func equalAgainstTheTypeOfATypedField() {
    let spec = field(#""<key>": "terms", "<type>": "number", "<validators>": {"required": true, "equal": true}"#)
    let found = FormCompiler.compile(string: spec).diagnostics
    #expect(found.map(\.code) == [.equalKindMismatch])
    #expect(found.first?.message == "validator 'equal' has a bool argument, but the field's values are numbers")
    #expect(
      found.first?.notes.map(\.message) == [
        "'<type>' 'number' makes every value a number",
        "PureForm compares numbers and bools by value: true equals 1 and false equals 0",
        "write the argument as a number: 1",
      ])
    #expect(found.first?.notes.first?.range?.start.column == 37, "the note points at <type>'s value")
    // `<type>` wins over `<value>`: a typed field's values are coerced to the type.
    #expect(
      codes(field(#""<key>": "a", "<type>": "text", "<value>": "", "<validators>": {"required": true, "equal": "1"}"#))
        == [])
    #expect(
      codes(
        field(#""<key>": "a", "<type>": "integer", "<value>": "3", "<validators>": {"required": true, "equal": 3}"#))
        == [])
    #expect(
      codes(field(#""<key>": "a", "<type>": "bool", "<validators>": {"required": true, "equal": "true"}"#))
        == ["PF318"])
  }

  @Test func equalOnAnEmptyTextFieldAndWithoutAKnownKind() {
    // `""` is missing, but it is what a text field sends: its values are strings.
    #expect(
      codes(field(#""<key>": "a", "<value>": "", "<validators>": {"required": true, "equal": 2026}"#)) == ["PF318"])
    #expect(
      SurprisingVerdictTests.notes(
        field(#""<key>": "a", "<value>": "", "<validators>": {"required": true, "equal": 2026}"#)
      )
      .last == #"write the argument as a string: "2026""#)
    // Without `<type>` and with a null or no `<value>`, nothing says what the view sends.
    #expect(codes(field(#""<key>": "a", "<value>": null, "<validators>": {"required": true, "equal": 1}"#)) == [])
    #expect(codes(field(#""<key>": "a", "<validators>": {"required": true, "equal": true}"#)) == [])
    // No rewriting when none is equal: a string that is no number, on a number field.
    #expect(
      SurprisingVerdictTests.notes(
        field(#""<key>": "a", "<value>": 1, "<validators>": {"required": true, "equal": "x"}"#)
      )
      .count == 2)
  }

  @Test func aConstantOfAnotherEnumIsAnError() {
    let spec = field(#""<key>": "a", "keyboardType": "UIReturnKeyNext""#)
    let result = FormCompiler.compile(string: spec)
    #expect(result.form == nil)
    #expect(
      diagnose(spec) == [
        "5:39: error: property 'keyboardType' takes a UIKeyboardType, but 'UIReturnKeyNext' is a UIReturnKeyType [PF408]"
      ])
    #expect(
      result.diagnostics.first?.notes.map(\.message) == [
        "PureForm sets the number 4, which is 'UIKeyboardTypeNumberPad'"
      ])
    #expect(
      SurprisingVerdictTests.notes(field(#""<key>": "a", "clearButtonMode": "UIKeyboardTypeWebSearch""#)) == [
        "PureForm sets the number 10, which no UITextFieldViewMode has"
      ])
  }

  @Test func everyWarningHasAName() throws {
    let warnings = DiagnosticCode.allCases.filter { $0.defaultSeverity == .warning }
    #expect(
      warnings.map { "\($0.rawValue) \($0.name)" } == [
        "PF209 section-reentered", "PF214 empty-spec", "PF311 validators-on-plain-view", "PF312 disabled-validator",
        "PF315 message-for-absent-validator", "PF316 custom-names-rule", "PF317 empty-always-fails",
        "PF318 equal-kind-mismatch", "PF411 reserved-word-on-plain-view", "PF431 device-ignores-format",
        "PF432 device-ignores-in", "PF433 device-ignores-not-in", "PF434 device-ignores-min",
        "PF435 device-ignores-max",
        "PF501 missing-key",
        "PF707 device-ignores-visible-if", "PF708 device-ignores-required-if", "PF709 device-ignores-same-as",
        "PF808 required-in-empty-group",
      ])
    #expect(DiagnosticCode.invalidUTF8.name == "invalid-utf8")
    for code in warnings {
      #expect(try DiagnosticCode.warning(named: code.name) == code)
      #expect(try DiagnosticCode.warning(named: code.rawValue.lowercased()) == code)
    }
    #expect(throws: SilencingError.notAWarning("PF408", .enumForOtherProperty)) {
      try DiagnosticCode.warning(named: "PF408")
    }
    #expect(throws: SilencingError.unknown("missing-keys", suggestion: "missing-key")) {
      try DiagnosticCode.warning(named: "missing-keys")
    }
  }

  @Test func silencedWarningsAreLeftOutOfTheResult() {
    let spec = field(#""<validators>": {"equal": "x"}, "keyboardType": "UIReturnKeyNext""#)
    #expect(codes(spec) == ["PF501", "PF317", "PF408"])
    let options = CompileOptions(silencedWarnings: [.missingKey, .emptyAlwaysFails, .enumForOtherProperty])
    let result = FormCompiler.compile(string: spec, options: options)
    #expect(result.diagnostics.map(\.code) == [.enumForOtherProperty], "an error is never left out")
    #expect(result.warningCount == 0)
  }
}

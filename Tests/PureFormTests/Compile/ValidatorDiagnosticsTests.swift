import Testing

@testable import PureForm

/// One test per validator code (PF3xx), with exact positions and wording.
///
/// Members start at line 5, column 9.
@Suite struct ValidatorDiagnosticsTests {
  @Test func validatorsMustBeAnObject() {
    #expect(
      diagnose(field(#""<key>": "a", "<validators>": ["required"]"#)) == [
        "5:39: error: '<validators>' must be an object of validator name to argument, found an array [PF301]"
      ])
  }

  @Test(arguments: [
    ("\"equal\": null", "validator 'equal' needs a string, number or bool, found null"),
    ("\"equal_next\": 1", "validator 'equal_next' needs true, found the number 1"),
    ("\"equal_previous\": \"yes\"", "validator 'equal_previous' needs true, found the string \"yes\""),
    ("\"required\": {}", "validator 'required' needs true, found an object"),
    ("\"min_length\": \"6\"", "validator 'min_length' needs a non-negative integer, found the string \"6\""),
    ("\"max_length\": true", "validator 'max_length' needs a non-negative integer, found true"),
    ("\"equal_length\": []", "validator 'equal_length' needs a non-negative integer, found an array"),
    ("\"min_value\": \"13\"", "validator 'min_value' needs a number, found the string \"13\""),
    ("\"max_value\": null", "validator 'max_value' needs a number, found null"),
    ("\"type\": 1", "validator 'type' needs \"email\" or \"full_name\", found the number 1"),
    ("\"custom\": 5", "validator 'custom' needs a regular expression string, found the number 5"),
  ])
  func argumentTypes(_ validator: String, _ message: String) {
    let spec = field(#""<key>": "a", "<validators>": {\#(validator)}"#)
    let found = FormCompiler.compile(string: spec).diagnostics
    #expect(found.map(\.code) == [.validatorArgumentType])
    #expect(found.first?.message == message)
  }

  @Test func numericStringGetsAHint() {
    let found = FormCompiler.compile(string: field(#""<key>": "a", "<validators>": {"min_value": "13"}"#)).diagnostics
    #expect(found.first?.notes.map(\.message) == ["write the number without quotes: 13"])
  }

  /// Every argument that reads as what its validator takes gets the same kind of note, at the argument.
  @Test(arguments: [
    ("\"min_length\": \"5\"", "5:54", "write the number without quotes: 5"),
    ("\"max_length\": \"12\"", "5:54", "write the number without quotes: 12"),
    ("\"equal_length\": \"5\"", "5:56", "write the number without quotes: 5"),
    ("\"max_value\": \"-2.5\"", "5:53", "write the number without quotes: -2.5"),
    ("\"required\": \"true\"", "5:52", "write the boolean without quotes: true"),
    ("\"equal_next\": \"true\"", "5:54", "write the boolean without quotes: true"),
    ("\"equal_previous\": 1", "5:58", "write true instead of 1"),
  ])
  func argumentThatReadsAsTheRightTypeGetsANote(_ validator: String, _ position: String, _ note: String) {
    let spec = field(#""<key>": "a", "<validators>": {\#(validator)}"#)
    let found = FormCompiler.compile(string: spec).diagnostics.filter { $0.code == .validatorArgumentType }
    #expect(found.count == 1)
    #expect(found.first.map { "\($0.range.start.line):\($0.range.start.column)" } == position)
    #expect(found.first?.notes.map(\.message) == [note])
  }

  @Test(arguments: ["\"min_length\": \"five\"", "\"required\": \"yes\"", "\"max_value\": \" 5\"", "\"type\": 1"])
  func argumentThatReadsAsNothingGetsNoNote(_ validator: String) {
    let spec = field(#""<key>": "a", "<validators>": {\#(validator)}"#)
    let found = FormCompiler.compile(string: spec).diagnostics.filter { $0.code == .validatorArgumentType }
    #expect(found.count == 1)
    #expect(found.first?.notes == [])
  }

  @Test(arguments: ["-1", "1.5", "1e10", "99999999999999999999"])
  func lengthRange(_ value: String) {
    let found = FormCompiler.compile(string: field(#""<key>": "a", "<validators>": {"min_length": \#(value)}"#))
    #expect(found.diagnostics.map(\.code) == [.validatorArgumentRange])
    #expect(
      found.diagnostics.first?.message
        == "validator 'min_length' needs a non-negative integer no greater than 2147483647, found \(value)")
  }

  @Test func lengthsWrittenWithExponentOrFractionZeroAreIntegers() {
    #expect(
      codes(
        field(#""<key>": "a", "<validators>": {"min_length": 6.0, "max_length": 1e2}"#), options: .withoutEmptyWarnings)
        == [])
  }

  @Test func unknownValidatorSuggestsTheClosest() throws {
    let result = FormCompiler.compile(
      string: field(#""<key>": "a", "<validators>": {"min_lenght": 6, "requred!": true}"#))
    #expect(result.diagnostics.map(\.range.start.column) == [40, 57])
    #expect(result.diagnostics.map(\.message) == ["unknown validator 'min_lenght'", "unknown validator 'requred!'"])
    #expect(
      result.diagnostics.map { $0.notes.map(\.message) } == [
        ["did you mean 'min_length'?"], ["did you mean 'required!'?"],
      ])
    #expect(codes(field(#""<key>": "a", "<validators>": {"banana": 1}"#)) == ["PF304"])
    #expect(
      FormCompiler.compile(string: field(#""<key>": "a", "<validators>": {"banana": 1}"#)).diagnostics.first?.notes
        == [])
  }

  @Test func duplicateValidator() {
    let result = FormCompiler.compile(
      string: field(#""<key>": "a", "<validators>": {"min_length": 1, "min_length!": 2}"#),
      options: .withoutEmptyWarnings)
    #expect(result.diagnostics.map(\.message) == ["validator 'min_length' is given twice"])
    #expect(result.diagnostics.first?.notes.first?.message == "first given here as 'min_length'")
  }

  @Test func contradictoryLengths() {
    #expect(
      diagnose(
        field(#""<key>": "a", "<validators>": {"min_length": 10, "max_length": 5}"#), options: .withoutEmptyWarnings)
        == [
          "5:72: error: 'max_length' 5 is less than 'min_length' 10: no value satisfies both [PF306]"
        ])
    #expect(
      diagnose(
        field(#""<key>": "a", "<validators>": {"equal_length": 30, "max_length": 25}"#), options: .withoutEmptyWarnings)
        == [
          "5:56: error: 'equal_length' 30 breaks 'max_length' 25 [PF306]"
        ])
    #expect(
      diagnose(
        field(#""<key>": "a", "<validators>": {"equal_length": 3, "min_length": 4}"#), options: .withoutEmptyWarnings)
        == [
          "5:56: error: 'equal_length' 3 breaks 'min_length' 4 [PF306]"
        ])
    #expect(
      codes(
        field(#""<key>": "a", "<validators>": {"equal_length": 5, "min_length": 5, "max_length": 5}"#),
        options: .withoutEmptyWarnings) == [])
  }

  @Test func contradictoryValues() {
    #expect(
      diagnose(field(#""<key>": "a", "<validators>": {"min_value": 0.3, "max_value": 0.29999999999999999999}"#)) == [
        "5:71: error: 'max_value' 0.29999999999999999999 is less than 'min_value' 0.3: no value satisfies both [PF307]"
      ])
  }

  @Test func neighboursMustExist() {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a", "<validators>": {"equal_previous": true}}}},
        {"<A + B>": {"f?": {"<key>": "b", "<validators>": {"equal_next": true}}}},
        {"<A + B>": {"label": {"text": "no form view"}}},
        {"<section>": 1},
        {"<A + B>": {"f?": {"<key>": "c", "<validators>": {"equal_previous!": true}}}}
      ]
      """
    #expect(
      diagnose(spec, options: .withoutEmptyWarnings) == [
        "2:54: error: 'equal_previous' has no previous cell to compare with: this is the first cell of section 0 [PF308]",
        "3:54: error: 'equal_next' has no form view to compare with: the next cell has no view marked with '?' [PF308]",
        "6:54: error: 'equal_previous' has no previous cell to compare with: this is the first cell of section 1 [PF308]",
      ])
  }

  @Test func badRegexPointsInsideTheString() {
    // "(ab" fails at its end: the caret stands on the closing quote.
    #expect(
      diagnose(field(#""<key>": "a", "<validators>": {"custom": "(ab"}"#)) == [
        "5:54: error: invalid regular expression: missing closing parenthesis [PF309]"
      ])
    // An escape before the bad spot: `\\d` is two source characters for one pattern byte... and `é` is one column.
    #expect(
      diagnose(field(#""<key>": "a", "<validators>": {"custom": "é\\d*+*"}"#)) == [
        "5:57: error: invalid regular expression: quantifier does not follow a repeatable item [PF309]"
      ])
  }

  @Test func unknownTypeArgument() {
    let result = FormCompiler.compile(string: field(#""<key>": "a", "<validators>": {"type": "emial"}"#))
    #expect(result.diagnostics.map(\.message) == ["unknown value type 'emial' for validator 'type'"])
    #expect(result.diagnostics.first?.notes.map(\.message) == ["did you mean 'email'?"])
  }

  @Test func validatorsOnPlainViewsWarn() {
    #expect(
      diagnose(field(#""<validators>": {"required": true}"#, view: "label")) == [
        "5:9: warning: validators are never run: view 'label' is not a form input [PF311]"
      ])
  }

  @Test func disabledValidatorsWarn() {
    #expect(
      diagnose(field(#""<key>": "a", "<validators>": {"required": false}"#)) == [
        "5:52: warning: validator 'required' is false, but it is still enforced [PF312]"
      ])
  }

  @Test func validatorsMustFitTheType() {
    #expect(
      diagnose(
        field(#""<key>": "a", "<type>": "bool", "<validators>": {"min_length": 1}"#), options: .withoutEmptyWarnings)
        == [
          "5:58: error: validator 'min_length' cannot apply to a field of type 'bool' [PF313]"
        ])
    #expect(
      codes(
        field(#""<key>": "a", "<type>": "number", "<validators>": {"type": "email"}"#), options: .withoutEmptyWarnings)
        == ["PF313"])
    #expect(codes(field(#""<key>": "a", "<type>": "image", "<validators>": {"max_value": 1}"#)) == ["PF313"])
  }

  @Test func messagesKeys() {
    let result = FormCompiler.compile(
      string: field(
        #""<key>": "a", "<validators>": {"required": true}, "<messages>": {"requird": "x", "min_length": "y", "type_mismatch": "z"}"#
      ))
    #expect(
      result.diagnostics.map { "\($0.code.rawValue) \($0.message)" } == [
        "PF314 '<messages>' names no validator or failure 'requird'",
        "PF315 message for 'min_length' is never shown: the view has no 'min_length' validator",
      ])
  }

  @Test func everyValidatorCompilesWithItsTypedArgument() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a", "<validators>": {
          "equal": "x", "equal_next!": true, "equal_length": 1, "min_length": 1, "max_length": 1,
          "required": true, "type": "email", "custom": "x"}}}},
        {"<A + B>": {"f?": {"<key>": "b", "<validators>": {"equal_previous": true, "min_value": -1.5, "max_value!": 1e3}}}},
        {"<A + B>": {"f?": {"<key>": "c", "<validators>": {"type": "full_name"}}}}
      ]
      """
    let cells = try #require(model(spec)).cells
    let first = try #require(cells[0].views[0].field)
    #expect(
      first.validators.map(\.kind.rawValue) == [
        "equal", "equal_next", "equal_length", "min_length", "max_length", "required", "type", "custom",
      ])
    #expect(first.validators.map(\.isLive) == [false, true, false, false, false, false, false, false])
    let second = try #require(cells[1].views[0].field)
    #expect(second.type == nil)  // never inferred: a field without <type> takes the value as submitted
    let third = try #require(cells[2].views[0].field)
    guard case .number(let minimum) = second.validators[1].argument,
      case .textKind(.fullName) = third.validators[0].argument
    else {
      Issue.record("arguments not typed")
      return
    }
    #expect(minimum == ExactDecimal("-1.5"))
  }
}

import Testing

@testable import PureForm

/// PureForm's eleven validators, each at its pass and fail edges.
@Suite struct ValidatorTests {
  // MARK: required

  @Test func requiredFailsOnMissingNullAndEmpty() throws {
    let spec = field(#""<key>": "a", "<validators>": {"required": true}"#)
    #expect(try failures(spec, "{}") == ["a required: Value is required"])
    #expect(try failures(spec, #"{"a": null}"#) == ["a required: Value is required"])
    #expect(try failures(spec, #"{"a": ""}"#) == ["a required: Value is required"])
    #expect(try failures(spec, #"{"a": " "}"#) == [], "whitespace is a value, as in PureForm")
    #expect(try failures(spec, #"{"a": "x"}"#) == [])
  }

  @Test func requiredOnNumbersAndBools() throws {
    let number = field(#""<key>": "n", "<type>": "number", "<validators>": {"required": true}"#)
    #expect(try failures(number, #"{"n": 0}"#) == [])
    #expect(try failures(number, #"{"n": ""}"#) == ["n required: Value is required"], "\"\" is missing, not a mismatch")
    let flag = field(#""<key>": "b", "<type>": "bool", "<validators>": {"required": true}"#)
    #expect(try failures(flag, #"{"b": false}"#) == [])
    #expect(try failures(flag, #"{"b": ""}"#) == ["b required: Value is required"])
  }

  @Test func requiredUsesTheInitialValueButNotForNull() throws {
    let spec = field(#""<key>": "a", "<value>": "preset", "<validators>": {"required": true}"#)
    #expect(try failures(spec, "{}") == [])
    #expect(try failures(spec, #"{"a": null}"#) == ["a required: Value is required"])
  }

  @Test func anEmptyFieldFailsAsOnTheDevice() throws {
    // PureForm's nil (absent, null, "") fails min_length N > 0, equal, custom and type: no field with them
    // can stay empty, `required` or not.
    let spec = field(
      #""<key>": "a", "<validators>": {"min_length": 3, "equal": "abc", "custom": "[a-z]+", "type": "email"}"#)
    let all = ValidationOptions(allFailures: true)
    for input in ["{}", #"{"a": ""}"#, #"{"a": null}"#] {
      #expect(
        try validation(spec, input, options: all).failures.map(\.validator) == [
          "min_length", "equal", "custom", "type",
        ], "\(input)")
    }
    let optional = field(#""<key>": "a", "<validators>": {"max_length": 3, "min_value": 1, "max_value": 9}"#)
    for input in ["{}", #"{"a": ""}"#, #"{"a": null}"#] {
      #expect(try failures(optional, input) == [], "\(input)")
    }
  }

  // MARK: equal

  @Test func equalComparesStringsExactly() throws {
    let spec = field(#""<key>": "a", "<validators>": {"equal": "Basic"}"#)
    #expect(try failures(spec, #"{"a": "Basic"}"#) == [])
    #expect(try failures(spec, #"{"a": "basic"}"#) == ["a equal: Value doesn't match expected one (Basic)"])
    #expect(try failures(spec, #"{"a": "Basic "}"#).count == 1)
  }

  @Test func equalDoesNotNormalizeUnicode() throws {
    let spec = field(#""<key>": "a", "<validators>": {"equal": "\u00e9"}"#)
    #expect(try failures(spec, #"{"a": "\u00e9"}"#) == [])
    #expect(try failures(spec, #"{"a": "e\u0301"}"#).count == 1, "decomposed é is not the composed one")
  }

  @Test func equalComparesNumbersExactly() throws {
    let spec = field(#""<key>": "x", "<type>": "number", "<validators>": {"equal": 0.3}"#)
    #expect(try failures(spec, #"{"x": "0.30"}"#) == [], "0.1 + 0.2 style: 0.30 is 0.3")
    #expect(try failures(spec, #"{"x": 3e-1}"#) == [])
    #expect(try failures(spec, #"{"x": 0.30000000000000004}"#) == ["x equal: Value doesn't match expected one (0.3)"])
    let one = field(#""<key>": "x", "<type>": "number", "<validators>": {"equal": 1}"#)
    #expect(try failures(one, #"{"x": 1.0}"#) == [])
  }

  @Test func equalWithAStringArgumentOnANumberField() throws {
    // An NSString never isEqual: an NSNumber: the coerced number 5 is not the string "5".
    let spec = field(#""<key>": "x", "<type>": "number", "<validators>": {"equal": "5"}"#)
    #expect(try failures(spec, #"{"x": 5}"#).count == 1)
    #expect(try failures(spec, #"{"x": "5"}"#).count == 1)
    let untyped = field(#""<key>": "x", "<validators>": {"equal": "5"}"#)
    #expect(try failures(untyped, #"{"x": "5"}"#) == [])
    #expect(try failures(untyped, #"{"x": 5}"#).count == 1)
  }

  @Test func equalOnBools() throws {
    let spec = field(#""<key>": "t", "<type>": "bool", "<validators>": {"equal": true}"#)
    #expect(try failures(spec, #"{"t": true}"#) == [])
    #expect(try failures(spec, #"{"t": "on"}"#) == [])
    #expect(try failures(spec, #"{"t": false}"#) == ["t equal: Value doesn't match expected one (true)"])
    let text = field(#""<key>": "t", "<type>": "bool", "<validators>": {"equal": "true"}"#)
    #expect(try failures(text, #"{"t": true}"#).count == 1, "a bool and a string are different kinds")
    let one = field(#""<key>": "t", "<validators>": {"equal": 1}"#)
    #expect(try failures(one, #"{"t": true}"#) == [], "NSNumber: true equals 1")
    #expect(try failures(one, #"{"t": false}"#).count == 1)
  }

  // MARK: equal_next, equal_previous

  static let passwords = """
    [
      {"<A + B>": {"f?": {"<key>": "password", "<validators>": {"equal_next": true}}}},
      {"<= + =>": {"f?": {"<key>": "confirm", "<validators>": {"equal_previous": true}}}},
      {"<= + =>": {"f?": {"<key>": "other"}}}
    ]
    """

  @Test func equalNextAndPreviousCompareNeighbours() throws {
    let spec = Self.passwords
    #expect(try failures(spec, #"{"password": "s3cret", "confirm": "s3cret"}"#) == [])
    #expect(
      try failures(spec, #"{"password": "s3cret", "confirm": "secret"}"#) == [
        "password equal_next: Value doesn't match next one",
        "confirm equal_previous: Value doesn't match previous one",
      ])
    // PureForm's [nil isEqual:nil] is NO: a missing value fails, even beside a missing neighbour.
    #expect(try failures(spec, "{}").count == 2, "both missing fail")
    #expect(try failures(spec, #"{"password": "", "confirm": null}"#).count == 2)
    #expect(try failures(spec, #"{"password": "x"}"#).count == 2, "one missing is unequal")
    #expect(try failures(spec, #"{"password": "1", "confirm": 1}"#).count == 2, "a string is not a number")
  }

  @Test func equalNextUsesTheFirstFormViewOfTheNextCell() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a", "<validators>": {"equal_next": true}}}},
        {"<= + =>": {"label": {"text": "x"}, "g?": {"<key>": "b"}, "h?": {"<key>": "c"}}}
      ]
      """
    #expect(try failures(spec, #"{"a": "1", "b": "1", "c": "2"}"#) == [])
    #expect(try failures(spec, #"{"a": "1", "b": "2", "c": "1"}"#).count == 1)
  }

  @Test func equalNeighboursCompareNumbersByValue() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a", "<type>": "number", "<validators>": {"equal_next": true}}}},
        {"<= + =>": {"f?": {"<key>": "b", "<type>": "number"}}}
      ]
      """
    #expect(try failures(spec, #"{"a": 1.0, "b": "1"}"#) == [])
    #expect(try failures(spec, #"{"a": 1.0, "b": "1.01"}"#).count == 1)
  }

  // MARK: Lengths

  @Test func lengthsCountUTF16CodeUnits() throws {
    #expect(try failingValidators(#""<key>": "a", "<validators>": {"equal_length": 4}"#, #"{"a": "👍🏽"}"#) == [])
    #expect(
      try failingValidators(#""<key>": "a", "<validators>": {"max_length": 3}"#, #"{"a": "👍🏽"}"#) == ["max_length"])
    #expect(
      try failingValidators(#""<key>": "a", "<validators>": {"min_length": 5}"#, #"{"a": "👍🏽"}"#) == ["min_length"])
    #expect(try failingValidators(#""<key>": "a", "<validators>": {"equal_length": 2}"#, #"{"a": "😀"}"#) == [])
  }

  @Test func composedAndDecomposedAccentsHaveDifferentLengths() throws {
    let one = #""<key>": "a", "<validators>": {"max_length": 1}"#
    #expect(try failingValidators(one, #"{"a": "\u00e9"}"#) == [])
    #expect(try failingValidators(one, #"{"a": "e\u0301"}"#) == ["max_length"])
  }

  @Test func lengthEdges() throws {
    let range = #""<key>": "a", "<validators>": {"min_length": 2, "max_length": 4}"#
    #expect(try failingValidators(range, #"{"a": "a"}"#) == ["min_length"])
    #expect(try failingValidators(range, #"{"a": "ab"}"#) == [])
    #expect(try failingValidators(range, #"{"a": "abcd"}"#) == [])
    #expect(try failingValidators(range, #"{"a": "abcde"}"#) == ["max_length"])
    #expect(try failingValidators(range, #"{"a": ""}"#) == ["min_length"], "an empty field has length 0")
    let maximum = #""<key>": "a", "<validators>": {"max_length": 4, "equal_length": 0}"#
    #expect(try failingValidators(maximum, #"{"a": ""}"#) == [])
    #expect(try failingValidators(maximum, "{}") == [])
    let exact = #""<key>": "a", "<validators>": {"equal_length": 3}"#
    #expect(try failingValidators(exact, #"{"a": "abc"}"#) == [])
    #expect(try failingValidators(exact, #"{"a": "ab"}"#) == ["equal_length"])
    #expect(try failingValidators(exact, #"{"a": "abcd"}"#) == ["equal_length"])
  }

  @Test func lengthsPassNumbersAndBools() throws {
    // PureForm measures NSStrings only: a slider's 100 passes max_length 2, a switch passes min_length 5.
    for rule in [#""max_length": 2"#, #""min_length": 5"#, #""equal_length": 3"#] {
      let spec = #""<key>": "n", "<validators>": {\#(rule)}"#
      #expect(try failingValidators(spec, #"{"n": 100}"#) == [], "\(rule)")
      #expect(try failingValidators(spec, #"{"n": 12.50}"#) == [], "\(rule)")
      #expect(try failingValidators(spec, #"{"n": true}"#) == [], "\(rule)")
      #expect(try failingValidators(spec, #"{"n": "1000"}"#).count == 1, "\(rule)")
    }
  }

  @Test func lengthReasonsSubstituteTheArgument() throws {
    let spec = field(#""<key>": "a", "<validators>": {"min_length": 6, "max_length": 8, "equal_length": 7}"#)
    #expect(
      try failures(spec, #"{"a": "abc"}"#, options: ValidationOptions(allFailures: true)) == [
        "a min_length: String length is too short, than expected (6)",
        "a equal_length: Value length doesn't match expected one (7)",
      ])
    #expect(
      try failures(spec, #"{"a": "abcdefghi"}"#) == ["a max_length: String length is too long, than expected (8)"])
  }

  // MARK: min_value, max_value

  @Test func valuesCompareAsExactDecimals() throws {
    let spec = #""<key>": "x", "<validators>": {"max_value": 0.3}"#
    #expect(try failingValidators(spec, #"{"x": 0.3}"#) == [])
    #expect(try failingValidators(spec, #"{"x": "0.30"}"#) == [])
    #expect(try failingValidators(spec, #"{"x": 0.30000000000000000001}"#) == ["max_value"], "Double would say 0.3")
    #expect(try failingValidators(spec, #"{"x": 0.29999999999999999999}"#) == [])
    #expect(try failingValidators(spec, #"{"x": -1e400}"#) == [])
    #expect(try failingValidators(spec, #"{"x": 1e-400}"#) == [])
  }

  @Test func minAndMaxValueEdges() throws {
    let spec = #""<key>": "age", "<validators>": {"min_value": 13, "max_value": 120}"#
    #expect(try failingValidators(spec, #"{"age": 13}"#) == [])
    #expect(try failingValidators(spec, #"{"age": 12.999}"#) == ["min_value"])
    #expect(try failingValidators(spec, #"{"age": 1.2e2}"#) == [])
    #expect(try failingValidators(spec, #"{"age": 120.0001}"#) == ["max_value"])
    #expect(try failingValidators(spec, #"{"age": -0}"#) == ["min_value"])
    let negative = #""<key>": "t", "<validators>": {"min_value": -1.5}"#
    #expect(try failingValidators(negative, #"{"t": -1.5}"#) == [])
    #expect(try failingValidators(negative, #"{"t": -1.51}"#) == ["min_value"])
  }

  @Test func valuesOnATextFieldCompareNumberText() throws {
    let spec = #""<key>": "t", "<type>": "text", "<validators>": {"min_value": 10}"#
    #expect(try failingValidators(spec, #"{"t": "10"}"#) == [])
    #expect(try failingValidators(spec, #"{"t": "9.99"}"#) == ["min_value"])
    #expect(try failingValidators(spec, #"{"t": "ten"}"#) == ["min_value"], "text that is no number fails")
    let reason = try failures(field(spec), #"{"t": "ten"}"#)
    #expect(reason == ["t min_value: Value is too small, than expected (10)"])
  }

  @Test func valueReasonsKeepTheArgumentAsWritten() throws {
    let spec = field(#""<key>": "x", "<validators>": {"max_value": 10.250}"#)
    #expect(try failures(spec, #"{"x": 11}"#) == ["x max_value: Value is too big, than expected (10.250)"])
  }

  // MARK: type

  @Test(arguments: [
    "user@example.com", "a.b+c@sub.example.co", "user@localhost", "UPPER@EXAMPLE.COM", "o'neil!#$%&*/=?^_`{|}~-@x.io",
    "x@a-b.c", "1@2.3",
  ])
  func validEmails(_ email: String) throws {
    let spec = field(#""<key>": "e", "<validators>": {"type": "email"}"#)
    #expect(try failures(spec, #"{"e": \#(quoted(email))}"#) == [])
  }

  @Test(arguments: [
    "user", "user@", "@example.com", "user@-example.com", "user@example-.com", "user@example..com", "user @x.com",
    "us\"er@x.com", "ü@example.com", "user@exämple.com", "user@example.com.", "a@b@c", "user@example.com\n",
    "user@" + String(repeating: "a", count: 64) + ".com",
  ])
  func invalidEmails(_ email: String) throws {
    let spec = field(#""<key>": "e", "<validators>": {"type": "email"}"#)
    #expect(try failures(spec, #"{"e": \#(quoted(email))}"#) == ["e type: Value doesn't match email format"])
  }

  @Test(arguments: [
    "Ada Lovelace", "ada lovelace", "Jean-Luc O'Neill", "Zoë Ñúñez", "Mary Ann Evans", "ΑΛΕΞΑΝΔΡΟΣ Μακεδών",
    "李 小龍",
  ])
  func validFullNames(_ name: String) throws {
    let spec = field(#""<key>": "n", "<validators>": {"type": "full_name"}"#)
    #expect(try failures(spec, #"{"n": \#(quoted(name))}"#) == [])
  }

  @Test(arguments: [
    "Ada", "Ada  Lovelace", " Ada Lovelace", "Ada Lovelace ", "Ada- Lovelace", "-Ada Lovelace", "Ada--Lee Smith",
    "R2 D2", "Ada\tLovelace", "Ada Lovelace!", "Ada '",
  ])
  func invalidFullNames(_ name: String) throws {
    let spec = field(#""<key>": "n", "<validators>": {"type": "full_name"}"#)
    #expect(try failures(spec, #"{"n": \#(quoted(name))}"#) == ["n type: Value doesn't match full_name format"])
  }

  @Test func builtInPatternsStayLinearOnHostileValues() throws {
    let name = field(#""<key>": "n", "<validators>": {"type": "full_name"}"#)
    let hostile = String(repeating: "ab-", count: 20_000) + "!"
    #expect(try failures(name, #"{"n": \#(quoted(hostile))}"#) == ["n type: Value doesn't match full_name format"])
    let email = field(#""<key>": "e", "<validators>": {"type": "email"}"#)
    let domain = String(repeating: "a", count: 61) + "." + String(repeating: "a-", count: 5_000)
    #expect(try failures(email, #"{"e": \#(quoted("x@" + domain))}"#) == ["e type: Value doesn't match email format"])
  }

  // MARK: custom

  @Test func customMatchesTheWholeValue() throws {
    let spec = field(#""<key>": "zip", "<validators>": {"custom": "[0-9]{5}"}"#)
    #expect(try failures(spec, #"{"zip": "12345"}"#) == [])
    #expect(try failures(spec, #"{"zip": "123456"}"#) == ["zip custom: Check value you entered"])
    #expect(try failures(spec, #"{"zip": "x12345"}"#) == ["zip custom: Check value you entered"])
    #expect(try failures(spec, #"{"zip": "12345\n"}"#) == ["zip custom: Check value you entered"])
    let alternatives = field(#""<key>": "a", "<validators>": {"custom": "a|ab"}"#)
    #expect(try failures(alternatives, #"{"a": "ab"}"#) == [], "the whole value, not the first alternative")
  }

  @Test func customIsUnicodeAware() throws {
    let spec = field(#""<key>": "w", "<validators>": {"custom": "\\w{3}"}"#)
    #expect(try failures(spec, #"{"w": "Zoë"}"#) == [])
    let emoji = field(#""<key>": "w", "<validators>": {"custom": ".{2}"}"#)
    #expect(try failures(emoji, #"{"w": "👍🏽"}"#) == [], "two scalars: the thumb and its skin tone")
  }

  @Test func patternsFailNumbersAndBools() throws {
    // PureForm's custom and type fail any value that is not an NSString.
    let spec = field(#""<key>": "n", "<validators>": {"custom": "[1-9][0-9]*"}"#)
    #expect(try failures(spec, #"{"n": "42"}"#) == [])
    #expect(try failures(spec, #"{"n": 42}"#).count == 1)
    #expect(try failures(spec, #"{"n": true}"#).count == 1)
    let email = field(#""<key>": "n", "<validators>": {"type": "email"}"#)
    #expect(try failures(email, #"{"n": 1}"#).count == 1)
  }

  @Test func catastrophicBacktrackingFailsTheFieldInBoundedTime() throws {
    let spec = field(#""<key>": "word", "<validators>": {"required": true, "custom": "(a+)+"}"#)
    let input = #"{"word": "\#(String(repeating: "a", count: 40))!"}"#
    let clock = ContinuousClock()
    var result: ValidationResult?
    let elapsed = try clock.measure { result = try validation(spec, input) }
    let failure = try #require(result?.failures.first)
    #expect(result?.failures.count == 1)
    #expect(failure.key == "word")
    #expect(failure.validator == "custom")
    #expect(failure.argument == .string("(a+)+"))
    #expect(failure.reason.hasPrefix("pattern gave up: "))
    #expect(failure.reason.contains("backtracking"))
    #expect(elapsed < .seconds(10), "a generous bound: the match limit stops it in milliseconds")
  }

  @Test func aPatternThatGivesUpIsNeverOverriddenByMessages() throws {
    let spec = field(
      #""<key>": "w", "<validators>": {"custom": "(a|aa)+$"}, "<messages>": {"custom": "Only a's please"}"#)
    let input = #"{"w": "\#(String(repeating: "a", count: 60))b"}"#
    let reasons = try failures(spec, input)
    #expect(reasons.count == 1)
    #expect(reasons.first?.hasPrefix("w custom: pattern gave up: ") == true)
    #expect(try failures(spec, #"{"w": "ab"}"#) == ["w custom: Only a's please"])
  }

  // MARK: Order

  @Test func firstFailurePerFieldInSpecOrderByDefault() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a", "<validators>": {"min_length": 5, "custom": "[0-9]+", "required": true}}}},
        {"<= + =>": {"f?": {"<key>": "b", "<validators>": {"required": true}}}}
      ]
      """
    #expect(
      try failures(spec, #"{"a": "ab"}"#) == [
        "a min_length: String length is too short, than expected (5)", "b required: Value is required",
      ])
    #expect(
      try failures(spec, #"{"a": "ab"}"#, options: ValidationOptions(allFailures: true)) == [
        "a min_length: String length is too short, than expected (5)", "a custom: Check value you entered",
        "b required: Value is required",
      ])
  }

  // MARK: The plan

  @Test func patternsAreCompiledOnceIntoThePlan() throws {
    // The model holds the pattern's text (it has no PCRE2 object); the compiler compiles each distinct
    // pattern once and the plan runs that compiled pattern, shared by every field that has it.
    let spec = """
      [{"<A + B>": {"f?": {"<key>": "z", "<validators>": {"custom": "[0-9]{5}"}},
                    "g?": {"<key>": "y", "<validators>": {"custom": "[0-9]{5}"}}}}]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    guard case .pattern(let text) = form.model.sections[0].cells[0].views[0].field?.validators[0].argument,
      case .pattern(let planRegex) = form.plan.fields[0].checks[0].rule,
      case .pattern(let otherRegex) = form.plan.fields[1].checks[0].rule
    else {
      Issue.record("expected a pattern in the model and a compiled one in the plan")
      return
    }
    #expect(text == "[0-9]{5}")
    #expect(planRegex.pattern == text)
    #expect(planRegex === otherRegex)
    #expect(planRegex.isJIT)
    guard
      case .pattern(let email) = try #require(
        FormCompiler.compile(string: field(#""<key>": "e", "<validators>": {"type": "email"}"#)).form
      ).plan.fields[0].checks[0].rule
    else {
      Issue.record("expected the email pattern")
      return
    }
    #expect(email === TextRules.email)
  }
}

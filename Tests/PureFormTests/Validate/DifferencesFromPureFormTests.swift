import Testing

@testable import PureForm

/// PRODUCT.md's complete list of deliberate differences from PureForm, one example value each.
///
/// These are the rows of the README's "Differences from PureForm" table: what PureForm says, what pureform
/// says. Everywhere else the verdict is PureForm's (`ParityTableTests`, `WholeFormParityTests`).
@Suite struct DifferencesFromPureFormTests {
  /// The validators failing on field `a` with the given view members.
  static func failing(
    _ members: String, _ value: String, compile: CompileOptions = CompileOptions()
  ) throws -> [String] {
    try validation(
      field(#""<key>": "a", \#(members)"#), #"{"a": \#(value)}"#, options: ValidationOptions(allFailures: true),
      compile: compile
    ).failures.map(\.validator)
  }

  @Test func emailIsWHATWGNotPureFormsPattern() throws {
    let email = #""<validators>": {"type": "email"}"#
    // PureForm's [A-Z0-9a-z._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,4} refuses a real address…
    #expect(try Self.failing(email, #""x@company.technology""#) == [])
    // …and accepts broken ones.
    #expect(try Self.failing(email, #""a@b..com""#) == ["type"])
  }

  @Test func fullNameTakesAnyCaseAndUnicodeLetters() throws {
    let name = #""<validators>": {"type": "full_name"}"#
    // PureForm's ^[a-z]([-']?[a-z]+)*( [a-z]([-']?[a-z]+)*)+$ is lowercase ASCII only.
    #expect(try Self.failing(name, #""Ada Lovelace""#) == [])
    #expect(try Self.failing(name, #""Zoë Ñúñez""#) == [])
    #expect(try Self.failing(name, #""ada""#) == ["type"])
  }

  @Test func customIsPCRE2AndGivesUpInsteadOfHanging() throws {
    let result = try validation(
      field(#""<key>": "a", "<validators>": {"custom": "(a+)+"}"#),
      #"{"a": "\#(String(repeating: "a", count: 40))!"}"#)
    #expect(
      result.failures.map(\.reason) == ["pattern gave up: the pattern needed more than 100000 backtracking steps"])
  }

  @Test func valueRangesCompareStringsAndCompareExactly() throws {
    // PureForm compares NSNumbers only: the string "3" passes min_value 5 on the device.
    #expect(try Self.failing(#""<validators>": {"min_value": 5}"#, #""3""#) == ["min_value"])
    #expect(try Self.failing(#""<validators>": {"min_value": 5}"#, #""five""#) == ["min_value"])
    // PureForm rounds the value to the argument's fraction digits first: 0.30000000000000004 is 0.3 there.
    #expect(try Self.failing(#""<validators>": {"max_value": 0.3}"#, "0.30000000000000004") == ["max_value"])
  }

  @Test func keyboardTypeValidationChecksSubmittedStrings() throws {
    let on = CompileOptions(settings: ValidationSettings(keyboardTypeValidation: true))
    let pad = #""keyboardType": "UIKeyboardTypeNumberPad""#
    // PureForm stops the user typing a letter on a number pad; a record from anywhere else may hold one.
    #expect(try Self.failing(pad, #""12a""#, compile: on) == ["keyboard_type"])
    #expect(try Self.failing(pad, #""12""#, compile: on) == [])
    #expect(try Self.failing(pad, "12", compile: on) == [], "numbers are not checked")
  }

  @Test func specsPureFormMisreadsDoNotCompile() {
    // PureForm turns an unknown validator into `equal`.
    #expect(codes(field(#""<key>": "a", "<validators>": {"min_lenght": 6}"#)) == ["PF304"])
    // PureForm resolves UIReturnKeyNext to its index, 4: the number pad.
    #expect(codes(field(#""<key>": "a", "keyboardType": "UIReturnKeyNext""#)).contains("PF408"))
    #expect(
      FormCompiler.compile(string: field(#""<key>": "a", "keyboardType": "UIReturnKeyNext""#)).form == nil,
      "a constant from the wrong table is an error")
    // PureForm's table data source crashes on a section gap.
    let gap = """
      [
        {"<A + B>": {"f?": {"<key>": "a"}}},
        {"<section>": 2},
        {"<A + B>": {"f?": {"<key>": "b"}}}
      ]
      """
    #expect(codes(gap) == ["PF210"])
  }
  @Test func anEditValidatesOnlyWhatItReaches() throws {
    // The device validates every view on every submit; an edit validated with --changed-from (or PATCH)
    // leaves alone a stored value that today's min_length refuses, when the edit does not reach it.
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "company", "<validators>": {"min_length": 2}}}},
        {"<A + C>": {"f?": {"<key>": "street"}}}
      ]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    let edit = #"{"company": "X", "street": "12 Analytical Row"}"#
    #expect(try form.validate(json: edit).failures.map(\.validator) == ["min_length"])
    let result = try form.validate(
      json: Array(edit.utf8), changedFrom: Array(#"{"company": "X", "street": "1 Row"}"#.utf8))
    #expect(result.isValid)
    #expect(result.changed == ["street"])
  }

  /// `<format>`, `<in>`, `<not_in>`, `<min>`, `<max>`: reserved words the device does not know, so it accepts
  /// any value there; the server refuses, and `check` warns at each word (PF431 to PF435).
  @Test func valueRulesTheDeviceIgnores() throws {
    #expect(try Self.failing(#""<format>": "date""#, #""2023-02-29""#) == ["format"])
    #expect(try Self.failing(#""<in>": ["DE", "FR"]"#, #""XX""#) == ["in"])
    #expect(try Self.failing(#""<not_in>": ["admin"]"#, #""admin""#) == ["not_in"])
    #expect(try Self.failing(#""<format>": "date", "<max>": "2027-10-31""#, #""2027-11-01""#) == ["max"])
    let stay = """
      [
        {"<A + B>": {"f?": {"<key>": "stay.check_in", "<format>": "date"}}},
        {"<A + C>": {"f?": {"<key>": "stay.check_out", "<format>": "date", "<min>": "stay/check_in"}}}
      ]
      """
    #expect(
      try validation(stay, #"{"stay": {"check_in": "2027-06-05", "check_out": "2027-06-01"}}"#).failures.map(
        \.validator) == ["min"])
    #expect(codes(stay) == ["PF431", "PF431", "PF434"])
  }
}

import Foundation
import Testing

@testable import PureForm

// MARK: The README's library example, compiled as written (only `print` and the paths adapted).

/// Compiles the login form once, at startup: diagnostics come back as values.
func loadLoginForm(_ path: String) throws -> CompiledForm {
  let compiled = try FormCompiler.compile(path: path)
  guard let form = compiled.form else {
    let text = compiled.diagnostics.map { DiagnosticRenderer.text($0, in: compiled.source) }
    throw LoginFormError(diagnostics: text.joined(separator: "\n"))
  }
  return form
}

/// A spec that does not compile.
struct LoginFormError: Error {
  var diagnostics: String
}

/// 200 with the values to store, 422 with the failures, 400 for a body that is not a JSON object.
func handleLogin(_ form: CompiledForm, body: [UInt8]) -> (status: Int, json: String) {
  do {
    let result = try form.validate(json: body)
    return (result.isValid ? 200 : 422, result.jsonText)
  } catch {
    return (400, #"{"error":\#(FormValue.string(error.description))}"#)
  }
}

// MARK: The README's tour example ("From Swift"), verbatim between the markers: `readmeTourShowsThisCode`
// checks the README shows exactly these lines. `print` is the parameter, so the test reads what it prints.

/// Runs the README's tour example from the package root (its path is relative, as a reader runs it).
func readmeTour(print: (Bool, String) -> Void) throws {
  // README tour begins
  let compiled = try FormCompiler.compile(path: "Specs/login.json")  // diagnostics: compiled.diagnostics
  guard let form = compiled.form else { return }
  let result = try form.validate(json: Array(#"{"login": "ada@example.com"}"#.utf8))
  print(result.isValid, result.jsonText)  // false {"valid":false,"failures":[{"key":"password",…
  // README tour ends
}

/// The README's examples, and the rest of the library API: registered validators, transformers, options,
/// Codable results.
@Suite struct LibraryExampleTests {
  static let loginPath = CLITestPaths.root.appendingPathComponent("Specs/pureform-readme/login.json").path

  @Test func readmeTourShowsThisCode() throws {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let begin = try #require(source.range(of: "  // README tour begins\n"))
    let end = try #require(source.range(of: "  // README tour ends\n"))
    let lines = source[begin.upperBound..<end.lowerBound].split(separator: "\n").map { $0.dropFirst(2) }
    let readme = try String(
      contentsOf: CLITestPaths.root.appendingPathComponent("README.md"), encoding: .utf8)
    #expect(readme.contains("```swift\n" + lines.joined(separator: "\n") + "\n```"), "README.md's tour differs")
  }

  @Test func readmeTourPrintsWhatItSays() throws {
    // `swift test` runs from the package root (make test does), where the README's relative path resolves.
    try #require(FileManager.default.fileExists(atPath: "Specs/login.json"), "run the tests from the package root")
    var printed: [(Bool, String)] = []
    try readmeTour { printed.append(($0, $1)) }
    #expect(printed.count == 1)
    #expect(printed.first?.0 == false)
    let start = #"{"valid":false,"failures":[{"key":"password","path":"/password","validator":"required","#
    #expect(printed.first?.1.hasPrefix(start) == true)
  }

  @Test func readmeServerExample() throws {
    let form = try loadLoginForm(Self.loginPath)
    let ok = handleLogin(form, body: Array(#"{"login": "user@example.com", "password": "hunter22"}"#.utf8))
    #expect(ok.status == 200)
    #expect(ok.json == #"{"valid":true,"values":{"login":"user@example.com","password":"hunter22"}}"#)
    let sixLetters = handleLogin(form, body: Array(#"{"login": "user@example.com", "password": "hunter"}"#.utf8))
    #expect(sixLetters.status == 200)
    let short = handleLogin(form, body: Array(#"{"login": "user", "password": "hunt"}"#.utf8))
    #expect(short.status == 422)
    #expect(
      short.json
        == #"{"valid":false,"failures":[{"key":"login","path":"/login","validator":"type","argument":"email","reason":"Value doesn't match email format","section":0,"row":0,"tag":0,"line":4,"column":7},{"key":"password","path":"/password","validator":"min_length","argument":6,"reason":"String length is too short, than expected (6)","section":0,"row":1,"tag":0,"line":17,"column":7}]}"#
    )
    let broken = handleLogin(form, body: Array("[]".utf8))
    #expect(broken.status == 400)
    #expect(broken.json == #"{"error":"input must be a JSON object of key to value, found an array"}"#)
    #expect(throws: LoginFormError.self) {
      try loadLoginForm(CLITestPaths.root.appendingPathComponent("Specs/invalid/keys.json").path)
    }
  }

  @Test func compileFromStringAndBytesToo() throws {
    let text = try String(contentsOfFile: Self.loginPath, encoding: .utf8)
    let fromString = try #require(FormCompiler.compile(string: text, name: "login.json").form)
    let fromBytes = try #require(FormCompiler.compile(bytes: Array(text.utf8), name: "login.json").form)
    let input = #"{"login": "x", "password": "y"}"#
    #expect(try fromString.validate(json: input) == fromBytes.validate(json: input))
  }

  // MARK: Registered validators

  static func registry() -> ValidatorRegistry {
    var registry = ValidatorRegistry()
    registry.register("multiple_of", defaultReason: "Value is not a multiple of %@") { value, argument in
      guard case .number(let text) = value, let number = Int(text), case .number(let step) = argument,
        let step = Int(step), step != 0
      else { return false }
      return number % step == 0
    }
    registry.register("one_of", defaultReason: "Value is not one of %@") { value, argument in
      guard case .array(let choices) = argument else { return false }
      return choices.contains(value)
    }
    return registry
  }

  @Test func registeredValidatorsWorkLikeBuiltIns() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "n", "<type>": "integer", "<validators>": {"required": true, "multiple_of!": 5}}}},
        {"<= + =>": {"f?": {"<key>": "size", "<validators>": {"one_of": ["S", "M", "L"]},
                             "<messages>": {"one_of": "Pick S, M or L"}}}}
      ]
      """
    let options = CompileOptions(validators: Self.registry())
    #expect(try failures(spec, #"{"n": 10, "size": "M"}"#, compile: options) == [])
    #expect(
      try failures(spec, #"{"n": "12", "size": "XL"}"#, compile: options) == [
        "n multiple_of: Value is not a multiple of 5", "size one_of: Pick S, M or L",
      ])
    let failure = try #require(try validation(spec, #"{"n": 12}"#, compile: options).failures.first)
    #expect(failure.validator == "multiple_of")
    #expect(failure.argument == .number("5"))
    #expect(
      try failures(spec, #"{"size": ""}"#, compile: options) == ["n required: Value is required"],
      "skipped when missing")
    let live = try validation(
      spec, #"{"n": 12}"#, options: ValidationOptions(field: "n", liveOnly: true), compile: options)
    #expect(live.failures.map(\.validator) == ["multiple_of"])
    #expect(model(spec, options: options) != nil)
  }

  @Test func withoutTheRegistryTheyAreUnknownValidators() {
    let spec = field(#""<key>": "n", "<validators>": {"multiple_of": 5}"#)
    #expect(codes(spec) == ["PF304"])
    #expect(codes(spec, options: CompileOptions(validators: Self.registry())) == [])
    let typo = field(#""<key>": "n", "<validators>": {"multiple_off!": 5}"#)
    #expect(
      diagnose(typo, options: CompileOptions(validators: Self.registry())) == [
        "5:40: error: unknown validator 'multiple_off!' [PF304]"
      ])
    let result = FormCompiler.compile(string: typo, options: CompileOptions(validators: Self.registry()))
    #expect(result.diagnostics.first?.notes.map(\.message) == ["did you mean 'multiple_of!'?"])
    let duplicate = field(#""<key>": "n", "<validators>": {"multiple_of": 5, "multiple_of!": 3}"#)
    #expect(codes(duplicate, options: CompileOptions(validators: Self.registry())) == ["PF305"])
    let absent = field(#""<key>": "n", "<messages>": {"one_of": "x"}"#)
    #expect(codes(absent, options: CompileOptions(validators: Self.registry())) == ["PF315"])
  }

  @Test func theModelNamesRegisteredValidators() throws {
    let spec = field(#""<key>": "n", "<validators>": {"one_of": ["a", 1]}"#)
    let form = try #require(
      FormCompiler.compile(string: spec, options: CompileOptions(validators: Self.registry())).form)
    let model = form.modelJSON()
    #expect(model.contains(#""name": "one_of""#))
    #expect(model.contains(#""argumentType": "registered""#))
  }

  // MARK: Transformers

  @Test func transformersRunBeforeValidationAndTheirValueIsOutput() throws {
    let stripSpaces: ValueTransformer = { value in
      guard case .string(let text) = value else { return value }
      return .string(text.filter { !$0.isWhitespace })
    }
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "contact.phone", "<validators>": {"custom": "\\\\+?[0-9]{8,15}"}}}},
        {"<= + =>": {"f?": {"<key>": "note"}}}
      ]
      """
    let options = CompileOptions(transformers: ["contact.phone": stripSpaces, "nobody": stripSpaces])
    let result = try validation(spec, #"{"contact": {"phone": "+31 6 1234 5678"}, "note": "a b"}"#, compile: options)
    #expect(result.jsonText == #"{"valid":true,"values":{"contact":{"phone":"+31612345678"},"note":"a b"}}"#)
    #expect(
      try failures(spec, #"{"contact.phone": "+31 6 1234 5678"}"#) == ["contact.phone custom: Check value you entered"])
  }

  // MARK: Options

  @Test func fieldAndLiveOptions() throws {
    let form = try #require(FormCompiler.compile(path: Self.loginPath).form)
    let input = #"{"login": "nope", "password": "abc"}"#
    #expect(try form.validate(json: input, options: ValidationOptions(field: "login")).failures.map(\.key) == ["login"])
    #expect(
      try form.validate(json: #"{"login": "a@b.c"}"#, options: ValidationOptions(field: "login")).jsonText
        == #"{"valid":true,"values":{"login":"a@b.c"}}"#)
    #expect(try form.validate(json: input, options: ValidationOptions(field: "login", liveOnly: true)).isValid)
    #expect(
      try form.validate(json: input, options: ValidationOptions(field: "password", liveOnly: true)).failures.map(
        \.validator) == ["min_length"])
    #expect(throws: InputError.unknownField("pasword", suggestion: "password")) {
      try form.validate(json: input, options: ValidationOptions(field: "pasword"))
    }
    #expect(throws: InputError.liveOnlyWithoutField) {
      try form.validate(json: input, options: ValidationOptions(liveOnly: true))
    }
    #expect(throws: InputError.liveOnlyWithoutField) { try form.check(ValidationOptions(liveOnly: true)) }
  }

  @Test func fieldOptionOutputsTheOneFieldNestedOrFlat() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a.b", "<validators>": {"equal_next": true}}}},
        {"<= + =>": {"f?": {"<key>": "c", "<type>": "number"}}}
      ]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    let input = #"{"a": {"b": 1}, "c": 1.0}"#
    #expect(
      try form.validate(json: input, options: ValidationOptions(field: "a.b")).jsonText
        == #"{"valid":true,"values":{"a":{"b":1}}}"#)
    #expect(
      try form.validate(json: input, options: ValidationOptions(field: "a.b", flat: true)).jsonText
        == #"{"valid":true,"values":{"a.b":1}}"#)
    #expect(
      try form.validate(json: #"{"a": {"b": 1}, "c": "x"}"#, options: ValidationOptions(field: "a.b")).isValid
        == false, "a neighbour that does not fit its type compares as missing")
  }

  // MARK: Codable

  @Test func resultsEncodeToTheDocumentedJSON() throws {
    let form = try #require(FormCompiler.compile(path: Self.loginPath).form)
    for input in [#"{"login": "a@b.c", "password": "secret1"}"#, #"{"login": "a", "password": "b"}"#] {
      let result = try form.validate(json: input)
      let encoded = try JSONEncoder().encode(result)
      let viaCodable = try JSONSerialization.jsonObject(with: encoded) as? NSDictionary
      let viaText = try JSONSerialization.jsonObject(with: Data(result.jsonText.utf8)) as? NSDictionary
      #expect(viaCodable != nil)
      #expect(viaCodable == viaText)
      #expect(try JSONDecoder().decode(ValidationResult.self, from: encoded) == result)
      #expect(try JSONDecoder().decode(ValidationResult.self, from: Data(result.jsonText.utf8)) == result)
    }
  }

  @Test func formValuesFollowJSONEquality() throws {
    #expect(FormValue.number("1.0") == .number("1"))
    #expect(FormValue.number("0.30") == .number("3e-1"))
    #expect(FormValue.string("\u{e9}") != .string("e\u{301}"))
    #expect(FormValue.object([("a", .null), ("b", .bool(true))]) == .object([("b", .bool(true)), ("a", .null)]))
    #expect(FormValue.object([("a", .null), ("a", .bool(true))]) == .object([("a", .bool(true))]))
    #expect(Set([FormValue.number("2"), .number("2.00"), .string("2")]).count == 2)
    #expect(FormValue.object([("k", .array([.number("1e2"), .string("x\"")]))]).description == #"{"k":[1e2,"x\""]}"#)
    let decoded = try JSONDecoder().decode(
      FormValue.self, from: Data(#"{"n": 0.30000000000000000001, "s": [true, null]}"#.utf8))
    #expect(decoded == .object([("n", .number("0.30000000000000000001")), ("s", .array([.bool(true), .null]))]))
  }
}

/// Paths of the package, for tests that read its files.
enum CLITestPaths {
  /// The package root: three levels above this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()
}

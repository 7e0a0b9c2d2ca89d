import Foundation
import Testing

@testable import PureForm

/// Hostile inputs, each with the exact outcome pureform promises: a diagnostic or a result, in bounded
/// time and memory, never a crash or a silent wrong answer.
@Suite struct HostileInputTests {
  /// A one-field form with the given validators (a JSON object's members) and type.
  private func form(_ validators: String, type: String = "text") throws -> CompiledForm {
    let spec = #"[{"<A + B>": {"f?": {"<key>": "f", "<type>": "\#(type)", "<validators>": {\#(validators)}}}}]"#
    let result = FormCompiler.compile(string: spec)
    return try #require(result.form, "\(result.diagnostics.map(\.message))")
  }

  /// The outcome of validating `record` as the CLI prints it, or the input error's text.
  private func outcome(_ form: CompiledForm, _ record: String) -> String {
    do {
      return try form.validate(json: record).jsonText
    } catch {
      return "error: \(error)"
    }
  }

  @Test func deeplyNestedRecords() throws {
    let form = try form(#""required": true"#)
    #expect(
      outcome(form, String(repeating: "[", count: 100_000)) == "error: 1:513: '[' is nested deeper than 512 levels")
    let nested = "{\"f\": " + String(repeating: "{\"a\": ", count: 100_000)
    #expect(outcome(form, nested) == "error: 1:3073: '{' is nested deeper than 512 levels")
  }

  @Test func aFiftyMegabyteSpecCompiles() throws {
    let blob = String(repeating: "x", count: 50 * 1024 * 1024)
    let spec = #"[{"<A + B>": {"f?": {"<key>": "f"}}, "blob": ""# + blob + #""}]"#
    let result = FormCompiler.compile(string: spec)
    #expect(result.errorCount == 0)
    #expect(result.form?.model.cells.first?.userData.first?.key == "blob")
  }

  @Test func extremeNumbersInArguments() {
    #expect(codes(field(#""<key>": "a", "<validators>": {"max_value": 1e400, "min_value": -0}"#)) == [])
    let digits = String(repeating: "9", count: 300)
    #expect(
      diagnose(field(#""<key>": "a", "<validators>": {"max_length": \#(digits)}"#)).first?.hasSuffix(
        "found \(digits) [PF303]") == true)
    #expect(codes(field(#""<key>": "a", "<validators>": {"max_value": 1e999999999999999999999}"#)) == [])
  }

  @Test func extremeNumbersInValues() throws {
    let big = try form(#""max_value": 1e399"#, type: "number")
    #expect(outcome(big, #"{"f": 1e400}"#).contains(#""validator":"max_value""#))
    #expect(outcome(big, #"{"f": 1e398}"#) == #"{"valid":true,"values":{"f":1e398}}"#)
    let integer = try form(#""min_value": 0"#, type: "integer")
    let digits = String(repeating: "7", count: 300)
    #expect(outcome(integer, #"{"f": \#(digits)}"#) == #"{"valid":true,"values":{"f":\#(digits)}}"#)
    #expect(outcome(integer, #"{"f": -0}"#) == #"{"valid":true,"values":{"f":-0}}"#)
    #expect(outcome(integer, #"{"f": -1e-400}"#).contains(#""validator":"type_mismatch""#))
    let zero = try form(#""equal": 0"#, type: "number")
    #expect(outcome(zero, #"{"f": -0.0}"#) == #"{"valid":true,"values":{"f":-0.0}}"#)
  }

  @Test func hostileStrings() throws {
    let form = try form(#""max_length": 3"#)
    #expect(outcome(form, #"{"f": "a\u0000b"}"#) == #"{"valid":true,"values":{"f":"a\u0000b"}}"#)
    #expect(outcome(form, "{\"f\": \"a\u{0}b\"}") == "error: 1:9: unescaped control character U+0000 in string")
    #expect(outcome(form, #"{"f": "\ud800"}"#) == #"error: 1:8: lone UTF-16 surrogate escape '\ud800' in string"#)
    let overlong = [UInt8](#"{"f": ""#.utf8) + [0xC0, 0xAF] + [UInt8](#""}"#.utf8)
    #expect(
      (try? form.validate(json: overlong)) == nil
        && "\(Result { () throws(InputError) in try form.validate(json: overlong) })".contains("overlong"))
    let bom = [0xEF, 0xBB, 0xBF] + [UInt8](#"{"f": "a"}"#.utf8)
    #expect(
      "\(Result { () throws(InputError) in try form.validate(json: bom) })".contains("byte order mark"))
  }

  @Test func duplicateKeys() throws {
    #expect(codes(field(#""<key>": "a", "<key>": "b""#)) == ["PF213"])
    let form = try form(#""max_length": 3"#)
    #expect(outcome(form, #"{"f": "too long", "f": "ok"}"#) == #"{"valid":true,"values":{"f":"ok"}}"#)
  }

  /// Patterns that backtrack exponentially on forty `a`s and a `!` hit the match limit: the validator fails
  /// with the reason, it never hangs and never passes.
  @Test(arguments: ["(a+)+$", "(a|aa)+$", "^(a+)+$", "(a*)*$", "(?:a|a?)+$"])
  func catastrophicPatternsGiveUp(_ pattern: String) throws {
    let form = try form(#""custom": "\#(pattern)""#)
    let result = try form.validate(json: #"{"f": "\#(String(repeating: "a", count: 40))!"}"#)
    #expect(result.failures.first?.validator == "custom")
    #expect(
      result.failures.first?.reason == "pattern gave up: the pattern needed more than 100000 backtracking steps",
      "\(pattern)")
  }

  /// A match that gives up fails on the record kernel, with the reason that says why, in a form's own
  /// fields and in a group's elements, under the first failure and every failure.
  @Test(arguments: [ValidationOptions(), ValidationOptions(allFailures: true)])
  func aPatternThatGivesUpFailsOnTheKernel(options: ValidationOptions) throws {
    let spec = #"""
      [{"<C + C>": {
        "f?": {"<key>": "f", "<validators>": {"custom": "(a+)+$", "max_length": 3}},
        "g?": {"<key>": "items.*.g", "<validators>": {"custom": "(a|aa)+$", "min_length": 50}}
      }}]
      """#
    let form = try #require(FormCompiler.compile(string: spec, name: "gives-up.json").form)
    let hostile = String(repeating: "a", count: 40) + "!"
    let lines = [
      #"{"f": "\#(hostile)"}"#, #"{"f": "aaa", "items": [{"g": "aa"}, {"g": "\#(hostile)"}]}"#,
      #"{"f": "\#(hostile)", "items": [{"g": "\#(hostile)"}]}"#,
    ].map { Array($0.utf8) }
    let (expected, validated) = try NDJSONStreamTests.compare(form, lines, options: options)
    #expect(validated == lines.count, "every record on the kernel")
    let text = String(decoding: expected, as: UTF8.self)
    let gaveUp = "pattern gave up: the pattern needed more than 100000 backtracking steps"
    #expect(
      text.contains(
        #""key":"items.1.g","path":"/items/1/g","validator":"custom","argument":"(a|aa)+$","reason":"\#(gaveUp)""#))
    #expect(text.contains(#""validator":"max_length""#) == options.allFailures)
  }

  /// Classic ReDoS shapes that PCRE2's own optimizations (a required character that is absent,
  /// auto-possessification) settle at once: a plain failure, still never a pass.
  @Test(arguments: ["(a|a)*b", "(.*)*x", "((a+)*)*b"])
  func patternsPCRE2SettlesAtOnceStillFail(_ pattern: String) throws {
    let form = try form(#""custom": "\#(pattern)""#)
    let result = try form.validate(json: #"{"f": "\#(String(repeating: "a", count: 40))!"}"#)
    #expect(result.failures.map(\.reason) == ["Check value you entered"])
  }

  @Test func patternsTooLargeToCompileAreDiagnostics() {
    #expect(
      diagnose(field(#""<key>": "a", "<validators>": {"custom": "((((a{1000}){1000}){1000}){1000})"}"#)).map {
        $0.components(separatedBy: " [").first ?? ""
      } == ["5:84: error: invalid regular expression: regular expression is too large"])
    #expect(
      codes(field(#""<key>": "a", "<validators>": {"custom": "\#(String(repeating: "(", count: 400))"}"#)) == ["PF309"])
  }

  @Test func neighboursThatDoNotExist() {
    #expect(
      codes(
        #"[{"<A + B>": {"f?": {"<key>": "a", "<validators>": {"equal_next": true, "equal_previous": true}}}}]"#,
        options: .withoutEmptyWarnings) == ["PF308", "PF308"])
  }
}

import Testing

@testable import PureForm

/// Field types, the coercions form posts need, and `type_mismatch` for everything else.
@Suite struct CoercionTests {
  /// The output of a one-field form of `type` for `value` (JSON text): the value's JSON, or the failure.
  private func outcome(_ type: String, _ value: String) throws -> String {
    let spec = field(#""<key>": "v", "<type>": "\#(type)""#)
    let result = try validation(spec, #"{"v": \#(value)}"#)
    if let failure = result.failures.first { return "\(failure.validator): \(failure.reason)" }
    return result.values?["v"]?.description ?? "no value"
  }

  @Test func textTakesStringsOnly() throws {
    #expect(try outcome("text", #""hello""#) == #""hello""#)
    #expect(try outcome("text", "5") == "type_mismatch: Value is not a valid text")
    #expect(try outcome("text", "true") == "type_mismatch: Value is not a valid text")
    #expect(try outcome("text", "[]") == "type_mismatch: Value is not a valid text")
    #expect(try outcome("text", "{}") == "type_mismatch: Value is not a valid text")
  }

  @Test func imageTakesStrings() throws {
    #expect(try outcome("image", #""ic_turtle""#) == #""ic_turtle""#)
    #expect(try outcome("image", "1") == "type_mismatch: Value is not a valid image")
  }

  @Test func numberTakesNumbersAndNumberText() throws {
    #expect(try outcome("number", "2.50") == "2.50", "the exact text is kept")
    #expect(try outcome("number", #""2.5""#) == "2.5", "a numeric string is output as a number")
    #expect(try outcome("number", #""-1e400""#) == "-1e400")
    #expect(try outcome("number", #""1,5""#) == "type_mismatch: Value is not a valid number")
    #expect(try outcome("number", #"" 5""#) == "type_mismatch: Value is not a valid number")
    #expect(try outcome("number", #""05""#) == "type_mismatch: Value is not a valid number")
    #expect(try outcome("number", #""NaN""#) == "type_mismatch: Value is not a valid number")
    #expect(try outcome("number", "true") == "type_mismatch: Value is not a valid number")
    #expect(try outcome("number", "[1]") == "type_mismatch: Value is not a valid number")
  }

  @Test func integerTakesIntegralNumbers() throws {
    #expect(try outcome("integer", "3") == "3")
    #expect(try outcome("integer", "3.0") == "3.0")
    #expect(try outcome("integer", #""3e2""#) == "3e2")
    #expect(try outcome("integer", "3.5") == "type_mismatch: Value is not a valid integer")
    #expect(try outcome("integer", #""3.5""#) == "type_mismatch: Value is not a valid integer")
    #expect(try outcome("integer", #""three""#) == "type_mismatch: Value is not a valid integer")
  }

  @Test func boolTakesBoolsAndFormPostStrings() throws {
    for (text, value) in [("true", true), ("false", false), ("on", true), ("off", false), ("1", true), ("0", false)] {
      #expect(try outcome("bool", #""\#(text)""#) == "\(value)")
    }
    #expect(try outcome("bool", "true") == "true")
    #expect(try outcome("bool", #""yes""#) == "type_mismatch: Value is not a valid bool")
    #expect(try outcome("bool", #""TRUE""#) == "type_mismatch: Value is not a valid bool")
    #expect(try outcome("bool", "1") == "type_mismatch: Value is not a valid bool", "a JSON number is no bool")
  }

  @Test func emptyStringsAndNullAreMissingOnEveryType() throws {
    for type in FieldType.allCases {
      #expect(try outcome(type.rawValue, #""""#) == #""""#, "\(type)")
      #expect(try outcome(type.rawValue, "null") == #""""#, "\(type)")
    }
  }

  @Test func aMismatchIsTheFieldsOnlyFailure() throws {
    let spec = field(
      #""<key>": "n", "<type>": "number", "<validators>": {"required": true, "min_value": 5, "equal": 7}"#)
    let result = try validation(spec, #"{"n": "five"}"#, options: ValidationOptions(allFailures: true))
    #expect(result.failures.map(\.validator) == ["type_mismatch"])
    let failure = try #require(result.failures.first)
    #expect(failure.argument == .string("number"))
    #expect(failure.reason == "Value is not a valid number")
  }

  @Test func fieldsWithoutTypeKeepTheSubmittedKind() throws {
    // No inference: a stepper whose <value> is "0" sends the number 2, a switch with no <value> sends true;
    // both are taken and written out as sent. Only an array or object is a mismatch.
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "count", "<value>": "0"}}},
        {"<= + =>": {"f?": {"<key>": "age", "<validators>": {"min_value": 1}}}},
        {"<= + =>": {"f?": {"<key>": "flag", "<value>": false}}},
        {"<= + =>": {"f?": {"<key>": "name"}}}
      ]
      """
    let result = try validation(spec, #"{"count": 2, "age": "30", "flag": "on", "name": true}"#)
    #expect(result.jsonText == #"{"valid":true,"values":{"count":2,"age":"30","flag":"on","name":true}}"#)
    let exact = try validation(spec, #"{"count": 2.50, "age": 1e1, "flag": true, "name": -0}"#)
    #expect(exact.jsonText == #"{"valid":true,"values":{"count":2.50,"age":1e1,"flag":true,"name":-0}}"#)
    let mismatch = try validation(spec, #"{"name": [5], "flag": {}}"#, options: ValidationOptions(allFailures: true))
    #expect(mismatch.failures.map(\.validator) == ["type_mismatch", "type_mismatch"])
    #expect(mismatch.failures.first?.argument == .string("string, number or bool"))
    #expect(mismatch.failures.first?.reason == "Value is not a valid string, number or bool")
  }
}

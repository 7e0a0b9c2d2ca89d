import Testing

@testable import PureForm

/// Reading values by dotted key (nested or flat input), `<value>` defaults, `unknown_key_N`, `<persist>`,
/// and the output's shape.
@Suite struct KeyPathInputTests {
  static let vehicle = """
    [
      {"<A + B>": {"f?": {"<key>": "vehicle.brand.car.model"}}},
      {"<= + =>": {"f?": {"<key>": "vehicle.brand.car.year", "<type>": "integer"}}},
      {"<= + =>": {"f?": {"<key>": "vehicle.colour"}}},
      {"<= + =>": {"f?": {"<key>": "owner"}}}
    ]
    """

  @Test func nestedInputNestedOutput() throws {
    let input = #"{"vehicle": {"brand": {"car": {"model": "T", "year": 1908}}, "colour": "black"}, "owner": "Ford"}"#
    #expect(
      try validation(Self.vehicle, input).jsonText
        == #"{"valid":true,"values":{"vehicle":{"brand":{"car":{"model":"T","year":1908}},"colour":"black"},"owner":"Ford"}}"#
    )
  }

  @Test func dottedInputIsReadToo() throws {
    let input = #"{"vehicle.brand.car.model": "T", "vehicle.brand.car.year": "1908", "vehicle": {"colour": "black"}}"#
    #expect(
      try validation(Self.vehicle, input).jsonText
        == #"{"valid":true,"values":{"vehicle":{"brand":{"car":{"model":"T","year":1908}},"colour":"black"},"owner":""}}"#
    )
  }

  @Test func theDottedKeyWinsOverTheNestedPath() throws {
    let input = #"{"vehicle": {"colour": "red"}, "vehicle.colour": "blue"}"#
    #expect(try validation(Self.vehicle, input).values?["vehicle"]?["colour"] == .string("blue"))
    let reversed = #"{"vehicle.colour": "blue", "vehicle": {"colour": "red"}}"#
    #expect(try validation(Self.vehicle, reversed).values?["vehicle"]?["colour"] == .string("blue"))
    let null = #"{"vehicle.colour": null, "vehicle": {"colour": "red"}}"#
    #expect(try validation(Self.vehicle, null).values?["vehicle"]?["colour"] == .string(""))
  }

  @Test func flatOutput() throws {
    let input = #"{"vehicle": {"brand": {"car": {"model": "T"}}}}"#
    #expect(
      try validation(Self.vehicle, input, options: ValidationOptions(flat: true)).jsonText
        == #"{"valid":true,"values":{"vehicle.brand.car.model":"T","vehicle.brand.car.year":"","vehicle.colour":"","owner":""}}"#
    )
  }

  @Test func theLastOfARepeatedKeyWins() throws {
    #expect(try validation(Self.vehicle, #"{"owner": "a", "owner": "b"}"#).values?["owner"] == .string("b"))
    let replaced = #"{"vehicle": {"colour": "red"}, "vehicle": {"brand": {"car": {"model": "T"}}}}"#
    let values = try validation(Self.vehicle, replaced).values
    #expect(values?["vehicle"]?["colour"] == .string(""), "the later 'vehicle' object replaces the earlier one")
    #expect(values?["vehicle"]?["brand"]?["car"]?["model"] == .string("T"))
    let notAnObject = #"{"vehicle": {"colour": "red"}, "vehicle": 5}"#
    #expect(try validation(Self.vehicle, notAnObject).values?["vehicle"]?["colour"] == .string(""))
  }

  @Test func unknownKeysAndWrongShapesAreIgnored() throws {
    let input = #"{"vehicle": "a string", "extra": 1, "vehicle.brand": {"car": {"model": "T"}}}"#
    #expect(
      try validation(Self.vehicle, input).jsonText
        == #"{"valid":true,"values":{"vehicle":{"brand":{"car":{"model":"","year":""}},"colour":""},"owner":""}}"#,
      "a partly dotted key is not read")
  }

  @Test func initialValuesFillAbsentFieldsButNotNull() throws {
    let spec = """
      [
        {"<A + B>": {"s?": {"<key>": "plan", "<value>": "Basic"}}},
        {"<= + =>": {"s?": {"<key>": "count", "<value>": 3}}},
        {"<= + =>": {"s?": {"<key>": "on", "<value>": true}}},
        {"<= + =>": {"s?": {"<key>": "none", "<value>": null}}}
      ]
      """
    #expect(
      try validation(spec, "{}").jsonText
        == #"{"valid":true,"values":{"plan":"Basic","count":3,"on":true,"none":""}}"#)
    #expect(
      try validation(spec, #"{"plan": null, "count": "", "on": "off"}"#).jsonText
        == #"{"valid":true,"values":{"plan":"","count":"","on":"off","none":""}}"#)
  }

  @Test func keylessFormViewsAreUnknownKeys() throws {
    let spec = """
      [
        {"<A + B>": {"label": {"text": "no form view"}, "f?": {"placeholder": "first"}}},
        {"<= + =>": {"f?": {"<key>": "named"}, "g?": {"<value>": "x"}}}
      ]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    #expect(form.fieldKeys == ["unknown_key_0", "named", "unknown_key_1"])
    #expect(
      try form.validate(json: #"{"unknown_key_0": "typed", "named": "n"}"#).jsonText
        == #"{"valid":true,"values":{"unknown_key_0":"typed","named":"n","unknown_key_1":"x"}}"#)
  }

  @Test func persistFalseIsValidatedButNotOutput() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "password", "<validators>": {"equal_next": true}}}},
        {"<= + =>": {"f?": {"<key>": "confirm", "<persist>": false, "<validators>": {"required": true}}}}
      ]
      """
    #expect(
      try validation(spec, #"{"password": "p", "confirm": "p"}"#).jsonText
        == #"{"valid":true,"values":{"password":"p"}}"#)
    #expect(
      try failures(spec, #"{"password": "p"}"#) == [
        "password equal_next: Value doesn't match next one", "confirm required: Value is required",
      ])
  }

  @Test func outputKeepsSpecOrderAcrossSections() throws {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "z.last"}}},
        {"<section>": 1},
        {"<A + B>": {"f?": {"<key>": "a"}}},
        {"<= + =>": {"f?": {"<key>": "z.first"}}}
      ]
      """
    #expect(
      try validation(spec, #"{"a": "1", "z": {"first": "2", "last": "3"}}"#).jsonText
        == #"{"valid":true,"values":{"z":{"last":"3","first":"2"},"a":"1"}}"#)
  }

  @Test func invalidResultsHoldNoValues() throws {
    let result = try validation(field(#""<key>": "a", "<validators>": {"required": true}"#), "{}")
    #expect(result.values == nil)
    #expect(result.jsonText.hasPrefix(#"{"valid":false,"failures":["#))
  }

  @Test func inputThatIsNotAnObjectIsAnError() throws {
    let form = try #require(FormCompiler.compile(string: Self.vehicle).form)
    #expect(throws: InputError.notAnObject(found: "an array")) { try form.validate(json: "[1, 2]") }
    #expect(throws: InputError.notAnObject(found: "null")) { try form.validate(json: "null") }
    #expect(throws: InputError.notAnObject(found: "the string \"x\"")) { try form.validate(.string("x")) }
    #expect(throws: InputError.notJSON(line: 1, column: 13, message: "expected ',' or '}' after object member")) {
      try form.validate(json: #"{"owner": 1 "x": 2}"#)
    }
    #expect(throws: InputError.self) { try form.validate(json: "") }
    #expect(throws: InputError.self) { try form.validate(json: #"{"a": 1} x"#) }
  }
}

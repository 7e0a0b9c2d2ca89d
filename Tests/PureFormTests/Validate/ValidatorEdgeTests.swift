import Testing

@testable import PureForm

/// The same edges for each of the eleven validators on a `text` field: a passing value, a failing one, and
/// the value missing (absent, `null`, `""`: PureForm's nil, which fails every validator but `max_length`,
/// `min_value` and `max_value`) or of the wrong JSON type.
@Suite struct ValidatorEdgeTests {
  /// One validator on field `a`, which sits between two neighbours `p` and `n` that both hold "x".
  struct Case: Sendable, CustomTestStringConvertible {
    var validator: String
    var argument: String
    /// JSON values of `a` that pass and fail.
    var pass: String
    var fail: String
    /// Whether a missing `a` fails (its neighbours are present).
    var failsWhenMissing = false

    var testDescription: String { validator }

    var spec: String {
      """
      [
        {"<A + B>": {"f?": {"<key>": "p"}}},
        {"<= + =>": {"f?": {"<key>": "a", "<type>": "text", "<validators>": {"\(validator)": \(argument)}}}},
        {"<= + =>": {"f?": {"<key>": "n"}}}
      ]
      """
    }

    /// The validators failing on `a` for a JSON value of it (nil: absent).
    func failing(_ value: String?) throws -> [String] {
      let member = value.map { #", "a": \#($0)"# } ?? ""
      let result = try validation(
        spec, #"{"p": "x", "n": "x"\#(member)}"#, options: ValidationOptions(allFailures: true))
      return result.failures.map(\.validator)
    }
  }

  static let cases: [Case] = [
    Case(validator: "equal", argument: #""é""#, pass: #""\u00e9""#, fail: #""e\u0301""#, failsWhenMissing: true),
    Case(validator: "equal_next", argument: "true", pass: #""x""#, fail: #""X""#, failsWhenMissing: true),
    Case(validator: "equal_previous", argument: "true", pass: #""x""#, fail: #""x ""#, failsWhenMissing: true),
    Case(validator: "equal_length", argument: "4", pass: #""👍🏽""#, fail: #""👍""#, failsWhenMissing: true),
    Case(validator: "min_length", argument: "2", pass: #""😀""#, fail: #""é""#, failsWhenMissing: true),
    Case(validator: "max_length", argument: "1", pass: #""é""#, fail: #""e\u0301""#),
    Case(validator: "min_value", argument: "0.3", pass: #""0.30""#, fail: #""0.29999999999999999999""#),
    Case(validator: "max_value", argument: "0.3", pass: #""3e-1""#, fail: #""0.30000000000000000001""#),
    Case(validator: "required", argument: "true", pass: #""é""#, fail: #""""#, failsWhenMissing: true),
    Case(
      validator: "type", argument: #""full_name""#, pass: #""Zoë Ñúñez""#, fail: #""Zoë""#, failsWhenMissing: true),
    Case(validator: "custom", argument: #""[0-9]{5}""#, pass: #""12345""#, fail: #""123456""#, failsWhenMissing: true),
  ]

  @Test(arguments: cases)
  func passesAndFails(_ edge: Case) throws {
    #expect(try edge.failing(edge.pass) == [])
    #expect(try edge.failing(edge.fail) == [edge.validator])
  }

  @Test(arguments: cases)
  func missingValues(_ edge: Case) throws {
    let expected = edge.failsWhenMissing ? [edge.validator] : []
    #expect(try edge.failing(nil) == expected, "absent")
    #expect(try edge.failing("null") == expected, "null")
    #expect(try edge.failing(#""""#) == expected, "empty string")
  }

  @Test(arguments: cases)
  func wrongJSONTypesAreTypeMismatches(_ edge: Case) throws {
    for value in ["5", "true", "[]", #"{"a": "x"}"#] {
      #expect(try edge.failing(value) == ["type_mismatch"], "\(value)")
    }
  }

  @Test func coveringAllEleven() {
    #expect(Set(Self.cases.map(\.validator)) == Set(ValidatorKind.builtIns.map(\.rawValue)))
  }
}

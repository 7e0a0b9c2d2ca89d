import Foundation
import Testing

@testable import PureForm

/// `<format>`, `<in>`, `<not_in>`, `<min>` and `<max>` as every surface runs them: the library's
/// `validate(json:)` and `validate(_:)`, the NDJSON line (`RecordValidator`), edits and `--field`, all on the
/// one rule kernel (`PlanCheck.passesTypedRule`).
@Suite struct ValueRuleValidationTests {
  /// The shared vectors (Tests/Vectors/format-NAME.json, which the browser stage runs through the page's
  /// script too), each as one record of a one-view form, on the library and on an NDJSON line.
  @Test(arguments: ["url", "uuid", "date", "date_time", "time"])
  func everyVectorOfTheSharedFilesOnEverySurface(_ name: String) throws {
    let vectors = FormatVectors.load(name)
    #expect(vectors.format == name)
    #expect(!vectors.vectors.isEmpty)
    var forms: [String: CompiledForm] = [:]
    for vector in vectors.vectors {
      let schemes =
        vector.schemes.map { ", \"<schemes>\": \(FormValue.array($0.map(FormValue.string)).description)" } ?? ""
      let spec = field(#""<key>": "a", "<format>": "\#(name)"\#(schemes)"#)
      let form = try #require(forms[spec] ?? FormCompiler.compile(string: spec).form)
      forms[spec] = form
      let record = "{\"a\":\(quoted(vector.value))}"
      let result = try form.validate(json: record)
      if vector.value.isEmpty {
        // No text of any format, and on a form a missing value: `required`'s business, not checked here.
        #expect(!vector.valid && result.isValid)
        continue
      }
      #expect(result.isValid == vector.valid, "\(name) \(vector.testDescription)")
      #expect(try form.validate(.object([("a", .string(vector.value))])).isValid == vector.valid)
      var stream = try RecordValidator(form: form)
      #expect(stream.validate(line: record) == (vector.valid ? .valid : .invalid), "\(vector.testDescription)")
      if !vector.valid {
        #expect(
          result.failures.map { "\($0.validator) \($0.argument) \($0.reason)" } == [
            "format \"\(name)\" Value doesn't match \(name) format"
          ])
      } else {
        // A value is output as given: case, offset and fraction kept.
        #expect(result.jsonText == "{\"valid\":true,\"values\":{\"a\":\(quoted(vector.value))}}")
      }
    }
  }

  /// The vectors' orderings, as `<min>` and `<max>` compare: `lower` passes a `<max>` of `higher`, and
  /// `higher` a `<min>` of `lower`; the other way round only when they are the same point.
  @Test(arguments: ["date", "date_time", "time"])
  func everyOrderingOfTheSharedFiles(_ name: String) throws {
    for order in FormatVectors.load(name).order ?? [] {
      let spec = """
        [
          {"<A + a>": {"t?": {"<key>": "lower", "<format>": "\(name)"}}},
          {"<B + b>": {"t?": {"<key>": "higher", "<format>": "\(name)", "<min>": "lower"}}},
          {"<C + c>": {"t?": {"<key>": "earlier", "<format>": "\(name)", "<max>": "higher"}}}
        ]
        """
      let form = try #require(FormCompiler.compile(string: spec).form)
      let inOrder = try form.validate(
        json: "{\"lower\":\(quoted(order.lower)),\"higher\":\(quoted(order.higher)),\"earlier\":\(quoted(order.lower))}"
      )
      #expect(inOrder.isValid, "\(order.testDescription)")
      let reversed = try form.validate(
        json:
          "{\"lower\":\(quoted(order.higher)),\"higher\":\(quoted(order.lower)),\"earlier\":\(quoted(order.higher))}")
      #expect(reversed.isValid == (order.equal == true), "\(order.testDescription)")
      if order.equal != true {
        #expect(
          reversed.failures.map { "\($0.key) \($0.validator) \($0.argument)" } == [
            "higher min \"lower\"", "earlier max \"higher\"",
          ])
      }
    }
  }

  @Test func aPresentValueThatIsNoStringFailsFormat() throws {
    #expect(
      try failures(field(#""<key>": "a", "<format>": "uuid""#), #"{"a": 5}"#) == [
        "a format: Value doesn't match uuid format"
      ])
    #expect(
      try failures(field(#""<key>": "a", "<format>": "date""#), #"{"a": true}"#) == [
        "a format: Value doesn't match date format"
      ])
    // A missing value is `required`'s business.
    for record in [#"{}"#, #"{"a": null}"#, #"{"a": ""}"#] {
      #expect(try failures(field(#""<key>": "a", "<format>": "url", "<in>": ["x"]"#), record) == [])
    }
  }

  @Test func listsCompareAsJSONAfterCoercion() throws {
    let number = field(#""<key>": "a", "<type>": "number", "<in>": [5]"#)
    for passing in [#"5"#, #""5""#, #""5.0""#, #"5e0"#, #"0.5e1"#] {
      #expect(try failures(number, "{\"a\": \(passing)}") == [], "\(passing)")
    }
    #expect(try failures(number, #"{"a": 6}"#) == ["a in: Value is not one of the allowed values"])
    let untyped = field(#""<key>": "a", "<in>": [5, "x"]"#)
    #expect(try failures(untyped, #"{"a": "5"}"#) == ["a in: Value is not one of the allowed values"])
    #expect(try failures(untyped, #"{"a": 5.00}"#) == [])
    #expect(
      try failures(field(#""<key>": "a", "<in>": [1]"#), #"{"a": true}"#) == [
        "a in: Value is not one of the allowed values"
      ])
    let bools = field(#""<key>": "a", "<type>": "bool", "<not_in>": [false]"#)
    #expect(try failures(bools, #"{"a": "off"}"#) == ["a not_in: Value is not allowed"])
    #expect(try failures(bools, #"{"a": "on"}"#) == [])
    // Strings by UTF-16 code units: a decomposed é is not the composed one.
    let accents = field(#""<key>": "a", "<in>": ["caf\u00e9"]"#)
    #expect(try failures(accents, #"{"a": "café"}"#) == [])
    #expect(try failures(accents, #"{"a": "cafe\u0301"}"#) == ["a in: Value is not one of the allowed values"])
    #expect(try failures(accents, #"{"a": "CAFÉ"}"#) == ["a in: Value is not one of the allowed values"])
    // A long list is searched, not scanned in order.
    let many = (0..<300).map { "\"c\($0)\"" }.joined(separator: ",")
    let long = field(#""<key>": "a", "<not_in>": [\#(many)]"#)
    #expect(try failures(long, #"{"a": "c299"}"#) == ["a not_in: Value is not allowed"])
    #expect(try failures(long, #"{"a": "c300"}"#) == [])
    #expect(try failures(long, #"{"a": "c"}"#) == [])
  }

  @Test func boundsByLiteralAndByPath() throws {
    let spec = """
      [
        {"<A + a>": {"t?": {"<key>": "from", "<format>": "date_time"}}},
        {"<B + b>": {"t?": {"<key>": "to", "<format>": "date_time", "<min>": "from", "<max>": "2030-01-01T00:00:00Z"}}}
      ]
      """
    // Offsets applied: 10:00+02:00 is 08:00Z.
    #expect(try failures(spec, #"{"from": "2027-01-01T10:00:00+02:00", "to": "2027-01-01T08:00:00Z"}"#) == [])
    #expect(
      try failures(spec, #"{"from": "2027-01-01T10:00:00+02:00", "to": "2027-01-01T07:59:59.999Z"}"#) == [
        "to min: Value is too early, than expected (from)"
      ])
    #expect(
      try failures(spec, #"{"to": "2030-01-01T00:00:00.000001Z"}"#) == [
        "to max: Value is too late, than expected (2030-01-01T00:00:00Z)"
      ])
    // `-00:00` is `Z`; a bound that is missing or not of the format does not apply.
    #expect(try failures(spec, #"{"to": "2029-12-31T23:00:00-00:00"}"#) == [])
    #expect(
      try failures(spec, #"{"from": "soon", "to": "2000-01-01T00:00:00Z"}"#) == [
        "from format: Value doesn't match date_time format"
      ])
    // A value that fails `format` is not compared, even with every failure asked for.
    #expect(
      try validation(
        spec, #"{"from": "2027-01-01T00:00:00Z", "to": "2026-01-01"}"#,
        options: ValidationOptions(allFailures: true)
      ).failures.map(\.validator) == ["format"])
    let times = field(#""<key>": "a", "<format>": "time", "<min>": "10:30", "<max>": "10:30:00.5""#)
    #expect(try failures(times, #"{"a": "10:30:00"}"#) == [])
    #expect(try failures(times, #"{"a": "10:30:00.50"}"#) == [])
    #expect(try failures(times, #"{"a": "10:29:59.999"}"#).map { String($0.prefix(5)) } == ["a min"])
    #expect(try failures(times, #"{"a": "10:30:00.5000001"}"#).map { String($0.prefix(5)) } == ["a max"])
  }

  @Test func aHiddenBoundDoesNotApply() throws {
    let spec = """
      [
        {"<A + a>": {"t?": {"<key>": "later", "<type>": "bool"}}},
        {"<B + b>": {"t?": {"<key>": "start", "<format>": "date", "<visible_if>": "later"}}},
        {"<C + c>": {"t?": {"<key>": "end", "<format>": "date", "<min>": "start"}}}
      ]
      """
    #expect(
      try failures(spec, #"{"later": true, "start": "2027-05-02", "end": "2027-05-01"}"#) == [
        "end min: Value is too early, than expected (start)"
      ])
    #expect(try failures(spec, #"{"later": false, "start": "2027-05-02", "end": "2027-05-01"}"#) == [])
  }

  /// A view's order: its `<validators>`, then format, in, not_in, min, max, then same_as.
  @Test func failureOrder() throws {
    let spec = """
      [
        {"<A + a>": {"t?": {"<key>": "other", "<format>": "date"}}},
        {"<B + b>": {"t?": {"<key>": "a", "<format>": "date", "<validators>": {"max_length": 3},
          "<in>": ["2020-01-01"], "<not_in>": ["2027-01-01"], "<min>": "other", "<max>": "2026-01-01",
          "<same_as>": "other"}}}
      ]
      """
    let all = try validation(
      spec, #"{"other": "2027-02-01", "a": "2027-01-01"}"#, options: ValidationOptions(allFailures: true))
    #expect(all.failures.map(\.validator) == ["max_length", "in", "not_in", "min", "max", "same_as"])
    #expect(
      all.failures.map(\.argument) == [
        .number("3"), .array([.string("2020-01-01")]), .array([.string("2027-01-01")]), .string("other"),
        .string("2026-01-01"), .string("other"),
      ])
    #expect(all.failures.map(\.reason)[1...2] == ["Value is not one of the allowed values", "Value is not allowed"])
    let first = try validation(spec, #"{"other": "2020-01-01", "a": "2027-01-01"}"#)
    #expect(first.failures.map(\.validator) == ["max_length"])
    // `--live` runs the `!` validators only: none of these.
    let live = try validation(
      spec, #"{"other": "2020-01-01", "a": "x"}"#, options: ValidationOptions(field: "a", liveOnly: true))
    #expect(live.isValid)
  }

  @Test func reasonsFromMessagesThenSettingsThenDefaults() throws {
    let spec = field(
      #""<key>": "a", "<format>": "url", "<in>": ["https://a.example"], "<messages>": {"in": "Pick a listed site (%@)"}"#
    )
    let settings = ValidationSettings(failureReasons: [.format: "Not a %@", .oneOf: "unused"])
    let compile = CompileOptions(settings: settings)
    #expect(try failures(spec, #"{"a": "ftp://a.example"}"#, compile: compile) == ["a format: Not a url"])
    #expect(
      try failures(spec, #"{"a": "https://b.example"}"#, compile: compile) == [
        "a in: Pick a listed site ([\"https://a.example\"])"
      ])
    #expect(FailureReasonKey.minimum.defaultText == "Value is too early, than expected (%@)")
    #expect(FailureReasonKey(rawValue: "PFValidationNotInFailure") == .noneOf)
  }

  @Test func groupsResolveRelativePathsInTheElement() throws {
    let spec = """
      [
        {"<A + a>": {"t?": {"<key>": "nights.*.from", "<format>": "date"}}},
        {"<B + b>": {"t?": {"<key>": "nights.*.to", "<format>": "date", "<min>": "from", "<in>": ["2027-01-02", "2027-01-03"]}}}
      ]
      """
    let result = try validation(
      spec,
      #"{"nights": [{"from": "2027-01-01", "to": "2027-01-02"}, {"from": "2027-01-03", "to": "2027-01-02"}, {"to": "2027-01-04"}]}"#,
      options: ValidationOptions(allFailures: true))
    #expect(result.failures.map { "\($0.key) \($0.validator)" } == ["nights.1.to min", "nights.2.to in"])
  }

  @Test func editsRevalidateAViewWhoseBoundChanged() throws {
    let spec = """
      [
        {"<A + a>": {"t?": {"<key>": "start", "<format>": "date"}}},
        {"<B + b>": {"t?": {"<key>": "end", "<format>": "date", "<min>": "start"}}}
      ]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    let change = try form.validate(
      json: Array(#"{"start": "2027-05-03", "end": "2027-05-02"}"#.utf8),
      changedFrom: Array(#"{"start": "2027-05-01", "end": "2027-05-02"}"#.utf8))
    #expect(change.changed == ["start"])
    #expect(change.result.failures.map { "\($0.key) \($0.validator)" } == ["end min"])
    // `--field` reads the bound over the whole record.
    let one = try form.validate(
      json: #"{"start": "2027-05-03", "end": "2027-05-02"}"#, options: ValidationOptions(field: "end"))
    #expect(one.failures.map(\.validator) == ["min"])
  }
}

/// `pureform diff` sees the value-rule words: added tightens, removed loosens, changed changes, each located
/// at the word's value; `diff --records` judges each record by the old form and by the new, so a record the new rule refuses
/// is counted.
@Suite struct ValueRuleDiffTests {
  @Test func eachWordIsAChange() throws {
    let old = try #require(
      FormCompiler.compile(
        string: field(#""<key>": "a", "<format>": "date", "<in>": ["2027-01-01", "2027-01-02"], "<max>": "2027-12-31""#)
      ).form)
    let new = try #require(
      FormCompiler.compile(
        string: field(
          #""<key>": "a", "<format>": "date", "<in>": ["2027-01-01"], "<not_in>": ["2027-01-02"], "<min>": "2027-01-01""#
        )
      ).form)
    let changes = SpecDiff.changes(from: old, to: new)
    #expect(
      changes.map { "\($0.kind.rawValue) \($0.change) \($0.old) → \($0.new) \($0.line):\($0.column)" } == [
        "changed <in> [\"2027-01-01\",\"2027-01-02\"] → [\"2027-01-01\"] 5:51",
        "tightened <not_in> null → [\"2027-01-02\"] 5:79",
        "tightened <min> null → \"2027-01-01\" 5:104",
        "loosened <max> \"2027-12-31\" → null 5:90",
      ])
  }
}

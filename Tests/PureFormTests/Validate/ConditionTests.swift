import Foundation
import Testing

@testable import PureForm

/// `<visible_if>`, `<required_if>` and `<same_as>`: every condition form, hidden views, the failures they
/// cause, and the same bytes from the single-record path, NDJSON (`--jobs 1` and 2) and the record validator.
@Suite struct ConditionTests {
  /// A spec of one cell per view, each `"KEY": {members}` a text field keyed KEY (members without braces).
  static func spec(_ views: [(String, String)]) -> String {
    let cells = views.map { key, members in
      let extra = members.isEmpty ? "" : ", \(members)"
      return #"{"<C + c>": {"textField?": {"<key>": "\#(key)"\#(extra)}}}"#
    }
    return "[\n" + cells.joined(separator: ",\n") + "\n]"
  }

  /// `target` (a text field, required) is visible only when `condition` holds over a field `a` of `type`.
  static func visibility(_ condition: String, type: String? = nil) -> String {
    spec([
      ("a", type.map { #""<type>": "\#($0)""# } ?? ""),
      ("target", #""<visible_if>": \#(condition), "<validators>": {"required": true}"#),
    ])
  }

  /// The hidden keys for `record`, after checking the stream writes the library's JSON line, with every job count.
  static func hidden(_ spec: String, _ record: String) throws -> [String] {
    let form = try #require(FormCompiler.compile(string: spec).form, "\(diagnose(spec))")
    let result = try form.validate(json: record)
    let line = result.jsonText
    let (_, validated) = try NDJSONStreamTests.compare(form, [Array(record.utf8)], options: ValidationOptions())
    #expect(validated == 1, "the kernel evaluates the conditions of \(record)")
    for jobs in [1, 2] {
      let output = try form.validateNDJSON(Array((record + "\n").utf8), jobs: jobs).output
      let expected = "{\"line\":1," + line.dropFirst() + "\n"
      #expect(String(decoding: output, as: UTF8.self) == expected, "jobs \(jobs)")
    }
    return try #require(result.hidden)
  }

  @Test func aPathIsTrueWhenPresentAndNotFalseOrZero() throws {
    let spec = Self.visibility(#""a""#)
    #expect(try Self.hidden(spec, #"{"a": "x", "target": "t"}"#) == [])
    #expect(try Self.hidden(spec, #"{"a": " ", "target": "t"}"#) == [])
    #expect(try Self.hidden(spec, #"{"a": 2, "target": "t"}"#) == [])
    #expect(try Self.hidden(spec, #"{"a": true, "target": "t"}"#) == [])
    for absent in [
      #"{}"#, #"{"a": ""}"#, #"{"a": null}"#, #"{"a": false}"#, #"{"a": 0}"#, #"{"a": 0.0}"#, #"{"a": -0e3}"#,
    ] {
      #expect(try Self.hidden(spec, absent) == ["target"], "\(absent)")
    }
    // "false" and "0" are strings, present and truthy, unless a bool or number type coerces them.
    #expect(try Self.hidden(spec, #"{"a": "false", "target": "t"}"#) == [])
    #expect(try Self.hidden(Self.visibility(#""a""#, type: "bool"), #"{"a": "off"}"#) == ["target"])
    #expect(try Self.hidden(Self.visibility(#""a""#, type: "bool"), #"{"a": "on", "target": "t"}"#) == [])
    #expect(try Self.hidden(Self.visibility(#""a""#, type: "number"), #"{"a": "0"}"#) == ["target"])
    // A value that fails its coercion reads as missing.
    #expect(try Self.hidden(Self.visibility(#""a""#, type: "number"), #"{"a": "many"}"#) == ["target"])
  }

  @Test func negationAndNot() throws {
    #expect(try Self.hidden(Self.visibility(#""!a""#), #"{"a": "x"}"#) == ["target"])
    #expect(try Self.hidden(Self.visibility(#""!a""#), #"{"target": "t"}"#) == [])
    #expect(try Self.hidden(Self.visibility(#"{"<not>": "a"}"#), #"{"a": "x"}"#) == ["target"])
    #expect(try Self.hidden(Self.visibility(#"{"<not>": {"a": "x"}}"#), #"{"a": "y", "target": "t"}"#) == [])
  }

  @Test func comparisonsUseTheEqualRule() throws {
    let text = Self.visibility(#"{"a": "business"}"#)
    #expect(try Self.hidden(text, #"{"a": "business", "target": "t"}"#) == [])
    #expect(try Self.hidden(text, #"{"a": "Business"}"#) == ["target"])
    let number = Self.visibility(#"{"a": 1}"#)
    #expect(try Self.hidden(number, #"{"a": 1.0, "target": "t"}"#) == [])
    #expect(try Self.hidden(number, #"{"a": true, "target": "t"}"#) == [], "true equals 1, as in equal")
    #expect(try Self.hidden(number, #"{"a": "1"}"#) == ["target"], "a string never equals a number")
    let typed = Self.visibility(#"{"a": 18}"#, type: "number")
    #expect(try Self.hidden(typed, #"{"a": "18", "target": "t"}"#) == [], "the coerced value is compared")
    let missing = Self.visibility(#"{"a": null}"#)
    #expect(try Self.hidden(missing, #"{"target": "t"}"#) == [])
    #expect(try Self.hidden(missing, #"{"a": "", "target": "t"}"#) == [])
    #expect(try Self.hidden(missing, #"{"a": "x"}"#) == ["target"])
    let anyOf = Self.visibility(#"{"a": ["DE", "FR", null]}"#)
    #expect(try Self.hidden(anyOf, #"{"a": "FR", "target": "t"}"#) == [])
    #expect(try Self.hidden(anyOf, #"{"target": "t"}"#) == [])
    #expect(try Self.hidden(anyOf, #"{"a": "GB"}"#) == ["target"])
  }

  @Test func severalPathsAllAndAny() throws {
    let views: [(String, String)] = [("a", ""), ("b", "")]
    func spec(_ condition: String) -> String {
      Self.spec(views + [("target", #""<visible_if>": \#(condition), "<validators>": {"required": true}"#)])
    }
    let both = spec(#"{"a": "x", "b": "y"}"#)
    #expect(try Self.hidden(both, #"{"a": "x", "b": "y", "target": "t"}"#) == [])
    #expect(try Self.hidden(both, #"{"a": "x", "b": "z"}"#) == ["target"])
    let all = spec(#"{"<all>": ["a", "!b"]}"#)
    #expect(try Self.hidden(all, #"{"a": "x", "target": "t"}"#) == [])
    #expect(try Self.hidden(all, #"{"a": "x", "b": "y"}"#) == ["target"])
    let any = spec(#"{"<any>": ["a", "b"]}"#)
    #expect(try Self.hidden(any, #"{"b": "y", "target": "t"}"#) == [])
    #expect(try Self.hidden(any, #"{}"#) == ["target"])
    #expect(try Self.hidden(spec(#"{"<all>": []}"#), #"{"target": "t"}"#) == [], "an empty <all> holds")
    #expect(try Self.hidden(spec(#"{"<any>": []}"#), #"{}"#) == ["target"], "an empty <any> does not")
  }

  @Test func aHiddenViewIsNotValidatedNotOutputAndReadsAsMissing() throws {
    let spec = Self.spec([
      ("kind", ""),
      ("company.name", #""<visible_if>": {"kind": "business"}, "<validators>": {"required": true, "min_length": 3}"#),
      ("company.vat", #""<visible_if>": "company/name""#),
      ("confirm", #""<same_as>": "/company/name""#),
    ])
    let form = try #require(FormCompiler.compile(string: spec).form)
    let result = try form.validate(
      json: #"{"kind": "personal", "company": {"name": "X", "vat": "DE1"}, "confirm": "X"}"#)
    // company.name is hidden: its min_length is not run; company.vat reads it as missing and hides too;
    // confirm's `<same_as>` reads it as missing, and a missing value never equals.
    #expect(result.hidden == ["company.name", "company.vat"])
    #expect(result.failures.map { "\($0.key) \($0.validator)" } == ["confirm same_as"])
    let shown = try form.validate(
      json: #"{"kind": "business", "company": {"name": "Xyz", "vat": "DE1"}, "confirm": "Xyz"}"#)
    #expect(
      shown.jsonText
        == #"{"valid":true,"values":{"kind":"business","company":{"name":"Xyz","vat":"DE1"},"confirm":"Xyz"},"hidden":[]}"#
    )
    let personal = try form.validate(json: #"{"kind": "personal", "confirm": "c"}"#)
    #expect(personal.failures.map(\.validator) == ["same_as"])
    let flat = try form.validate(json: #"{"kind": "b"}"#, options: ValidationOptions(field: "kind", flat: true))
    #expect(flat.jsonText == #"{"valid":true,"values":{"kind":"b"},"hidden":["company.name","company.vat"]}"#)
    let hiddenField = try form.validate(json: #"{"kind": "b"}"#, options: ValidationOptions(field: "company.name"))
    #expect(hiddenField.jsonText == #"{"valid":true,"values":{},"hidden":["company.name","company.vat"]}"#)
  }

  @Test func requiredIfFailsAMissingValueAndCarriesItsCondition() throws {
    let spec = Self.spec([
      ("country", ""),
      ("vat", #""<type>": "integer", "<required_if>": {"country": ["DE", "FR"]}, "<validators>": {"min_value": 10}"#),
      ("note", #""<required_if>": "!country", "<messages>": {"required": "Say something"}"#),
    ])
    let form = try #require(FormCompiler.compile(string: spec).form)
    let missing = try form.validate(json: #"{"country": "DE"}"#)
    #expect(
      missing.jsonText
        == #"{"valid":false,"failures":[{"key":"vat","path":"/vat","validator":"required_if","argument":null,"condition":{"country":["DE","FR"]},"reason":"Value is required","section":0,"row":1,"tag":0,"line":3,"column":14}]}"#
    )
    #expect(missing.hidden == nil, "no <visible_if> in the form: no hidden list")
    // A type mismatch comes first and alone; a present value goes on to the validators.
    #expect(try form.validate(json: #"{"country": "DE", "vat": "x"}"#).failures.map(\.validator) == ["type_mismatch"])
    #expect(try form.validate(json: #"{"country": "DE", "vat": 3}"#).failures.map(\.validator) == ["min_value"])
    #expect(try form.validate(json: #"{"country": "GB"}"#).isValid)
    // The reason is the field's `required` reason when <messages> has no `required_if`.
    #expect(try form.validate(json: #"{}"#).failures.map(\.reason) == ["Say something"])
    // --live runs only `!` validators: required_if is none.
    #expect(
      try form.validate(json: #"{"country": "DE"}"#, options: ValidationOptions(field: "vat", liveOnly: true)).isValid)
  }

  @Test func requiredIfDoesNotStopTheValidatorsUnderAllFailures() throws {
    let spec = Self.spec([
      ("on", ""),
      ("x", #""<required_if>": "on", "<validators>": {"min_length": 2}, "<messages>": {"required_if": "needed"}"#),
    ])
    let form = try #require(FormCompiler.compile(string: spec).form)
    let all = try form.validate(json: #"{"on": true}"#, options: ValidationOptions(allFailures: true))
    #expect(
      all.failures.map { "\($0.validator): \($0.reason)" } == [
        "required_if: needed", "min_length: String length is too short, than expected (2)",
      ])
    let first = try form.validate(json: #"{"on": true}"#)
    #expect(first.failures.map(\.validator) == ["required_if"])
  }

  @Test func sameAsComparesWithTheValueAtItsPath() throws {
    let spec = Self.spec([("email", ""), ("again", #""<same_as>": "/email", "<persist>": false"#)])
    let form = try #require(FormCompiler.compile(string: spec).form)
    #expect(
      try form.validate(json: #"{"email": "a@b", "again": "a@b"}"#).jsonText
        == #"{"valid":true,"values":{"email":"a@b"}}"#)
    let differs = try form.validate(json: #"{"email": "a@b", "again": "A@b"}"#)
    #expect(
      differs.failures.map { "\($0.validator) \($0.argument) \($0.reason)" } == [
        #"same_as "/email" Value doesn't match the value at /email"#
      ])
    #expect(try form.validate(json: #"{}"#).failures.map(\.validator) == ["same_as"], "a missing value fails")
    // `<same_as>` alone is an equal-to-field check on the kernel: the stream writes the library's line.
    let records = [
      #"{"email": "a@b", "again": "a@b"}"#, #"{"email": "a@b", "again": "A@b"}"#, #"{}"#,
      #"{"email": 1, "again": 1.0}"#,
      #"{"email": true, "again": 1}"#, #"{"again": "x"}"#, #"{"email": "é", "again": "é"}"#,
    ]
    let (_, validated) = try NDJSONStreamTests.compare(
      form, records.map { Array($0.utf8) }, options: ValidationOptions())
    #expect(validated == records.count)
    let (_, validatedAll) = try NDJSONStreamTests.compare(
      form, records.map { Array($0.utf8) }, options: ValidationOptions(allFailures: true))
    #expect(validatedAll == records.count)
  }

  @Test func theExampleSpecBothWays() throws {
    let form = try NDJSONStreamTests.form("business-account.json")
    func read(_ name: String) throws -> String {
      try String(
        contentsOf: NDJSONStreamTests.root.appendingPathComponent("Specs/inputs/\(name).json"), encoding: .utf8)
    }
    let personal = try form.validate(json: try read("business-account"))
    #expect(personal.isValid)
    #expect(personal.hidden == ["company.name", "company.vat_id", "shipping.street", "shipping.country"])
    let business = try form.validate(json: try read("business-account-business"))
    #expect(business.isValid)
    #expect(business.hidden == [])
    let invalid = try form.validate(json: try read("business-account-invalid"))
    #expect(
      invalid.failures.map { "\($0.key) \($0.validator)" } == ["company.vat_id required_if", "email_confirm same_as"])
  }
}

/// The compile errors and warnings of binding paths and conditions.
@Suite struct ConditionDiagnosticsTests {
  static func spec(_ members: String) -> String {
    ConditionTests.spec([
      ("account.kind", ""), ("count", #""<type>": "number""#), ("flag", #""<type>": "bool""#), ("x", members),
    ])
  }

  @Test func everyViewWithAConditionGetsTheDeviceWarning() {
    #expect(
      diagnose(Self.spec(#""<visible_if>": "flag", "<required_if>": "flag", "<same_as>": "/count""#)) == [
        #"5:43: warning: '<visible_if>' is not evaluated on the device: field 'x' is always shown and validated there [PF707]"#,
        #"5:67: warning: '<required_if>' is not evaluated on the device: field 'x' may be left empty there [PF708]"#,
        #"5:92: warning: '<same_as>' is not evaluated on the device: field 'x' may differ there [PF709]"#,
      ])
  }

  @Test func unknownAndDottedPathsSuggestTheRightOne() {
    let unknown = FormCompiler.compile(string: Self.spec(#""<visible_if>": "acount/kind""#)).diagnostics
      .filter { $0.code == .unknownBindingPath }
    #expect(unknown.map(\.message) == ["binding path 'acount/kind' names no form view"])
    #expect(unknown.first?.notes.map(\.message) == ["did you mean 'account/kind'?"])
    let dotted = FormCompiler.compile(string: Self.spec(#""<required_if>": "!account.kind""#)).diagnostics
      .filter { $0.code == .unknownBindingPath }
    #expect(
      dotted.map(\.message) == ["binding path 'account.kind' names no form view: a path separates names with '/'"])
    #expect(dotted.first?.notes.map(\.message) == ["did you mean 'account/kind'?"])
    // The caret is on the dotted segment inside the string, after the `!`.
    #expect(dotted.first.map { "\($0.range.start.column)-\($0.range.end.column)" } == "62-74")
  }

  @Test func malformedPathsAndPathsAboveTheRoot() {
    #expect(codes(Self.spec(#""<visible_if>": "account//kind""#)).contains("PF702"))
    #expect(codes(Self.spec(#""<visible_if>": "account/""#)).contains("PF702"))
    #expect(codes(Self.spec(#""<visible_if>": "account/../kind""#)).contains("PF702"))
    #expect(codes(Self.spec(#""<visible_if>": """#)).contains("PF702"))
    #expect(codes(Self.spec(#""<visible_if>": "../count""#)).contains("PF703"))
  }

  @Test func conditionsOfTheWrongShape() {
    for condition in [
      "3", "true", "null", "[]", "{}", #"{"<all>": "flag"}"#, #"{"<every>": []}"#, #"{"<not>": "flag", "count": 1}"#,
      #"{"count": {"a": 1}}"#, #"{"count": [[1]]}"#,
    ] {
      #expect(codes(Self.spec(#""<visible_if>": \#(condition)"#)).contains("PF704"), "\(condition)")
    }
    #expect(codes(Self.spec(#""<same_as>": "!count""#)).contains("PF704"))
    #expect(codes(Self.spec(#""<same_as>": 1"#)).contains("PF704"))
  }

  @Test func valuesAViewCanNeverHold() {
    #expect(
      diagnose(Self.spec(#""<required_if>": {"count": "18"}"#)).filter { $0.hasSuffix("[PF705]") } == [
        #"5:70: error: view 'count' never holds "18": its '<type>' is 'number' [PF705]"#
      ])
    #expect(codes(Self.spec(#""<required_if>": {"flag": 2}"#)).contains("PF705"))
    #expect(!codes(Self.spec(#""<required_if>": {"flag": 1}"#)).contains("PF705"))
    #expect(!codes(Self.spec(#""<required_if>": {"count": [true, 2.5, null]}"#)).contains("PF705"))
    #expect(!codes(Self.spec(#""<required_if>": {"account/kind": [1, "a", false]}"#)).contains("PF705"))
  }

  @Test func visibilityCyclesAreListed() {
    let spec = ConditionTests.spec([
      ("a", #""<visible_if>": "c""#), ("b", #""<visible_if>": "a""#), ("c", #""<visible_if>": {"<any>": ["b"]}"#),
    ])
    let cycle = FormCompiler.compile(string: spec).diagnostics.filter { $0.code == .conditionCycle }
    #expect(cycle.map(\.message) == ["'<visible_if>' conditions depend on each other in a cycle: a → c → b → a"])
    #expect(cycle.first?.notes.count == 2)
    let own = ConditionTests.spec([("a", #""<visible_if>": "!a""#)])
    #expect(
      FormCompiler.compile(string: own).diagnostics.filter { $0.code == .conditionCycle }.map(\.message) == [
        "'<visible_if>' of view 'a' depends on the view itself"
      ])
    // <required_if> only reads: two views required if the other is given is no cycle.
    let mutual = ConditionTests.spec([("a", #""<required_if>": "b""#), ("b", #""<required_if>": "a""#)])
    #expect(!codes(mutual).contains("PF706"))
  }

  @Test func conditionWordsOnAPlainViewHaveNoEffect() {
    #expect(codes(field(#""<visible_if>": "x""#, view: "label")) == ["PF411"])
  }
}

import Foundation
import Testing

@testable import PureForm

/// `pureform schema` says `<visible_if>` and `<required_if>` with `if`/`then`: exact where JSON Schema can
/// say the condition, and never stricter than `validate` where it cannot (the schema-agreement stage checks
/// that against python-jsonschema on generated records).
@Suite struct ConditionSchemaTests {
  /// The `properties` and `allOf` of a spec's schema, as compact JSON.
  static func schema(_ spec: String) throws -> String {
    let form = try #require(FormCompiler.compile(string: spec).form, "\(diagnose(spec))")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(form.jsonSchema().utf8)) as? [String: Any])
    let parts = ["properties": document["properties"] ?? [:], "allOf": document["allOf"] ?? []]
    return String(decoding: try JSONSerialization.data(withJSONObject: parts, options: [.sortedKeys]), as: UTF8.self)
  }

  @Test func aVisibleIfAndARequiredIfOverAnUntypedView() throws {
    let spec = ConditionTests.spec([
      ("kind", ""),
      ("company", #""<visible_if>": {"kind": "business"}, "<validators>": {"required": true}"#),
      ("vat", #""<required_if>": "!kind""#),
    ])
    #expect(
      try Self.schema(spec)
        == #"{"allOf":[{"$comment":"'<visible_if>' of 'company': its rules apply when the condition holds.","if":{"properties":{"kind":{"const":"business"}},"required":["kind"]},"then":{"properties":{"company":{"anyOf":[{"type":["number","boolean"]},{"minLength":1,"type":"string"}]}},"required":["company"]}},{"$comment":"'<required_if>' of 'vat': present when the condition holds.","if":{"not":{"properties":{"kind":{"anyOf":[{"minLength":1,"type":"string"},{"not":{"const":0},"type":"number"},{"const":true}]}},"required":["kind"]}},"then":{"properties":{"vat":{"not":{"enum":[null,""]}}},"required":["vat"]}}],"properties":{"company":{"$comment":"'<visible_if>' hides this field when its condition is false, and a hidden field is not validated: any value passes here, and the allOf entry of its condition applies its rules."},"kind":{"type":["null","string","number","boolean"]},"vat":{"$comment":"'<required_if>' also makes the value required when its condition holds: the allOf entry of its condition says so.","type":["null","string","number","boolean"]}}}"#
    )
  }

  /// A condition over a view that has a `<visible_if>` of its own is said only where the schema is sure:
  /// the entry's comment says it is looser.
  @Test func aChainedConditionIsLooserAndSaysSo() throws {
    let spec = ConditionTests.spec([
      ("a", ""), ("b", #""<visible_if>": "a""#), ("c", #""<visible_if>": "b", "<validators>": {"required": true}"#),
    ])
    let schema = try Self.schema(spec)
    #expect(
      schema.contains(
        "'<visible_if>' of 'c': its rules apply when the condition holds (said here only where JSON Schema can say it: looser elsewhere)."
      ))
    #expect(schema.contains("'<visible_if>' of 'b': its rules apply when the condition holds.\""))
  }

  /// A `<value>` stands in for an absent key, and the schema says no more than `validate` does there.
  ///
  /// With a `<value>` that is a value, `validate` accepts a record without the key when the condition holds:
  /// the `then` refuses `null` and `""` only, never the absent key. A `<value>` of `""` is missing and
  /// stands in for nothing: the key stays required there.
  @Test func aValueStandingInForAnAbsentKeyIsNotRequired() throws {
    let spec = ConditionTests.spec([
      ("business", #""<type>": "bool""#),
      ("nickname_2", #""<value>": 0.3, "<required_if>": "!business""#),
      ("note", #""<value>": "", "<required_if>": "business""#),
    ])
    let schema = try Self.schema(spec)
    #expect(
      schema.contains(
        #""then":{"properties":{"nickname_2":{"not":{"enum":[null,""]}}}}}"#))
    #expect(schema.contains(#""then":{"properties":{"note":{"not":{"enum":[null,""]}}},"required":["note"]}}"#))
    let form = try #require(FormCompiler.compile(string: spec).form)
    #expect(try form.validate(json: "{}").isValid)
    #expect(try form.validate(json: #"{"nickname_2": null}"#).failures.map(\.validator) == ["required_if"])
    #expect(try form.validate(json: #"{"business": true}"#).failures.map(\.key) == ["note"])
  }
}

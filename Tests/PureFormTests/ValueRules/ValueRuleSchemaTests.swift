import Foundation
import Testing

@testable import PureForm

/// What `pureform schema` says for `<format>`, `<in>`, `<not_in>`, `<min>` and `<max>`: JSON Schema's own
/// `format` where it is exactly the rule, exact patterns and `enum`s, a pattern on the scheme for `url`, a
/// `$comment` for bounds; never stricter (the schema-agreement stage checks that with python-jsonschema,
/// format assertion on, on generated records of Specs/booking.json).
@Suite struct ValueRuleSchemaTests {
  /// The schema of field `a` with these members, as compact JSON with sorted keys.
  static func schema(_ members: String) throws -> String {
    let spec = field(#""<key>": "a", \#(members)"#)
    let form = try #require(FormCompiler.compile(string: spec).form, "\(diagnose(spec))")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(form.jsonSchema().utf8)) as? [String: Any])
    let properties = try #require(document["properties"] as? [String: Any])
    let data = try JSONSerialization.data(withJSONObject: properties["a"] ?? [:], options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  @Test func formats() throws {
    #expect(
      try Self.schema(#""<format>": "date""#)
        == #"{"anyOf":[{"enum":[null,""]},{"format":"date","minLength":1,"type":"string"}]}"#)
    #expect(
      try Self.schema(#""<format>": "date_time", "<validators>": {"required": true}"#)
        == #"{"format":"date-time","minLength":1,"type":"string"}"#)
    #expect(
      try Self.schema(#""<type>": "text", "<format>": "uuid""#)
        == #"{"anyOf":[{"enum":[null,""]},{"format":"uuid","minLength":1,"type":"string"}]}"#)
    #expect(
      try Self.schema(#""<format>": "time""#)
        == #"{"anyOf":[{"enum":[null,""]},{"minLength":1,"pattern":"^(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]+)?)?$","type":"string"}]}"#
    )
    #expect(
      try Self.schema(#""<format>": "url", "<schemes>": ["HTTPS", "git+ssh"]"#)
        == #"{"anyOf":[{"enum":[null,""]},{"$comment":"'format' url is the WHATWG URL Standard's parser: here only its scheme is checked.","minLength":1,"pattern":"^(?:[hH][tT][tT][pP][sS]|[gG][iI][tT]\\+[sS][sS][hH]):","type":"string"}]}"#
    )
  }

  @Test func listsAreEnums() throws {
    #expect(
      try Self.schema(#""<in>": ["DE", 5, true], "<validators>": {"required": true}"#)
        == #"{"anyOf":[{"enum":[true]},{"enum":["DE"],"minLength":1,"type":"string"},{"enum":[5],"type":"number"}]}"#)
    #expect(
      try Self.schema(#""<type>": "number", "<not_in>": [0], "<validators>": {"required": true}"#)
        == #"{"anyOf":[{"$comment":"'not_in' compares number text as a number, which JSON Schema cannot do for a string: any number text passes it here.","pattern":"^-?(?:0|[1-9][0-9]*)(?:\\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$","type":"string"},{"not":{"enum":[0]},"type":"number"}]}"#
    )
  }

  @Test func boundsAreComments() throws {
    let schema = try Self.schema(#""<format>": "date", "<min>": "2027-01-01", "<validators>": {"required": true}"#)
    #expect(
      schema
        == #"{"$comment":"'<min>' 2027-01-01 compares date values, which JSON Schema cannot: any date passes it here.","format":"date","minLength":1,"type":"string"}"#
    )
  }
}

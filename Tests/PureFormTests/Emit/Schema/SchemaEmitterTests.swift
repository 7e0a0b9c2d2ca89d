import Foundation
import Testing

@testable import PureForm

/// `CompiledForm.jsonSchema()`, the JSON Schema of `pureform schema`: exact output for a small spec, each
/// kind of value a field takes, and the `$comment` wherever the schema is looser than pureform.
@Suite struct SchemaEmitterTests {
  static let spec = """
    [
      {
        "<TextCell + TextCellIdentifier>": {
          "titleLabel": {"text*": "age.title"},
          "textField?": {
            "placeholder": "Your age",
            "<key>": "person.age",
            "<type>": "integer",
            "<validators>": {"required": true, "min_value": 18}
          }
        }
      },
      {"<= + =>": {"textField?": {"<key>": "nick", "<validators>": {"max_length": 8, "custom": "[a-z]+"}}}}
    ]
    """

  @Test func theSchemaOfASmallSpecIsExactlyThisText() throws {
    let strings = StringsTable(name: "en.json", entries: ["age.title": "Age"])
    let form = try #require(FormCompiler.compile(string: Self.spec, options: CompileOptions(strings: strings)).form)
    let integerText = #"""
      {
        "$comment": "An integer field takes integral number text (\"3.0\" and \"2.5e1\" too); with an exponent, the pattern takes any number text. 'min_value' compares number text as a number, which JSON Schema cannot do for a string: any number text passes it here.",
        "type": "string",
        "pattern": "^-?(?:0|[1-9][0-9]*)(?:(?:\\.0+)?|(?:\\.[0-9]+)?[eE][+-]?[0-9]+)$"
      },
      {
        "type": "integer",
        "minimum": 18
      }
      """#
    func indented(_ text: String, by spaces: Int) -> String {
      text.split(separator: "\n").map { String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
    }
    let expected = #"""
      {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": "<string>",
        "$comment": "The records 'pureform validate' accepts for <string>. Where JSON Schema cannot say a rule exactly, this schema is looser, never stricter, and a $comment says so.",
        "type": "object",
        "properties": {
          "nick": {
            "$comment": "'max_length' counts UTF-16 code units and maxLength code points: a string with a character beyond the BMP may pass here and fail in pureform.",
            "type": "string",
            "minLength": 1,
            "maxLength": 8,
            "pattern": "^(?:[a-z]+)$"
          }
        },
        "required": [
          "nick"
        ],
        "allOf": [
          {
            "if": {
              "required": [
                "person.age"
              ]
            },
            "then": {
              "properties": {
                "person.age": {
                  "title": "Age",
                  "description": "Your age",
                  "anyOf": [
      \#(indented(integerText, by: 14))
                  ]
                }
              }
            },
            "else": {
              "required": [
                "person"
              ],
              "properties": {
                "person": {
                  "type": "object",
                  "required": [
                    "age"
                  ],
                  "properties": {
                    "age": {
                      "title": "Age",
                      "description": "Your age",
                      "anyOf": [
      \#(indented(integerText, by: 18))
                      ]
                    }
                  }
                }
              }
            }
          }
        ]
      }
      """#
    #expect(form.jsonSchema() == expected)
  }

  /// The schema of the one field `field` of a spec with that form view alone, as compact JSON.
  private func fieldSchema(_ view: String, options: CompileOptions = CompileOptions()) throws -> String {
    let spec = #"[{"<Cell + Id>": {"field?": \#(view)}}]"#
    let form = try #require(FormCompiler.compile(string: spec, options: options).form, "\(view)")
    let plan = form.plan
    let field = try #require(form.model.cells.first?.views.first?.field)
    let schema = FieldSchema(number: 0, plan: plan, field: field)
    return schema.value.json().rendered() + (schema.absentPasses ? "" : " required")
  }

  @Test func anUntypedFieldTakesAnyStringNumberBoolOrNothing() throws {
    #expect(try fieldSchema(#"{"<key>": "x"}"#) == #"{"type":["null","string","number","boolean"]}"#)
  }

  @Test func requiredRefusesTheThreeMissingValuesAndNeedsTheKey() throws {
    #expect(
      try fieldSchema(#"{"<key>": "x", "<validators>": {"required": true}}"#)
        == #"{"anyOf":[{"type":["number","boolean"]},{"type":"string","minLength":1}]}"# + " required")
  }

  @Test func aValueMakesTheKeyOptionalButNotNullOrEmpty() throws {
    #expect(
      try fieldSchema(#"{"<key>": "x", "<value>": 3, "<validators>": {"required": true}}"#)
        == #"{"anyOf":[{"type":["number","boolean"]},{"type":"string","minLength":1}]}"#)
  }

  @Test func boolFieldsListTheFormPostStringsThatPass() throws {
    #expect(
      try fieldSchema(#"{"<key>": "x", "<type>": "bool", "<validators>": {"equal": false}}"#)
        == #"{"enum":["0","false","off",false]}"# + " required")
  }

  @Test func equalOnANumberAcceptsTheMatchingBoolToo() throws {
    #expect(
      try fieldSchema(#"{"<key>": "x", "<validators>": {"equal": 1}}"#)
        == #"{"anyOf":[{"enum":[true]},{"type":"number","const":1}]}"# + " required")
  }

  @Test func neighboursAreLooserAndSaySo() throws {
    let spec = """
      [{"<C + I>": {"a?": {"<key>": "a"}}}, {"<= + =>": {"b?": {"<key>": "b", "<validators>": {"equal_previous": true}}}}]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    let schema = form.jsonSchema()
    #expect(schema.contains("'equal_previous' compares with the previous cell's field, which JSON Schema cannot"))
    #expect(schema.contains(#""required": [\#n    "b"\#n  ]"#))
  }

  @Test func aFieldThatNeverGetsTheValueYetFailsAbsentLetsNoRecordPass() throws {
    // `b` has no `<key>`, so it is `unknown_key_0` too, and the input's value goes to it, the last.
    let spec = #"[{"<C + I>": {"a?": {"<key>": "unknown_key_0", "<validators>": {"required": true}}, "b?": {}}}]"#
    let form = try #require(FormCompiler.compile(string: spec).form)
    #expect(form.jsonSchema().contains(#""$comment": "A field with the key 'unknown_key_0' fails when absent"#))
    let free = try #require(
      FormCompiler.compile(string: spec.replacingOccurrences(of: #""required": true"#, with: #""max_length": 3"#)).form)
    #expect(!free.jsonSchema().contains("no record passes"))
  }

  @Test func transformersAndRegisteredValidatorsLeaveTheValueFree() throws {
    var registry = ValidatorRegistry()
    registry.register("even", defaultReason: "Not even") { _, _ in false }
    let registered = try fieldSchema(
      #"{"<key>": "x", "<validators>": {"even": true}}"#, options: CompileOptions(validators: registry))
    #expect(registered.contains("'even' is a validator registered in code: any value passes it here."))
    let transformed = try fieldSchema(
      #"{"<key>": "x", "<validators>": {"required": true}}"#,
      options: CompileOptions(transformers: ["x": { $0 }]))
    #expect(
      transformed
        == #"{"$comment":"A value transformer set in code runs before the validators: any value passes here."}"#)
  }

  @Test func keypadsNarrowTextWhenKeyboardValidationIsOn() throws {
    var settings = ValidationSettings()
    settings.keyboardTypeValidation = true
    #expect(
      try fieldSchema(
        #"{"<key>": "x", "keyboardType": "UIKeyboardTypeNumberPad"}"#, options: CompileOptions(settings: settings))
        == #"{"anyOf":[{"type":["number","boolean"]},{"enum":[null,""]},{"type":"string","minLength":1,"pattern":"^[0123456789]*$"}]}"#
    )
  }

  @Test func patternsTranslateOnlyTheSyntaxBothDialectsShare() {
    let cases: [(String, String?, Bool)] = [
      ("[a-z]+", "^(?:[a-z]+)$", false),
      ("^a.b$", "^(?:a[^\\n]b)$", false),
      ("(?=.*[0-9])(?=.*[A-Za-z]).+", "^(?:(?=[^\\n]*[0-9])(?=[^\\n]*[A-Za-z])[^\\n]+)$", false),
      ("\\d{3}-\\d{4}", "^(?:[\\s\\S]{3}-[\\s\\S]{4})$", true),
      ("[^\\w]x", "^(?:[\\s\\S]x)$", true),
      ("a{2,}?b]", "^(?:a{2,}?b\\])$", false),
      ("\\.\\-", "^(?:\\.-)$", false),
      ("(?i)abc", nil, false),
      ("a++", nil, false),
      ("(?<=a)b", nil, false),
      ("(a)\\1", nil, false),
      ("\\p{L}+", nil, false),
      ("a{,3}", nil, false),
      ("[[:alpha:]]", nil, false),
      ("a$b", nil, false),
      ("(?=a)*b", nil, false),
    ]
    for (pcre, ecma, widened) in cases {
      let translated = PatternTranslation.ecma(pcre)
      #expect(translated?.pattern == ecma, "\(pcre)")
      if let translated { #expect(translated.widened == widened, "\(pcre)") }
    }
  }

  @Test func theSameSpecGivesTheSameBytes() throws {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    let form = try #require(
      try FormCompiler.compile(path: root.appendingPathComponent("Specs/registration.json").path).form)
    #expect(form.jsonSchema() == form.jsonSchema())
    #expect(form.jsonSchema().hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\","))
  }
}

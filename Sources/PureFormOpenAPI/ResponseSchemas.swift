import PureForm

/// The bodies every form's routes share: the error, the results (as `Schemas/validate-output.schema.json`
/// describes them), the list of forms.
enum ResponseSchemas {
  /// The shared schemas, by component name.
  static let components: [(String, OutputJSON)] = [
    ("Error", error),
    ("ValidResult", valid),
    ("InvalidResult", invalid),
    ("Failure", failure),
    ("Value", value),
    ("ResultLine", resultLine),
    ("FormList", formList),
    ("Health", health),
    ("Flag", flag),
  ]

  private typealias J = DocumentJSON

  /// `{"error": CODE, "message": …}`, with `line` and `column` for malformed JSON.
  static let error: OutputJSON = .object([
    ("description", .string("Every error: a stable code a client can branch on and a message for people.")),
    ("type", .string("object")),
    (
      "properties",
      .object([
        ("error", .object([("type", .string("string")), ("minLength", J.int(1))])),
        ("message", .object([("type", .string("string"))])),
        (
          "line",
          .object([
            ("description", .string("malformed_json only: the line of the mistake, from 1")),
            ("type", .string("integer")), ("minimum", J.int(1)),
          ])
        ),
        (
          "column",
          .object([
            ("description", .string("malformed_json only: its column, from 1")),
            ("type", .string("integer")), ("minimum", J.int(1)),
          ])
        ),
        (
          "check",
          .object([
            ("description", .string("host_check_failed and host_check_timeout only: the host check's name")),
            ("type", .string("string")),
          ])
        ),
      ])
    ),
    ("required", J.strings(["error", "message"])),
    ("additionalProperties", .bool(false)),
  ])

  /// A valid record's result.
  static let valid: OutputJSON = .object([
    ("description", .string("Every field passed: PureForm's key/value pairs.")),
    ("type", .string("object")),
    (
      "properties",
      .object([
        ("valid", .object([("const", .bool(true))])),
        (
          "values",
          .object([
            (
              "description",
              .string(
                "Every persisted form view's value by <key> (nested objects for dotted keys unless flat), in spec "
                  + "order; a missing value as \"\". With field, that field alone.")
            ),
            ("type", .string("object")),
            ("additionalProperties", J.ref("Value")),
          ])
        ),
        ("hidden", .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))])),
        ("changed", changed),
      ])
    ),
    ("required", J.strings(["valid", "values"])),
    ("additionalProperties", .bool(false)),
  ])

  /// `changed`, in the answers to PATCH only.
  static let changed: OutputJSON = .object([
    ("description", .string("PATCH only: the keys whose value the edit changed, in spec order.")),
    ("type", .string("array")), ("items", .object([("type", .string("string"))])),
  ])

  /// A field's output value.
  static let value: OutputJSON = .object([
    ("description", .string("A field's coerced value, an array of a repeated group, or an object of nested keys.")),
    ("type", J.strings(["string", "number", "boolean", "object", "array"])),
    ("additionalProperties", J.ref("Value")),
    ("items", J.ref("Value")),
  ])

  /// An invalid record's result.
  static let invalid: OutputJSON = .object([
    ("description", .string("At least one field failed.")),
    ("type", .string("object")),
    (
      "properties",
      .object([
        ("valid", .object([("const", .bool(false))])),
        ("failures", .object([("type", .string("array")), ("minItems", J.int(1)), ("items", J.ref("Failure"))])),
        ("hidden", .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))])),
        ("changed", changed),
      ])
    ),
    ("required", J.strings(["valid", "failures"])),
    ("additionalProperties", .bool(false)),
  ])

  /// One failing validator of one field.
  static let failure: OutputJSON = .object([
    ("description", .string("One failing validator of one field, located as PureForm's errors are and in the spec.")),
    ("type", .string("object")),
    (
      "properties",
      .object([
        ("key", .object([("type", .string("string")), ("minLength", J.int(1))])),
        ("path", .object([("type", .string("string"))])),
        ("validator", .object([("type", .string("string")), ("minLength", J.int(1))])),
        ("argument", .object([])),
        ("condition", .object([])),
        ("reason", .object([("type", .string("string"))])),
        ("section", .object([("type", .string("integer")), ("minimum", J.int(0))])),
        ("row", .object([("type", .string("integer")), ("minimum", J.int(0))])),
        ("tag", .object([("type", .string("integer")), ("minimum", J.int(0))])),
        ("file", .object([("type", .string("string"))])),
        ("line", .object([("type", .string("integer")), ("minimum", J.int(1))])),
        ("column", .object([("type", .string("integer")), ("minimum", J.int(1))])),
      ])
    ),
    ("required", J.strings(["key", "validator", "argument", "reason", "section", "row", "tag", "line", "column"])),
    ("additionalProperties", .bool(false)),
  ])

  /// One line of an NDJSON answer.
  static let resultLine: OutputJSON = .object([
    (
      "description",
      .string(
        "One line of the application/x-ndjson answer, for the input line `line`: its result, or `error` for a "
          + "line that is not a JSON object.")
    ),
    ("type", .string("object")),
    ("properties", .object([("line", .object([("type", .string("integer")), ("minimum", J.int(1))]))])),
    ("required", J.strings(["line"])),
  ])

  /// `GET /forms`.
  static let formList: OutputJSON = .object([
    ("type", .string("object")),
    (
      "properties",
      .object([
        (
          "forms",
          .object([
            ("type", .string("array")),
            (
              "items",
              .object([
                ("type", .string("object")),
                (
                  "properties",
                  .object([
                    ("name", .object([("type", .string("string"))])),
                    (
                      "fields",
                      .object([("type", .string("array")), ("items", .object([("type", .string("string"))]))])
                    ),
                  ])
                ),
                ("required", J.strings(["name", "fields"])),
                ("additionalProperties", .bool(false)),
              ])
            ),
          ])
        )
      ])
    ),
    ("required", J.strings(["forms"])),
    ("additionalProperties", .bool(false)),
  ])

  /// `GET /health`.
  static let health: OutputJSON = .object([
    ("type", .string("object")),
    ("properties", .object([("status", .object([("const", .string("ok"))]))])),
    ("required", J.strings(["status"])),
    ("additionalProperties", .bool(false)),
  ])

  /// A query flag: on bare, `true` or `1`; off with `false` or `0`; any other value is `bad_option`.
  static let flag: OutputJSON = .object([
    (
      "description",
      .string(
        "On when given bare (`?flat`), as `=true` or `=1`; off as `=false` or `=0`; any other value is a 400 bad_option."
      )
    ),
    ("type", .string("string")),
    ("enum", J.strings(["", "true", "1", "false", "0"])),
  ])
}

import PureForm

/// The routes of one form: its model, its page, its validate route and its field routes.
struct FormRoutesDocument {
  /// The form's name, as its routes spell it.
  let name: String
  /// The component holding the form's JSON Schema.
  let component: String
  /// The keys the field routes take.
  let fieldKeys: [String]
  /// The schema of a record one field route validates: any of the fields' record schemas
  /// (`CompiledForm.fieldSchemaValue(key:)`), so that a body it refuses fails whichever field is named.
  let fieldSchema: OutputJSON
  /// Sample records.
  let examples: FormExamples
  /// Whether the form's validate routes run host checks, which answer 503 and 504 when they give no verdict.
  var hostChecked = false

  private typealias J = DocumentJSON

  /// The paths: model, page, validate, and the field routes.
  var paths: [(String, OutputJSON)] {
    let base = "/forms/" + Self.pathSegment(name)
    return [
      (
        base,
        J.get(
          "model." + name, summary: "The compiled model of form '\(name)', as `pureform check --emit model` writes it",
          responses: [("200", J.response("The model", schema: .object([("type", .string("object"))]))), unknownForm])
      ),
      (
        base + "/page",
        J.get(
          "page." + name, summary: "Form '\(name)' as an HTML page (`pureform render`) posting to its validate route",
          responses: [
            ("200", J.response("The page", "text/html", schema: .object([("type", .string("string"))]))), unknownForm,
          ])
      ),
      (base + "/validate", .object([("post", validate), ("patch", validateChange)])),
      (base + "/fields/{key}/validate", .object([("post", fieldOperation(live: false))])),
      (base + "/fields/{key}/live", .object([("post", fieldOperation(live: true))])),
    ]
  }

  /// `POST /forms/NAME/fields/{key}/validate` and `…/live`: one field of the record validated, or its live
  /// validators alone.
  private func fieldOperation(live: Bool) -> OutputJSON {
    let key = OutputJSON.object([
      ("name", .string("key")), ("in", .string("path")), ("required", .bool(true)),
      ("description", .string("The field's `<key>`, as `validate --field KEY` takes it.")),
      ("schema", .object([("type", .string("string")), ("enum", J.strings(fieldKeys))])),
    ])
    let schema: OutputJSON =
      live
      ? .object([
        (
          "$comment",
          .string(
            "Only the field's live (`!`) validators and its type run here, as the device runs them while the field "
              + "is edited: pureform checks them, so any object passes this schema.")
        ),
        ("type", .string("object")),
      ])
      : fieldSchema
    let body = OutputJSON.object([
      ("required", .bool(true)),
      (
        "content",
        .object([
          ("application/json", .object([("schema", schema)])),
          ("application/x-www-form-urlencoded", .object([("schema", schema)])),
        ])
      ),
    ])
    let what = live ? "the live (`!`) validators of one field" : "one field"
    return J.operation(
      (live ? "validateFieldLive." : "validateField.") + name,
      summary: "Validate \(what) of a record of form '\(name)' (`validate --field KEY\(live ? " --live" : "")`)",
      parameters: [key] + Array(parameters.prefix(2)), requestBody: body,
      responses: [
        ("200", J.response("The field passes (or is hidden): the record's values", schema: J.ref("ValidResult"))),
        ("400", J.error("The body or the query cannot be read", codes: Self.badFieldCodes)),
        (
          "404",
          J.error(
            "No form has this name, or the form no field with this key", codes: ["unknown_form", "unknown_field"])
        ),
        ("413", J.error("The body is over the server's --max-body", codes: ["body_too_large"])),
        ("415", J.error("Another Content-Type, or none", codes: ["unsupported_media_type"])),
        ("422", J.response("The field fails: its failing validators", schema: J.ref("InvalidResult"))),
      ] + hostCheckResponses)
  }

  /// `POST /forms/NAME/validate`.
  private var validate: OutputJSON {
    J.operation(
      "validate." + name, summary: "Validate records against form '\(name)'", parameters: parameters,
      requestBody: requestBody,
      responses: [
        (
          "200",
          .object([
            (
              "description",
              .string(
                "JSON and urlencoded: the record is valid. NDJSON: one result line per input line, in order, "
                  + "whatever the records' verdicts.")
            ),
            (
              "content",
              .object([
                ("application/json", .object([("schema", J.ref("ValidResult"))])),
                ("application/x-ndjson", .object([("schema", .object([("type", .string("string"))]))])),
              ])
            ),
          ])
        ),
        ("400", J.error("The body or the query cannot be read", codes: Self.badRequestCodes)),
        unknownForm,
        ("413", J.error("The body is over the server's --max-body", codes: ["body_too_large"])),
        ("415", J.error("Another Content-Type, or none", codes: ["unsupported_media_type"])),
        ("422", J.response("The record fails: each failing validator", schema: J.ref("InvalidResult"))),
      ] + hostCheckResponses)
  }

  /// `PATCH /forms/NAME/validate`.
  private var validateChange: OutputJSON {
    J.operation(
      "validateChange." + name,
      summary:
        "Validate an edit of a stored record of form '\(name)': what changed and every field that reads it",
      parameters: parameters, requestBody: patchBody,
      responses: [
        (
          "200",
          J.response(
            "The views that changed, and those that read them, pass; values are the whole merged record's",
            schema: J.ref("ValidResult"))
        ),
        ("400", J.error("The body or the query cannot be read", codes: Self.badPatchCodes)),
        unknownForm,
        ("413", J.error("The body is over the server's --max-body", codes: ["body_too_large"])),
        ("415", J.error("Another Content-Type than application/json, or none", codes: ["unsupported_media_type"])),
        (
          "422",
          J.response("A view that changed, or one that reads it, fails", schema: J.ref("InvalidResult"))
        ),
      ] + hostCheckResponses)
  }

  /// `{"before": {…}, "patch": {…}}`.
  private var patchBody: OutputJSON {
    .object([
      ("required", .bool(true)),
      (
        "content",
        .object([
          (
            "application/json",
            .object([
              (
                "schema",
                .object([
                  ("type", .string("object")),
                  (
                    "properties",
                    .object([
                      (
                        "before",
                        .object([
                          (
                            "description",
                            .string(
                              "The stored record, as it was stored: it may break rules tightened since, which only "
                                + "fail when the edit touches them.")
                          ),
                          ("type", .string("object")),
                        ])
                      ),
                      (
                        "patch",
                        .object([
                          ("description", .string("An RFC 7396 JSON merge patch of before: null removes a member.")),
                          ("type", .string("object")),
                        ])
                      ),
                    ])
                  ),
                  ("required", J.strings(["before", "patch"])),
                  ("additionalProperties", .bool(false)),
                ])
              )
            ])
          )
        ])
      ),
    ])
  }

  /// The 503 and 504 of a host-checked form; none for another.
  private var hostCheckResponses: [(String, OutputJSON)] {
    guard hostChecked else { return [] }
    return [
      ("503", J.error("A host check failed: the record has no verdict", codes: ["host_check_failed"])),
      ("504", J.error("A host check passed its time limit: the record has no verdict", codes: ["host_check_timeout"])),
    ]
  }

  private var unknownForm: (String, OutputJSON) {
    ("404", J.error("No form has this name (a reload removed it)", codes: ["unknown_form"]))
  }

  /// The codes of a 400.
  static let badRequestCodes = ["malformed_json", "not_an_object", "unknown_field", "bad_option", "body_unreadable"]

  /// The codes of a field route's 400.
  static let badFieldCodes = ["malformed_json", "not_an_object", "bad_option", "body_unreadable"]

  /// The codes of a PATCH's 400.
  static let badPatchCodes = [
    "malformed_json", "not_an_object", "bad_patch", "unknown_field", "bad_option", "body_unreadable",
  ]

  /// The query options, as the CLI's flags of the same names.
  private var parameters: [OutputJSON] {
    func flag(_ name: String, _ description: String) -> OutputJSON {
      .object([
        ("name", .string(name)), ("in", .string("query")), ("description", .string(description)),
        ("required", .bool(false)), ("allowEmptyValue", .bool(true)), ("schema", J.ref("Flag")),
      ])
    }
    return [
      flag("all-failures", "Every failing validator of each field, not only the first (--all-failures)."),
      flag("flat", "Values under their dotted keys instead of nested objects (--flat)."),
    ]
  }

  /// The three bodies the route reads.
  private var requestBody: OutputJSON {
    var json: [(String, OutputJSON)] = [("schema", J.ref(component))]
    if !examples.records.isEmpty {
      json.append(("examples", .object(examples.records.map { ($0.name, $0.example) })))
    }
    var form: [(String, OutputJSON)] = [("schema", J.ref(component))]
    let flat = examples.records.compactMap { $0.urlencoded }
    if !flat.isEmpty {
      form.append(("examples", .object(flat)))
    }
    var ndjson: [(String, OutputJSON)] = [
      (
        "schema",
        .object([
          (
            "description",
            .string(
              "One record per line, each as the application/json body; written here as the array of the lines. "
                + "A line that is not a JSON object gets its own error line in the answer, never a 400.")
          ),
          ("type", .string("array")),
          ("items", J.ref(component)),
        ])
      )
    ]
    if let lines = examples.ndjson {
      ndjson.append(("examples", .object([lines])))
    }
    return .object([
      ("required", .bool(true)),
      (
        "content",
        .object([
          ("application/json", .object(json)),
          ("application/x-www-form-urlencoded", .object(form)),
          ("application/x-ndjson", .object(ndjson)),
        ])
      ),
    ])
  }

  /// `name` as one path segment: every byte outside RFC 3986's unreserved characters percent-encoded.
  static func pathSegment(_ name: String) -> String {
    var segment = ""
    for byte in name.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        segment.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = String(byte, radix: 16, uppercase: true)
        segment += "%" + (hex.count == 1 ? "0" : "") + hex
      }
    }
    return segment
  }
}

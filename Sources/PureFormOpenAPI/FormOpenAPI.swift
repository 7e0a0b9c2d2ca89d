public import PureForm

// Written with pureform's own ordered JSON writer rather than OpenAPIKit 6.4.0 (mirrored here), because that
// library does not fit what the document must carry: each request body is the form's `pureform schema`
// verbatim, and OpenAPIKit's typed `JSONSchema` has no `if`/`then`/`else` (every dotted key's rule), no
// `$comment` (where the schema says it is looser), and keeps only the first of several types
// (`"type": ["number", "boolean"]` would turn into `number`, stricter than pureform). Passing the schemas
// through it would change them; the rest of the document is a few fixed shapes. It would also add a
// dependency of about 8 GiB and a minute and a half to every clean build.

/// The OpenAPI 3.1 document of the routes `pureform serve` answers for a set of forms.
///
/// One operation per route and form: `GET /forms/NAME`, `GET /forms/NAME/page`, `POST /forms/NAME/validate`,
/// `PATCH /forms/NAME/validate` (an edit: `{"before", "patch"}`), and `POST /forms/NAME/fields/{key}/validate`
/// and `…/live` (one field, its body schema any of the fields' own rules) for each form, beside `GET /health`, `GET /metrics`, `GET /forms` and
/// `GET /openapi.json`. The validate route's request bodies (`application/json`,
/// `application/x-www-form-urlencoded`, `application/x-ndjson`) take the form's own `jsonSchema()`, which
/// never rejects a record the form accepts; every status a route gives is documented with its body: the
/// valid result (200), the failures (422), and each error (`{"error", "message"}`) with its status.
///
/// ```swift
/// let text = FormOpenAPI.document(forms: ["login": form], examples: "Specs/inputs")
/// // {"openapi": "3.1.0", "info": {…}, "paths": {"/health": …, "/forms/login/validate": …}, …}
/// ```
public enum FormOpenAPI {
  /// The document as JSON text indented by two spaces, with a final line feed; the same forms and
  /// examples always give the same bytes.
  ///
  /// - Parameters:
  ///   - forms: the forms by the name their routes use.
  ///   - examples: a folder of sample records (`Specs/inputs`): `NAME.json` and `NAME-*.json` become the
  ///     examples of form NAME's JSON and urlencoded bodies, the object lines of `NAME.ndjson` the example of
  ///     its NDJSON body. Files that are not JSON objects are left out; nil: no examples.
  ///   - hostChecked: the forms whose validate routes run host checks (`HostCheck`): their operations also
  ///     answer 503 `host_check_failed` and 504 `host_check_timeout`.
  public static func document(
    forms: [String: CompiledForm], examples: String? = nil, hostChecked: Set<String> = []
  ) -> String {
    let names = forms.keys.sorted()
    let samples = examples.map { FormExamples.read(folder: $0, forms: names) } ?? [:]
    var paths: [(String, OutputJSON)] = FixedRoutes.paths
    var schemas: [(String, OutputJSON)] = ResponseSchemas.components
    var componentNames = Set(schemas.map(\.0))
    for name in names {
      guard let form = forms[name] else { continue }
      let component = uniqueComponentName(for: name, taken: &componentNames)
      schemas.append((component, form.jsonSchemaValue()))
      var keys: [String] = []
      for key in form.fieldKeys where !keys.contains(key) { keys.append(key) }
      let route = FormRoutesDocument(
        name: name, component: component, fieldKeys: keys,
        fieldSchema: .object([("anyOf", .array(keys.compactMap { form.fieldSchemaValue(key: $0) }))]),
        examples: samples[name] ?? FormExamples(), hostChecked: hostChecked.contains(name))
      paths += route.paths
    }
    let document: OutputJSON = .object([
      ("openapi", .string("3.1.0")),
      (
        "info",
        .object([
          ("title", .string("pureform serve")),
          ("version", .string(pureFormVersion)),
          (
            "description",
            .string(
              "The forms of a folder of PureForm specs, validated over HTTP: one set of routes per form. "
                + "Request bodies follow each form's `pureform schema`, which is looser than pureform on "
                + "purpose (it never rejects a record pureform accepts), so a body the schema allows may "
                + "still get 422 with its failures. Every error is JSON: {\"error\": CODE, \"message\": …}."
            )
          ),
        ])
      ),
      ("paths", .object(paths)),
      ("components", .object([("schemas", .object(schemas))])),
    ])
    return document.rendered(pretty: true) + "\n"
  }

  /// A component name for form `name`: its characters outside `A-Za-z0-9._-` as `_`, made unique.
  static func uniqueComponentName(for name: String, taken: inout Set<String>) -> String {
    let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
    let base = "form." + String(name.map { allowed.contains($0) ? $0 : "_" })
    var candidate = base
    var number = 2
    while taken.contains(candidate) {
      candidate = base + "_" + String(number)
      number += 1
    }
    taken.insert(candidate)
    return candidate
  }
}

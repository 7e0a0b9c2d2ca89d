import HTTPTypes
public import NIOCore
public import PureForm

/// The form routes' answers, with no server in them: what `PureFormHummingbird`'s `FormRoutes` and
/// `PureFormVapor`'s `FormRouteCollection` answer, so both give the same status, content type and bytes.
///
/// - `GET /forms`: `list()`; `GET /forms/{name}`: `model(form:)`; `GET /forms/{name}/page`: `page(form:)`;
///   `GET /openapi.json`: `openAPI()`.
/// - `POST /forms/{name}/validate`: `validation(form:query:contentType:)` before the body is read (an
///   unknown form, a bad query option or an unread content type answers without reading it), then the
///   body's answer from `BodyValidation.answer(to:)`; PATCH the same with `changeValidation`.
/// - Every other method on these paths: 405 with `Allow` (`FormRoute.forms`, `FormRoute.openAPI`).
///
/// A server reads the body itself, within its limit (413 `FormServiceError.bodyTooLarge`), and sends each
/// `FormAnswer` as it is; each error is a `FormServiceError`, whose `answer` it sends the same way. Each
/// call answers from the catalog `reloadable` holds when it is made, so forms can be reloaded meanwhile.
public struct FormService: Sendable {
  /// The forms served, replaced whole on reload.
  public let reloadable: ReloadableCatalog
  /// The host checks of each form, by the form's name.
  public let hostChecks: [String: [HostCheck]]

  /// The answers for the catalog `reloadable` holds at each call, running each form's host checks.
  public init(reloadable: ReloadableCatalog, hostChecks: [String: [HostCheck]] = [:]) {
    self.reloadable = reloadable
    self.hostChecks = hostChecks
  }

  /// `init(reloadable:hostChecks:)`, under its earlier label.
  @available(*, deprecated, renamed: "init(reloadable:hostChecks:)")
  public init(live: ReloadableCatalog, hostChecks: [String: [HostCheck]] = [:]) {
    self.init(reloadable: live, hostChecks: hostChecks)
  }

  /// `reloadable`, under its earlier name.
  @available(*, deprecated, renamed: "reloadable")
  public var live: ReloadableCatalog { reloadable }

  /// `GET /forms`: `{"forms":[{"name":…,"fields":[…]}]}`, the forms by name.
  public func list() -> FormAnswer {
    let catalog = reloadable.current
    var text = #"{"forms":["#
    for (index, name) in catalog.names.enumerated() {
      let fields = catalog.forms[name]?.fieldKeys.map(JSONString.quoted).joined(separator: ",") ?? ""
      text += (index == 0 ? "" : ",") + #"{"name":"# + JSONString.quoted(name) + #","fields":["# + fields + "]}"
    }
    return .json(.ok, text + "]}\n")
  }

  /// `GET /forms/{name}`: the compiled model, as `pureform check --emit model` writes it.
  public func model(form name: String) throws(FormServiceError) -> FormAnswer {
    .json(.ok, try form(name).modelJSON() + "\n")
  }

  /// `GET /forms/{name}/page`: the form as `pureform render` writes it, posting to its validate route
  /// relative to the page (`validate`), so the page and the answers share an origin wherever the routes are
  /// mounted.
  public func page(form name: String) throws(FormServiceError) -> FormAnswer {
    FormAnswer(
      status: .ok, contentType: "text/html; charset=utf-8",
      body: ByteBuffer(string: try form(name).html(action: "validate")))
  }

  /// `GET /openapi.json`: the catalog's OpenAPI document, with the 503 and 504 answers of the forms that
  /// have host checks.
  public func openAPI() -> FormAnswer {
    .json(.ok, reloadable.current.openAPIDocument(hostChecked: Set(hostChecks.filter { !$0.value.isEmpty }.keys)))
  }

  /// `POST /forms/{name}/validate` up to its body: the form, the query's options (`query`, the request
  /// target's part after `?`) and the body's type, each refused with its error before the body is read.
  public func validation(form name: String, query: String?, contentType: String?) throws(FormServiceError)
    -> BodyValidation
  {
    let catalog = reloadable.current
    guard let form = catalog[name] else { throw .unknownForm(name) }
    let validator = RecordBodyValidator(
      form: form, name: name, options: try ValidationQuery.options(query), pool: catalog.pool)
    guard let type = MediaType(contentType) else { throw .unsupportedMediaType(contentType) }
    return BodyValidation(validator: validator, type: type, hostChecks: hostChecks[name] ?? [])
  }

  /// `POST /forms/{name}/fields/{key}/validate` (`liveOnly` false) or `…/live` up to its body: the form, the
  /// field (`key` as the path spells it, percent escapes decoded; 404 `unknown_field` when the form has none),
  /// the query's options and the body's type, each refused with its error before the body is read.
  public func fieldValidation(
    form name: String, key: String, liveOnly: Bool, query: String?, contentType: String?
  )
    throws(FormServiceError) -> BodyValidation
  {
    let catalog = reloadable.current
    guard let form = catalog[name] else { throw .unknownForm(name) }
    let field = QueryParameters.percentDecoded(Substring(key).utf8) ?? key
    guard form.fieldKeys.contains(field) else {
      throw .unknownField(field, suggestion: Suggestion.closest(to: field, among: form.fieldKeys))
    }
    let options = try ValidationQuery.fieldOptions(query, field: field, live: liveOnly)
    let validator = RecordBodyValidator(form: form, name: name, options: options, pool: catalog.pool)
    guard let type = MediaType(contentType) else { throw .unsupportedMediaType(contentType) }
    return BodyValidation(validator: validator, type: type, hostChecks: hostChecks[name] ?? [])
  }

  /// The form named `name`; 404 when none has that name.
  func form(_ name: String) throws(FormServiceError) -> CompiledForm {
    guard let form = reloadable.current[name] else { throw .unknownForm(name) }
    return form
  }
}

/// A POST to the validate route whose form, options and content type are known: its body's answer.
public struct BodyValidation: PendingValidation {
  /// The form and the options.
  let validator: RecordBodyValidator
  /// How the body is read.
  let type: MediaType
  /// The form's host checks.
  let hostChecks: [HostCheck]

  /// The answer to `body`: 200 or 422 with the result (200 with result lines for NDJSON).
  public func answer(to body: ByteBuffer) async throws(FormServiceError) -> FormAnswer {
    try await validator.validate(body, as: type, hostChecks: hostChecks)
  }
}

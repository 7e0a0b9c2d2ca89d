public import Hummingbird
import Logging
import NIOCore
public import PureForm
public import PureFormHTTP

/// The form routes, for a Hummingbird application to mount.
///
/// `router.addRoutes(FormRoutes(catalog: forms).collection)` adds:
///
/// - `GET /forms`: `{"forms":[{"name":…,"fields":[…]}]}`, the forms by name.
/// - `GET /forms/{name}`: the compiled model, as `pureform check --emit model` writes it.
/// - `GET /forms/{name}/page`: the form as an HTML page (`pureform render`) that posts to the route below.
/// - `POST /forms/{name}/validate`: the record in the body validated (see `RecordBodyValidator`), with the
///   query options `all-failures`, `flat`, and for NDJSON `id=KEY` and `no-values`, as the CLI's flags of
///   those names (`field=KEY` and `live` are still read there, for clients of the routes below' older spelling).
/// - `POST /forms/{name}/fields/{key}/validate`: one field of the record validated (`--field KEY`), and
///   `POST /forms/{name}/fields/{key}/live` its live (`!`) validators alone (`--field KEY --live`); an
///   unknown key answers 404 `unknown_field`.
/// - `PATCH /forms/{name}/validate`: an edit, `{"before": {…}, "patch": {…}}` (an RFC 7396 merge patch of
///   the stored record `before`), validated as `pureform validate --changed-from` does: what changed and
///   what reads it; the answer adds `"changed": [keys]`.
///
/// The host checks of a form (`hostChecks[name]`, see `HostCheck`) run on each record that passes its spec,
/// from both validate routes; a check that throws answers 503 `host_check_failed`, one past its time limit
/// 504 `host_check_timeout`, each logged and counted (`FormMetrics`).
///
/// HEAD on a GET route answers its headers when the router generates HEAD endpoints
/// (`Router(options: .autoGenerateHeadEndpoints)`, as `FormServer` does); other methods on these paths answer
/// 405 with `Allow`, an unknown form 404, a body over `maxBodySize` 413 (enforced
/// while the body is read), every error as `FormServiceError`'s JSON.
///
/// The answers are `FormService`'s (PureFormHTTP), which PureFormVapor's routes give too: these routes read
/// the request and send what it answers. Each request answers from the catalog `reloadable` holds when it starts,
/// so forms can be reloaded while requests are served (`FormReloadService`).
public struct FormRoutes<Context: RequestContext>: Sendable {
  /// The forms served, replaced whole on reload.
  public var reloadable: ReloadableCatalog { service.reloadable }
  /// The largest request body read, in bytes.
  public let maxBodySize: Int
  /// Where verdicts and failures are counted; nil counts nothing.
  public let metrics: FormMetrics?
  /// The host checks of each form, by the form's name.
  public var hostChecks: [String: [HostCheck]] { service.hostChecks }
  /// The answers.
  let service: FormService

  /// Routes serving `catalog`, reading bodies of at most `maxBodySize` bytes (1 MiB unless given), with the
  /// host checks of each form by its name.
  public init(
    catalog: FormCatalog, maxBodySize: Int = 1 << 20, metrics: FormMetrics? = nil,
    hostChecks: [String: [HostCheck]] = [:]
  ) {
    self.init(
      reloadable: ReloadableCatalog(catalog), maxBodySize: maxBodySize, metrics: metrics, hostChecks: hostChecks)
  }

  /// Routes serving the catalog `reloadable` holds at each request.
  public init(
    reloadable: ReloadableCatalog, maxBodySize: Int = 1 << 20, metrics: FormMetrics? = nil,
    hostChecks: [String: [HostCheck]] = [:]
  ) {
    self.service = FormService(reloadable: reloadable, hostChecks: hostChecks)
    self.maxBodySize = maxBodySize
    self.metrics = metrics
  }

  /// `init(reloadable:maxBodySize:metrics:hostChecks:)`, under its earlier label.
  @available(*, deprecated, renamed: "init(reloadable:maxBodySize:metrics:hostChecks:)")
  public init(
    live: ReloadableCatalog, maxBodySize: Int = 1 << 20, metrics: FormMetrics? = nil,
    hostChecks: [String: [HostCheck]] = [:]
  ) {
    self.init(reloadable: live, maxBodySize: maxBodySize, metrics: metrics, hostChecks: hostChecks)
  }

  /// `reloadable`, under its earlier name.
  @available(*, deprecated, renamed: "reloadable")
  public var live: ReloadableCatalog { reloadable }

  /// The forms served now.
  public var catalog: FormCatalog { reloadable.current }

  /// The routes, at `/forms…` under wherever they are mounted.
  public var collection: RouteCollection<Context> {
    let routes = RouteCollection(context: Context.self)
    routes.get("forms") { _, _ in service.list().response }
    routes.get("forms/:name") { _, context in try service.model(form: name(context)).response }
    routes.get("forms/:name/page") { _, context in try service.page(form: name(context)).response }
    routes.post("forms/:name/validate") { request, context in
      try await validate(request, context, service.validation)
    }
    routes.patch("forms/:name/validate") { request, context in
      try await validate(request, context, service.changeValidation)
    }
    for (route, liveOnly) in [(FormRoute.field, false), (FormRoute.fieldLive, true)] {
      routes.post(RouterPath(route.path)) { request, context in
        let key = context.parameters.get("key") ?? ""
        return try await validate(request, context) { name, query, type throws(FormServiceError) in
          try service.fieldValidation(form: name, key: key, liveOnly: liveOnly, query: query, contentType: type)
        }
      }
    }
    for route in FormRoute.forms {
      routes.refuseMethods(on: RouterPath(route.path), otherThan: route.allowed)
    }
    return routes
  }

  /// `POST` (a record, `FormService.validation`) or `PATCH` (an edit, `FormService.changeValidation`)
  /// `/forms/{name}/validate`: `start` checks the form, the query and the content type, then the body is read
  /// and answered, its verdicts counted.
  func validate<Validation: PendingValidation>(
    _ request: Request, _ context: Context,
    _ start: (String, String?, String?) throws(FormServiceError) -> Validation
  ) async throws(FormServiceError) -> Response {
    let name = name(context)
    let validation = try start(name, request.uri.query, request.headers[.contentType])
    let body = try await readBody(request)
    let answer = try await hostChecked(form: name, context) { () async throws(FormServiceError) in
      try await validation.answer(to: body)
    }
    metrics?.recordVerdicts(form: name, valid: answer.valid, invalid: answer.invalid, failures: answer.failures)
    return answer.response
  }

  /// The request's body, refused past `maxBodySize` from its `Content-Length` or while it is read.
  func readBody(_ request: Request) async throws(FormServiceError) -> ByteBuffer {
    if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodySize {
      throw .bodyTooLarge(limit: maxBodySize)
    }
    do {
      return try await request.body.collect(upTo: maxBodySize)
    } catch is NIOTooManyBytesError {
      throw .bodyTooLarge(limit: maxBodySize)
    } catch {
      throw .bodyUnreadable
    }
  }

  /// Runs `validate`, form `name`'s validation with its host checks; a host check's error is logged and
  /// counted before it is answered.
  func hostChecked(
    form name: String, _ context: Context, _ validate: () async throws(FormServiceError) -> FormAnswer
  ) async throws(FormServiceError) -> FormAnswer {
    do {
      return try await validate()
    } catch {
      if let check = error.check {
        context.logger.error(
          "host check gave no verdict",
          metadata: [
            "form": "\(name)", "check": "\(check)", "error": "\(error.code)", "reason": "\(error.detail ?? "")",
          ])
        metrics?.recordHostCheckError(form: name, check: check, code: error.code)
      }
      throw error
    }
  }

  /// The form's name in the path.
  private func name(_ context: Context) -> String {
    context.parameters.get("name") ?? ""
  }

  /// A JSON response.
  static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
    FormAnswer.json(status, text).response
  }
}

public import Hummingbird
import Logging
import NIOCore
public import PureForm

/// The form routes, for a Hummingbird application to mount.
///
/// `router.addRoutes(FormRoutes(catalog: forms).collection)` adds:
///
/// - `GET /forms`: `{"forms":[{"name":…,"fields":[…]}]}`, the forms by name.
/// - `GET /forms/{name}`: the compiled model, as `pureform check --emit model` writes it.
/// - `GET /forms/{name}/page`: the form as an HTML page (`pureform render`) that posts to the route below.
/// - `POST /forms/{name}/validate`: the record in the body validated (see `RecordBodyValidator`), with the
///   query options `all-failures`, `field=KEY`, `live` and `flat`, as the CLI's flags of those names.
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
/// Each request answers from the catalog `live` holds when it starts, so forms can be reloaded while
/// requests are served (`FormReloadService`).
public struct FormRoutes<Context: RequestContext>: Sendable {
  /// The forms served, replaced whole on reload.
  public let live: LiveCatalog
  /// The largest request body read, in bytes.
  public let maxBodySize: Int
  /// Where verdicts and failures are counted; nil counts nothing.
  public let metrics: FormMetrics?
  /// The host checks of each form, by the form's name.
  public let hostChecks: [String: [HostCheck]]

  /// Routes serving `catalog`, reading bodies of at most `maxBodySize` bytes (1 MiB unless given), with the
  /// host checks of each form by its name.
  public init(
    catalog: FormCatalog, maxBodySize: Int = 1 << 20, metrics: FormMetrics? = nil,
    hostChecks: [String: [HostCheck]] = [:]
  ) {
    self.init(live: LiveCatalog(catalog), maxBodySize: maxBodySize, metrics: metrics, hostChecks: hostChecks)
  }

  /// Routes serving the catalog `live` holds at each request.
  public init(
    live: LiveCatalog, maxBodySize: Int = 1 << 20, metrics: FormMetrics? = nil,
    hostChecks: [String: [HostCheck]] = [:]
  ) {
    self.live = live
    self.maxBodySize = maxBodySize
    self.metrics = metrics
    self.hostChecks = hostChecks
  }

  /// The forms served now.
  public var catalog: FormCatalog { live.current }

  /// The routes, at `/forms…` under wherever they are mounted.
  public var collection: RouteCollection<Context> {
    let routes = RouteCollection(context: Context.self)
    routes.get("forms") { _, _ in list() }
    routes.get("forms/:name") { _, context in try model(context) }
    routes.get("forms/:name/page") { _, context in try page(context) }
    routes.post("forms/:name/validate") { request, context in try await validate(request, context) }
    routes.patch("forms/:name/validate") { request, context in try await validateChange(request, context) }
    routes.refuseMethods(on: "forms", otherThan: [.get, .head])
    routes.refuseMethods(on: "forms/:name", otherThan: [.get, .head])
    routes.refuseMethods(on: "forms/:name/validate", otherThan: [.post, .patch])
    routes.refuseMethods(on: "forms/:name/page", otherThan: [.get, .head])
    return routes
  }

  /// `GET /forms`.
  func list() -> Response {
    let catalog = live.current
    var text = #"{"forms":["#
    for (index, name) in catalog.names.enumerated() {
      let fields = catalog.forms[name]?.fieldKeys.map(JSONString.quoted).joined(separator: ",") ?? ""
      text += (index == 0 ? "" : ",") + #"{"name":"# + JSONString.quoted(name) + #","fields":["# + fields + "]}"
    }
    return Self.json(.ok, text + "]}\n")
  }

  /// `GET /forms/{name}`.
  func model(_ context: Context) throws(FormServiceError) -> Response {
    Self.json(.ok, try form(context).modelJSON() + "\n")
  }

  /// `GET /forms/{name}/page`: the form as `pureform render` writes it, posting to its validate route
  /// relative to the page (`validate`), so the page and the answers share an origin wherever the routes are
  /// mounted.
  func page(_ context: Context) throws(FormServiceError) -> Response {
    Response(
      status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
      body: .init(byteBuffer: ByteBuffer(string: try form(context).html(action: "validate"))))
  }

  /// `POST /forms/{name}/validate`.
  func validate(_ request: Request, _ context: Context) async throws(FormServiceError) -> Response {
    let name = context.parameters.get("name") ?? ""
    let catalog = live.current
    guard let form = catalog[name] else { throw .unknownForm(name) }
    let validator = RecordBodyValidator(
      form: form, name: name, options: try ValidationQuery.options(request.uri), pool: catalog.pool)
    let contentType = request.headers[.contentType]
    guard let type = MediaType(contentType) else { throw .unsupportedMediaType(contentType) }
    let body = try await readBody(request)
    let answer = try await hostChecked(form: name, context) { checks throws(FormServiceError) in
      try await validator.validate(body, as: type, hostChecks: checks)
    }
    metrics?.recordVerdicts(form: name, valid: answer.valid, invalid: answer.invalid, failures: answer.failures)
    return Response(
      status: answer.status,
      headers: [.contentType: type == .ndjson ? "application/x-ndjson" : "application/json"],
      body: .init(byteBuffer: answer.body))
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
      throw FormServiceError(.badRequest, code: "body_unreadable", message: "the request body could not be read")
    }
  }

  /// Runs `validate` with form `name`'s host checks; a host check's error is logged and counted before it
  /// is answered.
  func hostChecked<Answer>(
    form name: String, _ context: Context,
    _ validate: ([HostCheck]) async throws(FormServiceError) -> Answer
  ) async throws(FormServiceError) -> Answer {
    do {
      return try await validate(hostChecks[name] ?? [])
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

  /// The form the path names; 404 when none has that name.
  private func form(_ context: Context) throws(FormServiceError) -> CompiledForm {
    let name = context.parameters.get("name") ?? ""
    guard let form = catalog[name] else { throw .unknownForm(name) }
    return form
  }

  /// A JSON response.
  static func json(_ status: HTTPResponse.Status, _ text: String) -> Response {
    Response(
      status: status, headers: [.contentType: "application/json"], body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}

public import Hummingbird
import NIOCore
import PureForm

/// The form routes, for a Hummingbird application to mount.
///
/// `router.addRoutes(FormRoutes(catalog: forms).collection)` adds:
///
/// - `GET /forms`: `{"forms":[{"name":…,"fields":[…]}]}`, the forms by name.
/// - `GET /forms/{name}`: the compiled model, as `pureform check --emit model` writes it.
/// - `GET /forms/{name}/page`: the form as an HTML page (`pureform render`) that posts to the route below.
/// - `POST /forms/{name}/validate`: the record in the body validated (see `RecordBodyValidator`), with the
///   query options `all-failures`, `field=KEY`, `live` and `flat`, as the CLI's flags of those names.
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

  /// Routes serving `catalog`, reading bodies of at most `maxBodySize` bytes (1 MiB unless given).
  public init(catalog: FormCatalog, maxBodySize: Int = 1 << 20, metrics: FormMetrics? = nil) {
    self.init(live: LiveCatalog(catalog), maxBodySize: maxBodySize, metrics: metrics)
  }

  /// Routes serving the catalog `live` holds at each request.
  public init(live: LiveCatalog, maxBodySize: Int = 1 << 20, metrics: FormMetrics? = nil) {
    self.live = live
    self.maxBodySize = maxBodySize
    self.metrics = metrics
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
    routes.refuseMethods(on: "forms", otherThan: [.get, .head])
    routes.refuseMethods(on: "forms/:name", otherThan: [.get, .head])
    routes.refuseMethods(on: "forms/:name/validate", otherThan: [.post])
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
    if let length = request.headers[.contentLength].flatMap(Int.init), length > maxBodySize {
      throw .bodyTooLarge(limit: maxBodySize)
    }
    let body: ByteBuffer
    do {
      body = try await request.body.collect(upTo: maxBodySize)
    } catch is NIOTooManyBytesError {
      throw .bodyTooLarge(limit: maxBodySize)
    } catch {
      throw FormServiceError(.badRequest, code: "body_unreadable", message: "the request body could not be read")
    }
    let answer = try validator.validate(body, as: type)
    metrics?.recordVerdicts(form: name, valid: answer.valid, invalid: answer.invalid, failures: answer.failures)
    return Response(
      status: answer.status,
      headers: [.contentType: type == .ndjson ? "application/x-ndjson" : "application/json"],
      body: .init(byteBuffer: answer.body))
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

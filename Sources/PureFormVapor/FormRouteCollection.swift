import HTTPTypes
import Logging
import NIOCore
public import PureForm
public import PureFormHTTP
public import Vapor

/// The form routes, for a Vapor 4 application to mount: the routes of PureFormHummingbird's `FormRoutes`,
/// answering the same requests with the same status, content type and bytes (both send what
/// `FormService` answers).
///
/// `try app.register(collection: FormRouteCollection(catalog: forms))` adds:
///
/// - `GET /forms`: `{"forms":[{"name":…,"fields":[…]}]}`, the forms by name.
/// - `GET /forms/{name}`: the compiled model, as `pureform check --emit model` writes it.
/// - `GET /forms/{name}/page`: the form as an HTML page (`pureform render`) that posts to the route below.
/// - `POST /forms/{name}/validate`: the record in the body validated (JSON, a form post, or NDJSON), with
///   the query options `all-failures`, `field=KEY`, `live`, `flat`, `id=KEY` and `no-values`.
/// - `PATCH /forms/{name}/validate`: an edit, `{"before": {…}, "patch": {…}}`, validated as
///   `pureform validate --changed-from` does; the answer adds `"changed": [keys]`.
/// - `GET /openapi.json` when `openAPI` is set: the document `pureform serve` serves (its paths are
///   `serve`'s, from the root).
///
/// HEAD on a GET route answers its headers (Vapor routes it to the GET route); every other method on these
/// paths answers 405 with `Allow`, an unknown form 404, a body over `maxBodySize` 413, each with
/// `FormServiceError`'s JSON body, whichever error middleware the application has. The host checks of a
/// form (`hostChecks[name]`) run on each record that passes its spec; a check that gives no verdict answers
/// 503 or 504 and is logged through the request's logger. `FormErrorMiddleware` gives Vapor's own errors
/// (a path no route has, a body over a route's limit) the same JSON shape.
public struct FormRouteCollection: RouteCollection, Sendable {
  /// The answers: the forms served and their host checks.
  public let service: FormService
  /// The largest request body read, in bytes.
  public let maxBodySize: Int
  /// Whether `GET /openapi.json` is among the routes.
  public let servesOpenAPI: Bool

  /// Routes serving `catalog`, reading bodies of at most `maxBodySize` bytes (1 MiB unless given), with the
  /// host checks of each form by its name, and `GET /openapi.json` when `openAPI` is set.
  public init(
    catalog: FormCatalog, maxBodySize: Int = 1 << 20, hostChecks: [String: [HostCheck]] = [:],
    openAPI: Bool = false
  ) {
    self.init(
      reloadable: ReloadableCatalog(catalog), maxBodySize: maxBodySize, hostChecks: hostChecks, openAPI: openAPI)
  }

  /// Routes serving the catalog `reloadable` holds at each request, so the forms can be reloaded while requests
  /// are served (`reloadable.replace(with:)`).
  public init(
    reloadable: ReloadableCatalog, maxBodySize: Int = 1 << 20, hostChecks: [String: [HostCheck]] = [:],
    openAPI: Bool = false
  ) {
    self.service = FormService(reloadable: reloadable, hostChecks: hostChecks)
    self.maxBodySize = maxBodySize
    self.servesOpenAPI = openAPI
  }

  /// `init(reloadable:maxBodySize:hostChecks:openAPI:)`, under its earlier label.
  @available(*, deprecated, renamed: "init(reloadable:maxBodySize:hostChecks:openAPI:)")
  public init(
    live: ReloadableCatalog, maxBodySize: Int = 1 << 20, hostChecks: [String: [HostCheck]] = [:], openAPI: Bool = false
  ) {
    self.init(reloadable: live, maxBodySize: maxBodySize, hostChecks: hostChecks, openAPI: openAPI)
  }

  /// The forms served now.
  public var catalog: FormCatalog { service.reloadable.current }

  /// Adds the routes to `routes`, at `/forms…` under wherever it is grouped.
  public func boot(routes: any RoutesBuilder) throws {
    let (model, validate, page) = (FormRoute.model, FormRoute.validate, FormRoute.page)
    on(routes, .GET, .list) { _ in service.list() }
    on(routes, .GET, model) { request throws(FormServiceError) in try service.model(form: model.name(in: request)) }
    on(routes, .GET, page) { request throws(FormServiceError) in try service.page(form: page.name(in: request)) }
    on(routes, .POST, validate) { request throws(FormServiceError) in
      try await self.validate(request, service.validation)
    }
    on(routes, .PATCH, validate) { request throws(FormServiceError) in
      try await self.validate(request, service.changeValidation)
    }
    for (route, liveOnly) in [(FormRoute.field, false), (FormRoute.fieldLive, true)] {
      on(routes, .POST, route) { request throws(FormServiceError) in
        let key = route.parameter(":key", in: request)
        return try await self.validate(request, route: route) { name, query, type throws(FormServiceError) in
          try service.fieldValidation(form: name, key: key, liveOnly: liveOnly, query: query, contentType: type)
        }
      }
    }
    var refusing = FormRoute.forms
    if servesOpenAPI {
      on(routes, .GET, .openAPI) { _ in service.openAPI() }
      refusing.append(.openAPI)
    }
    for route in refusing {
      for method in route.refused {
        on(routes, HTTPMethod(rawValue: method.rawValue), route) { _ throws(FormServiceError) in
          throw route.refusal(of: method)
        }
      }
    }
  }

  /// Adds `route` for `method`, each request answered with what `answer` gives or throws.
  ///
  /// Never a thrown error, so the answer is the same whatever error middleware the application has. The body is streamed
  /// to the handler: only the validate routes read it, within `maxBodySize`.
  private func on(
    _ routes: any RoutesBuilder, _ method: HTTPMethod, _ route: FormRoute,
    _ answer: @escaping @Sendable (Request) async throws(FormServiceError) -> FormAnswer
  ) {
    routes.on(method, route.segments.map { PathComponent(stringLiteral: $0) }, body: .stream) { request in
      do throws(FormServiceError) {
        return try await answer(request).vaporResponse
      } catch {
        return error.answer.vaporResponse
      }
    }
  }

  /// `POST` (a record, `FormService.validation`) or `PATCH` (an edit, `FormService.changeValidation`)
  /// `/forms/{name}/validate`: `start` checks the form, the query and the content type, then the body is read
  /// and answered; a host check's error is logged (with what the check threw, which the answer does not
  /// say) before it is answered.
  private func validate<Validation: PendingValidation>(
    _ request: Request, route: FormRoute = .validate,
    _ start: (String, String?, String?) throws(FormServiceError) -> Validation
  ) async throws(FormServiceError) -> FormAnswer {
    let form = route.name(in: request)
    let validation = try start(form, request.url.query, request.contentTypeHeader)
    let body = try await FormBody.read(request, limit: maxBodySize)
    do {
      return try await validation.answer(to: body)
    } catch {
      if let check = error.check {
        request.logger.error(
          "host check gave no verdict",
          metadata: [
            "form": "\(form)", "check": "\(check)", "error": "\(error.code)", "reason": "\(error.detail ?? "")",
          ])
      }
      throw error
    }
  }
}

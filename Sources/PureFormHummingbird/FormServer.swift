public import Hummingbird
public import PureForm
import PureFormHTTP

/// The router `pureform serve` runs: the form routes (`FormRoutes`), `GET /health`, `GET /metrics`,
/// `GET /openapi.json` (the catalog's `openAPIDocument`, rebuilt with each reloaded catalog), every
/// error as JSON (`JSONErrorMiddleware`), one log line per request (`RequestLogMiddleware`) and every
/// request counted (`RequestMetricsMiddleware`).
public enum FormServer {
  /// A router serving `catalog` with bodies of at most `maxBodySize` bytes, running each form's host checks
  /// (`hostChecks`, by form name).
  public static func router(
    catalog: FormCatalog, maxBodySize: Int = 1 << 20, hostChecks: [String: [HostCheck]] = [:]
  ) -> Router<BasicRequestContext> {
    router(
      reloadable: ReloadableCatalog(catalog), maxBodySize: maxBodySize, metrics: FormMetrics(), hostChecks: hostChecks)
  }

  /// A router serving the catalog `reloadable` holds at each request, counting into `metrics`; once `drain` has
  /// begun, `GET /health` answers 503 `{"status":"draining"}`, for balancers and orchestrators that poll it.
  ///
  /// The OpenAPI document names the host-checked forms' 503 and 504 answers.
  public static func router(
    reloadable: ReloadableCatalog, maxBodySize: Int = 1 << 20, metrics: FormMetrics, drain: ServerDrain? = nil,
    hostChecks: [String: [HostCheck]] = [:]
  ) -> Router<BasicRequestContext> {
    let router = Router(options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: RequestMetricsMiddleware(metrics: metrics))
    router.add(middleware: JSONErrorMiddleware())
    router.get("health") { _, _ in
      if drain?.isDraining == true {
        return FormRoutes<BasicRequestContext>.json(.serviceUnavailable, #"{"status":"draining"}"# + "\n")
      }
      return FormRoutes<BasicRequestContext>.json(.ok, #"{"status":"ok"}"# + "\n")
    }
    router.get("metrics") { _, _ in
      Response(
        status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
        body: .init(byteBuffer: ByteBuffer(bytes: metrics.text())))
    }
    let service = FormService(reloadable: reloadable, hostChecks: hostChecks)
    router.get("openapi.json") { _, _ in service.openAPI().response }
    router.refuseMethods(on: "health", otherThan: [.get, .head])
    router.refuseMethods(on: "metrics", otherThan: [.get, .head])
    router.refuseMethods(on: RouterPath(FormRoute.openAPI.path), otherThan: FormRoute.openAPI.allowed)
    router.addRoutes(
      FormRoutes(reloadable: reloadable, maxBodySize: maxBodySize, metrics: metrics, hostChecks: hostChecks).collection)
    return router
  }

  /// `router(reloadable:maxBodySize:metrics:drain:hostChecks:)`, under its earlier label.
  @available(*, deprecated, renamed: "router(reloadable:maxBodySize:metrics:drain:hostChecks:)")
  public static func router(
    live: ReloadableCatalog, maxBodySize: Int = 1 << 20, metrics: FormMetrics, drain: ServerDrain? = nil,
    hostChecks: [String: [HostCheck]] = [:]
  ) -> Router<BasicRequestContext> {
    router(reloadable: live, maxBodySize: maxBodySize, metrics: metrics, drain: drain, hostChecks: hostChecks)
  }
}

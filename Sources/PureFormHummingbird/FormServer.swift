public import Hummingbird

/// The router `pureform serve` runs: the form routes (`FormRoutes`), `GET /health`, every error as JSON
/// (`JSONErrorMiddleware`) and one log line per request (`RequestLogMiddleware`).
public enum FormServer {
  /// A router serving `catalog` with bodies of at most `maxBodySize` bytes.
  public static func router(catalog: FormCatalog, maxBodySize: Int = 1 << 20) -> Router<BasicRequestContext> {
    let router = Router()
    router.add(middleware: RequestLogMiddleware())
    router.add(middleware: JSONErrorMiddleware())
    router.get("health") { _, _ in
      FormRoutes<BasicRequestContext>.json(.ok, #"{"status":"ok"}"# + "\n")
    }
    for method: HTTPRequest.Method in [.post, .put, .patch, .delete] {
      router.on("health", method: method) { request, _ -> Response in
        throw FormServiceError.methodNotAllowed(request.method, allowed: [.get])
      }
    }
    router.addRoutes(FormRoutes(catalog: catalog, maxBodySize: maxBodySize).collection)
    return router
  }
}

public import Hummingbird
import Logging

/// Logs one line per request through the request's swift-log logger, at `info`: the method, the path,
/// the status, the duration in milliseconds and the request id (`hb.request.id`, which the logger
/// already carries).
public struct RequestLogMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The middleware.
  public init() {}

  /// Calls `next`, then logs the request with its status and duration.
  public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    let start = ContinuousClock.now
    let response: Response
    do {
      response = try await next(request, context)
    } catch {
      log(request, context, status: "error", since: start)
      throw error
    }
    log(request, context, status: "\(response.status.code)", since: start)
    return response
  }

  /// One log line.
  private func log(_ request: Request, _ context: Context, status: String, since start: ContinuousClock.Instant) {
    let duration = ContinuousClock.now - start
    let milliseconds = Double(duration.components.attoseconds) / 1e15 + Double(duration.components.seconds) * 1000
    context.logger.info(
      "request",
      metadata: [
        "method": "\(request.method.rawValue)", "path": "\(request.uri.path)", "status": "\(status)",
        "duration_ms": "\((milliseconds * 1000).rounded() / 1000)",
      ])
  }
}

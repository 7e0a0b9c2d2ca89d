public import Hummingbird

/// Counts every request in `FormMetrics`: by method, route and status, with its duration.
///
/// Put it above `JSONErrorMiddleware`, so errors are counted with the status they are answered with.
public struct RequestMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
  /// Where the requests are counted.
  public let metrics: FormMetrics

  /// A middleware counting into `metrics`.
  public init(metrics: FormMetrics) {
    self.metrics = metrics
  }

  /// Calls `next`, then counts the request with its status and duration.
  public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    let start = ContinuousClock.now
    let response: Response
    do {
      response = try await next(request, context)
    } catch {
      let status = (error as? any HTTPResponseError)?.status.code ?? 500
      record(request, context, status: status, since: start)
      throw error
    }
    record(request, context, status: response.status.code, since: start)
    return response
  }

  /// Counts one request; the route is the matched route's path, `NotFound` when none matched, and a method
  /// outside the common ones is `other`, so clients cannot add labels.
  private func record(_ request: Request, _ context: Context, status: Int, since start: ContinuousClock.Instant) {
    let known: [HTTPRequest.Method] = [.get, .head, .post, .put, .patch, .delete, .options]
    metrics.recordRequest(
      method: known.contains(request.method) ? request.method.rawValue : "other",
      route: context.endpointPath ?? "NotFound", status: status,
      duration: ContinuousClock.now - start)
  }
}

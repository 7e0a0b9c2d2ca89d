public import Hummingbird
import Logging
import PureFormHTTP

/// Turns every error below it into `FormServiceError`'s JSON: Hummingbird's own `HTTPError`s (a path no
/// route has is a 404 `not_found`) keep their status; anything else, which no client input should reach,
/// is logged and answered 500 `internal_error`.
public struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
  /// The middleware.
  public init() {}

  /// Calls `next`, mapping its errors to JSON responses.
  public func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response)
    async throws -> Response
  {
    do {
      return try await next(request, context)
    } catch let error as FormServiceError {
      return error.jsonResponse
    } catch let error as HTTPError {
      if error.status == .notFound {
        return FormServiceError.notFound(request.uri.path).jsonResponse
      }
      let code = error.status.reasonPhrase.lowercased().split(separator: " ").joined(separator: "_")
      return FormServiceError(error.status, code: code, message: error.body ?? error.status.reasonPhrase)
        .jsonResponse
    } catch let error as any HTTPResponseError {
      let code = error.status.reasonPhrase.lowercased().split(separator: " ").joined(separator: "_")
      return FormServiceError(error.status, code: code, message: error.status.reasonPhrase).jsonResponse
    } catch {
      context.logger.error("unexpected error", metadata: ["error": "\(error)"])
      return FormServiceError(.internalServerError, code: "internal_error", message: "the server failed").jsonResponse
    }
  }
}

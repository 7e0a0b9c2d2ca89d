import HTTPTypes
import Logging
import PureFormHTTP
public import Vapor

/// Answers every error below it with `FormServiceError`'s JSON body, `{"error":"<code>","message":"…"}`, as
/// `pureform serve` answers its errors: a `FormAbort` (`req.pureform.validate(form:)`) with its own body,
/// a path no route has with 404 `not_found`, a body over a route's limit with 413 `body_too_large` (naming
/// the application's `routes.defaultMaxBodySize`, the limit of the bodies Vapor collects), any
/// other `AbortError` with its status, a code from the status's reason phrase (415
/// `unsupported_media_type`) and its reason as the message; anything else, which no client input should
/// reach, is logged and answered 500 `internal_error`.
///
/// `app.middleware.use(FormErrorMiddleware())`: added after Vapor's own `ErrorMiddleware`, it is nearer the
/// routes and answers first.
public struct FormErrorMiddleware: AsyncMiddleware {
  /// The middleware.
  public init() {}

  /// Calls `next`, answering its errors with JSON.
  public func respond(to request: Request, chainingTo next: any AsyncResponder) async throws -> Response {
    do {
      return try await next.respond(to: request)
    } catch {
      return Self.error(for: error, of: request).answer.vaporResponse
    }
  }

  /// The JSON error that answers `error`, thrown for `request`.
  static func error(for error: any Error, of request: Request) -> FormServiceError {
    switch error {
    case let error as FormAbort:
      return error.error
    case is RouteNotFound:
      return .notFound(request.url.path)
    case let error as any AbortError where error.status == .payloadTooLarge:
      // Vapor's collected bodies are limited by `defaultMaxBodySize` unless a route names its own limit.
      return .bodyTooLarge(limit: request.application.routes.defaultMaxBodySize.value)
    case let error as any AbortError:
      let status = HTTPResponse.Status(code: Int(error.status.code))
      let code = status.reasonPhrase.lowercased().split(separator: " ").joined(separator: "_")
      var answer = FormServiceError(status, code: code, message: error.reason)
      answer.allow = error.headers.first(name: .allow)
      return answer
    default:
      request.logger.error("unexpected error", metadata: ["error": "\(error)"])
      return FormServiceError(.internalServerError, code: "internal_error", message: "the server failed")
    }
  }
}

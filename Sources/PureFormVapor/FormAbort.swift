import HTTPTypes
public import PureFormHTTP
public import Vapor

/// A `FormServiceError` thrown from a Vapor handler (`req.pureform.validate(form:)`): an `AbortError` with the
/// error's status and message, which `FormErrorMiddleware` answers with the error's own JSON body, byte for
/// byte `pureform serve`'s (Vapor's `ErrorMiddleware` alone answers it with its `{"error":true,"reason":…}`).
public struct FormAbort: AbortError, Sendable {
  /// The error.
  public let error: FormServiceError

  /// The abort of `error`.
  public init(_ error: FormServiceError) {
    self.error = error
  }

  /// The error's status.
  public var status: HTTPResponseStatus {
    HTTPResponseStatus(statusCode: error.status.code, reasonPhrase: error.status.reasonPhrase)
  }

  /// The error's message.
  public var reason: String { error.message }

  /// `Allow` for a 405.
  public var headers: HTTPHeaders {
    error.allow.map { HTTPHeaders([("Allow", $0)]) } ?? [:]
  }
}

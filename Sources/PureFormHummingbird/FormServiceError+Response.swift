public import Hummingbird
public import PureFormHTTP

extension FormServiceError: HTTPResponseError {
  /// The JSON body with its status; a 405 also says what the path allows.
  public func response(from request: Request, context: some RequestContext) throws -> Response {
    jsonResponse
  }

  /// The error as a response: `Content-Type: application/json`, the body `jsonText`.
  public var jsonResponse: Response { answer.response }
}

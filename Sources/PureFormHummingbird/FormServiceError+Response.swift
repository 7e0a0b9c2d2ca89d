public import Hummingbird

extension FormServiceError: HTTPResponseError {
  /// The JSON body with its status; a 405 also says what the path allows.
  public func response(from request: Request, context: some RequestContext) throws -> Response {
    jsonResponse
  }

  /// The error as a response: `Content-Type: application/json`, the body `jsonText`.
  public var jsonResponse: Response {
    var headers: HTTPFields = [.contentType: "application/json"]
    if let allow { headers[.allow] = allow }
    return Response(status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: jsonText)))
  }
}

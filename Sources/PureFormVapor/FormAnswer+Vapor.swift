import HTTPTypes
public import PureFormHTTP
public import Vapor

extension FormAnswer {
  /// The answer as a Vapor response: its status, `Content-Type`, `Allow` when it has one, and body.
  public var vaporResponse: Response {
    var headers = HTTPHeaders([("Content-Type", contentType)])
    if let allow { headers.add(name: .allow, value: allow) }
    return Response(
      status: HTTPResponseStatus(statusCode: status.code, reasonPhrase: status.reasonPhrase), headers: headers,
      body: .init(buffer: body))
  }
}

public import Hummingbird
import PureFormHTTP

extension FormAnswer {
  /// The answer as a Hummingbird response: its status, `Content-Type`, `Allow` when it has one, and body.
  public var response: Response {
    var headers: HTTPFields = [.contentType: contentType]
    if let allow { headers[.allow] = allow }
    return Response(status: status, headers: headers, body: .init(byteBuffer: body))
  }
}

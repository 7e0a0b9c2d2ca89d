import PureFormHTTP
import Vapor

extension FormRoute {
  /// The form's name in `request`'s path, as sent (percent escapes kept, as Hummingbird's router keeps
  /// them): the path segment where this route has `:name`, counted from the end, so it is found wherever
  /// the routes are mounted.
  func name(in request: Request) -> String {
    parameter(":name", in: request)
  }

  /// The path segment where this route has `parameter` (`:name`, `:key`), as sent, counted from the end.
  func parameter(_ parameter: String, in request: Request) -> String {
    guard let index = segments.firstIndex(of: parameter) else { return "" }
    let fromEnd = segments.count - 1 - index
    let components = request.url.path.split(separator: "/")
    guard components.count > fromEnd else { return "" }
    return String(components[components.count - 1 - fromEnd])
  }
}

extension Request {
  /// The `Content-Type` header as sent, or nil.
  var contentTypeHeader: String? {
    headers.first(name: .contentType)
  }
}

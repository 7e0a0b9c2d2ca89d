import Hummingbird
import PureFormHTTP

extension RouterMethods {
  /// Answers 405 with the `Allow` header (`FormServiceError.methodNotAllowed`) for the methods that `path`
  /// does not take (`FormServiceError.refusedMethods`: every method the HTTP/1.1 parser reads but CONNECT).
  ///
  /// The one place that refuses a method, for the form routes, `/health`, `/metrics` and `/openapi.json`.
  /// A GET route names HEAD among `allowed`: the router answers it (`Router(options:
  /// .autoGenerateHeadEndpoints)`, as `FormServer` does) with the GET answer's headers.
  func refuseMethods(on path: RouterPath, otherThan allowed: [HTTPRequest.Method]) {
    let others = FormServiceError.refusedMethods.filter { !allowed.contains($0) }
    for method in others {
      on(path, method: method) { request, _ -> Response in
        throw FormServiceError.methodNotAllowed(request.method, allowed: allowed)
      }
    }
  }
}

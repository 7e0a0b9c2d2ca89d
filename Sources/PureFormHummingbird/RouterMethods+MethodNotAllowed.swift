import Hummingbird

extension RouterMethods {
  /// Answers 405 with the `Allow` header (`FormServiceError.methodNotAllowed`) for the common methods that
  /// `path` does not take: the one place that refuses a method, for the form routes, `/health` and `/metrics`.
  func refuseMethods(on path: RouterPath, otherThan allowed: [HTTPRequest.Method]) {
    let others: [HTTPRequest.Method] = [.get, .post, .put, .patch, .delete].filter { !allowed.contains($0) }
    for method in others {
      on(path, method: method) { request, _ -> Response in
        throw FormServiceError.methodNotAllowed(request.method, allowed: allowed)
      }
    }
  }
}

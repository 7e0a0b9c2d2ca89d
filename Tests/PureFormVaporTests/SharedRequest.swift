import Foundation

/// One request the same-answer test sends to both servers: a method, a request target (path and query as sent)
/// and, for a body, its content type (nil: no `Content-Type` header).
struct SharedRequest: Sendable, CustomStringConvertible {
  var method: String
  var target: String
  var contentType: String?
  var body: String?

  init(_ method: String, _ target: String, _ contentType: String? = nil, _ body: String? = nil) {
    self.method = method
    self.target = target
    self.contentType = contentType
    self.body = body
  }

  var description: String { "\(method) \(target)" + (contentType.map { " (\($0))" } ?? "") }

  /// A JSON body.
  static func json(_ target: String, _ body: String, method: String = "POST") -> Self {
    Self(method, target, "application/json", body)
  }

  /// A form post.
  static func form(_ target: String, _ body: String) -> Self {
    Self("POST", target, "application/x-www-form-urlencoded", body)
  }

  /// An NDJSON body.
  static func ndjson(_ target: String, _ body: String) -> Self {
    Self("POST", target, "application/x-ndjson", body)
  }
}

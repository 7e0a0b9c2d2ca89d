import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import NIOCore
import PureFormHTTP
import PureFormHummingbird
import PureFormVapor
import Vapor
import VaporTesting

/// What a server answered, as the same-answer test compares it.
struct ServerAnswer: Equatable, CustomStringConvertible {
  var status: Int
  var contentType: String?
  var allow: String?
  var body: [UInt8]

  var description: String {
    "\(status) \(contentType ?? "no Content-Type")\(allow.map { " Allow: \($0)" } ?? ""): "
      + String(decoding: body.prefix(600), as: UTF8.self)
  }
}

/// The two servers of the same-answer test: `pureform serve`'s router (Hummingbird) and a Vapor application with
/// `FormRouteCollection` and `FormErrorMiddleware`, over the same forms and host checks.
enum BothServers {
  /// The answers of `pureform serve`'s router, in process, to `requests` in order.
  static func hummingbird(_ requests: [SharedRequest]) async throws -> [ServerAnswer] {
    let router = FormServer.router(
      reloadable: ReloadableCatalog(SharedForms.catalog), maxBodySize: SharedForms.maxBodySize, metrics: FormMetrics(),
      hostChecks: SharedForms.hostChecks)
    let app = Hummingbird.Application(router: router)
    return try await app.test(.router) { client in
      var answers: [ServerAnswer] = []
      for request in requests {
        guard let method = HTTPRequest.Method(request.method) else { throw Abort(.badRequest) }
        var headers: HTTPFields = [:]
        if let type = request.contentType { headers[.contentType] = type }
        let answer = try await client.execute(
          uri: request.target, method: method, headers: headers, body: request.body.map { ByteBuffer(string: $0) }
        ) { response in
          // A response to HEAD has no body on the wire (HTTP says so); in process Hummingbird's router drops
          // a GET route's, not a 405's.
          ServerAnswer(
            status: response.status.code, contentType: response.headers[.contentType], allow: response.headers[.allow],
            body: method == .head ? [] : Array(response.body.readableBytesView))
        }
        answers.append(answer)
      }
      return answers
    }
  }

  /// The Vapor application of the test: the form routes at the root with `/openapi.json`, errors as JSON.
  static func configure(_ app: Vapor.Application) throws {
    app.middleware.use(FormErrorMiddleware())
    try app.register(
      collection: FormRouteCollection(
        catalog: SharedForms.catalog, maxBodySize: SharedForms.maxBodySize, hostChecks: SharedForms.hostChecks,
        openAPI: true))
  }

  /// The answers of the Vapor application, in process (VaporTesting), to `requests` in order.
  static func vapor(_ requests: [SharedRequest]) async throws -> [ServerAnswer] {
    try await withApp(configure: configure) { app in
      let tester = try app.testing()
      var answers: [ServerAnswer] = []
      for request in requests {
        var headers = HTTPHeaders()
        if let type = request.contentType { headers.add(name: .contentType, value: type) }
        let response = try await tester.performTest(
          request: TestingHTTPRequest(
            method: HTTPMethod(rawValue: request.method), url: URI(string: request.target), headers: headers,
            body: ByteBuffer(string: request.body ?? "")))
        // A response to HEAD has no body on the wire: Vapor answers HEAD with its GET route's response and
        // drops the body as it writes it (`HTTPServerResponseEncoder`), so in process it is still there.
        let body = request.method == "HEAD" ? [] : Array(response.body.readableBytesView)
        answers.append(
          ServerAnswer(
            status: Int(response.status.code), contentType: response.headers.first(name: .contentType),
            allow: response.headers.first(name: .allow), body: body))
      }
      return answers
    }
  }
}

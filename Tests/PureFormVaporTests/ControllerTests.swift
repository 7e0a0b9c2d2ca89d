import NIOCore
import PureForm
import PureFormHTTP
import PureFormVapor
import Testing
import Vapor
import VaporTesting

/// `req.pureform.validate(form:)` in handlers of one's own: the verdict to act on, its response the validate
/// route's, and every error the route's JSON error through `FormErrorMiddleware`.
@Suite struct ControllerTests {
  /// A controller with a handler per way of naming the form, under the same-answer test's forms.
  static func configure(_ app: Application) throws {
    let forms = FormRouteCollection(
      catalog: SharedForms.catalog, maxBodySize: SharedForms.maxBodySize, hostChecks: SharedForms.hostChecks)
    app.middleware.use(FormErrorMiddleware())
    app.pureform.use(forms)
    // By name, among the forms given to `app.pureform.use`, with their host checks.
    app.on(.POST, "accounts", ":form", body: .stream) { req async throws -> FormVerdict in
      try await req.pureform.validate(form: req.parameters.get("form") ?? "")
    }
    // A compiled form directly, the handler acting on the verdict.
    app.post("login") { req async throws -> Response in
      let login = try #require(SharedForms.catalog["login"])
      let verdict = try await req.pureform.validate(form: login)
      guard verdict.isValid else { return try await verdict.encodeResponse(for: req) }
      return Response(status: .created, body: .init(string: "welcome\n"))
    }
    // Routes whose errors are Vapor's own, answered as JSON too.
    app.post("decode") { req in try req.content.decode([String: String].self).description }
    app.post("big") { _ -> String in throw Abort(.payloadTooLarge) }
  }

  /// The status and body of one request.
  static func send(
    _ app: Application, _ method: HTTPMethod, _ path: String, type: String? = "application/json", body: String = ""
  ) async throws -> (UInt, String) {
    var headers = HTTPHeaders()
    if let type { headers.add(name: .contentType, value: type) }
    let response = try await app.testing().sendRequest(method, path, headers: headers, body: ByteBuffer(string: body))
    return (response.status.code, response.body.string)
  }

  @Test func theVerdictIsTheRoutesAnswer() async throws {
    let record = SharedForms.file("Specs/inputs/login-invalid.json")
    let form = try #require(SharedForms.catalog["login"])
    try await withApp(configure: Self.configure) { app in
      let (status, body) = try await Self.send(app, .POST, "/accounts/login?all-failures", body: record)
      #expect(status == 422)
      #expect(try body == form.validate(json: record, options: ValidationOptions(allFailures: true)).jsonText + "\n")
      let valid = try await Self.send(app, .POST, "/login", body: SharedForms.file("Specs/inputs/login.json"))
      #expect(valid == (201, "welcome\n"))
      let post = try await Self.send(
        app, .POST, "/login", type: "application/x-www-form-urlencoded", body: "login=a&password=b")
      #expect(post.0 == 422)
      #expect(try post.1 == form.validate(json: #"{"login":"a","password":"b"}"#).jsonText + "\n")
    }
  }

  @Test func hostChecksRunByName() async throws {
    try await withApp(configure: Self.configure) { app in
      let taken = try await Self.send(
        app, .POST, "/accounts/signup", body: SharedRequests.signupRecord("grace@example.com"))
      #expect(taken.0 == 422)
      #expect(
        taken.1.contains(
          #""validator":"email_registered","argument":null,"reason":"This e-mail is already registered""#))
      let down = try await Self.send(
        app, .POST, "/accounts/signup", body: SharedRequests.signupRecord("down@example.com"))
      #expect(down.0 == 503)
      #expect(down.1.hasPrefix(#"{"error":"host_check_failed","#))
    }
  }

  @Test func errorsAreTheRoutesJSON() async throws {
    try await withApp(configure: Self.configure) { app in
      let cases: [(String, String?, String, UInt, String)] = [
        (
          "/accounts/nope", "application/json", "{}", 404,
          #"{"error":"unknown_form","message":"no form is named 'nope'"}"#
        ),
        (
          "/login", "application/json", #"{"login": "a",,}"#, 400,
          #"{"error":"malformed_json","message":"expected a double-quoted object key, found ','","line":1,"column":15}"#
        ),
        ("/login?field=nope", "application/json", "{}", 400, ""),
        (
          "/login?id=login", "application/json", "{}", 400,
          #"{"error":"bad_option","message":"id and no-values shape NDJSON result lines: send application/x-ndjson, or leave them out"}"#
        ),
        (
          "/login", "application/x-ndjson", "{}", 415,
          #"{"error":"unsupported_media_type","message":"'application/x-ndjson' is not read here; send one record as application/json or application/x-www-form-urlencoded"}"#
        ),
        ("/login", nil, "{}", 415, ""),
        (
          "/accounts/login", "application/json", String(repeating: " ", count: SharedForms.maxBodySize + 1), 413,
          #"{"error":"body_too_large","message":"the request body is over the limit of 4096 bytes"}"#
        ),
        (
          "/big", "text/plain", "x", 413,
          #"{"error":"body_too_large","message":"the request body is over the limit of 16384 bytes"}"#
        ),
        ("/decode", "image/png", "x", 415, ""),
        ("/nowhere", nil, "", 404, #"{"error":"not_found","message":"no route for /nowhere"}"#),
      ]
      for (path, type, body, status, expected) in cases {
        let answer = try await Self.send(app, .POST, path, type: type, body: body)
        #expect(answer.0 == status, "\(path)")
        #expect(answer.1.hasPrefix(#"{"error":"#) && answer.1.hasSuffix("}\n"), "\(path): \(answer.1)")
        if !expected.isEmpty { #expect(answer.1 == expected + "\n", "\(path)") }
      }
    }
  }
}

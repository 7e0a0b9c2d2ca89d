import Dispatch
import Foundation
import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PureForm
import PureFormHummingbird
import ServerTestSupport
import XCTest

/// Host checks in `FormServer`'s routes: failures merged into the 422, a check that throws answered 503, one
/// past its limit 504.
///
/// Both are counted in `/metrics` and logged; never a 500. In process and over a real socket.
final class HostCheckRouteTests: XCTestCase {
  /// The signup form's checks: `email_registered` (`ExampleSpecs.emailRegistered`, 200 ms) and a coupon check
  /// that always fails.
  static let checks: [String: [HostCheck]] = [
    "signup": [
      ExampleSpecs.emailRegistered(timeLimit: .milliseconds(200)),
      HostCheck("coupon") { _ in [HostCheckFailure(key: "zip", reason: "No delivery to this zip")] },
    ]
  ]

  static func app(metrics: FormMetrics = FormMetrics(), log: LogLines? = nil) -> some ApplicationProtocol {
    var logger = Logger(label: "test")
    if let log { logger = Logger(label: "test") { _ in LogLines.Handler(lines: log) } }
    return Application(
      router: FormServer.router(reloadable: ReloadableCatalog(TestForms.catalog), metrics: metrics, hostChecks: checks),
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)), logger: logger)
  }

  /// The signup sample record with another e-mail address.
  static func record(_ email: String) throws -> String {
    try TestForms.file("Specs/inputs/signup.json").replacingOccurrences(of: "grace@example.com", with: email)
  }

  static let failed =
    #"{"error":"host_check_failed","message":"host check 'email_registered' failed, so the record has no verdict; try again later","check":"email_registered"}"#
    + "\n"
  static let timedOut =
    #"{"error":"host_check_timeout","message":"host check 'email_registered' did not answer within 0.2 seconds, so the record has no verdict; try again later","check":"email_registered"}"#
    + "\n"

  /// Posts `body` to the signup form and returns the status and body.
  static func post(
    _ client: some TestClientProtocol, _ body: String, type: String = "application/json",
    method: HTTPRequest.Method = .post
  ) async throws -> (HTTPResponse.Status, String) {
    try await client.execute(
      uri: "/forms/signup/validate", method: method, headers: [.contentType: type], body: ByteBuffer(string: body)
    ) { response in (response.status, String(buffer: response.body)) }
  }

  func testFailuresJoinTheAnswerInSpecOrder() async throws {
    try await Self.app().test(.router) { client in
      let (status, body) = try await Self.post(client, Self.record("grace@example.com"))
      XCTAssertEqual(status, .unprocessableContent)
      XCTAssertEqual(
        body,
        #"{"valid":false,"failures":[{"key":"email","path":"/email","validator":"email_registered","argument":null,"reason":"This e-mail is already registered","section":0,"row":0,"tag":0,"line":4,"column":7},{"key":"zip","path":"/zip","validator":"coupon","argument":null,"reason":"No delivery to this zip","section":0,"row":5,"tag":0,"line":69,"column":7}]}"#
          + "\n")
      // A form post is checked as the JSON record is.
      let (formStatus, formBody) = try await Self.post(
        client,
        "email=grace%40example.com&password=cobol1959&password_confirm=cobol1959&full_name=Grace+Hopper&zip=10001",
        type: "application/x-www-form-urlencoded")
      XCTAssertEqual(formStatus, .unprocessableContent)
      XCTAssertTrue(formBody.contains(#""validator":"email_registered""#))
      // A record the spec refuses is not checked: its failures are the spec's alone.
      let (invalidStatus, invalidBody) = try await Self.post(client, #"{"email": "grace@example.com"}"#)
      XCTAssertEqual(invalidStatus, .unprocessableContent)
      XCTAssertFalse(invalidBody.contains("email_registered"))
      XCTAssertFalse(invalidBody.contains("coupon"))
      // Other forms have no checks.
      try await client.execute(
        uri: "/forms/login/validate", method: .post, headers: [.contentType: "application/json"],
        body: ByteBuffer(string: try TestForms.file("Specs/inputs/login.json"))
      ) { response in XCTAssertEqual(response.status, .ok) }
    }
  }

  func testACheckThatThrowsIs503AndOnePastItsLimit504BothCounted() async throws {
    let metrics = FormMetrics()
    let log = LogLines()
    try await Self.app(metrics: metrics, log: log).test(.router) { client in
      let (status, body) = try await Self.post(client, Self.record("down@example.com"))
      XCTAssertEqual(status, .serviceUnavailable)
      XCTAssertEqual(body, Self.failed)
      // Answered at the limit, before the check ends (HostCheckTests proves it without a clock).
      let (slowStatus, slowBody) = try await Self.post(client, Self.record("slow@example.com"))
      XCTAssertEqual(slowStatus, .gatewayTimeout)
      XCTAssertEqual(slowBody, Self.timedOut)
      // PATCH runs the checks too.
      let stored = try Self.record("ada@example.com")
      let (patchStatus, patchBody) = try await Self.post(
        client, #"{"before": \#(stored), "patch": {"email": "down@example.com"}}"#, method: .patch)
      XCTAssertEqual(patchStatus, .serviceUnavailable)
      XCTAssertEqual(patchBody, Self.failed)
      let text = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
      let lines = Set(text.split(separator: "\n").map(String.init))
      for expected in [
        #"pureform_host_check_errors_total{form="signup",check="email_registered",error="host_check_failed"} 2"#,
        #"pureform_host_check_errors_total{form="signup",check="email_registered",error="host_check_timeout"} 1"#,
        #"pureform_http_requests_total{method="POST",route="/forms/{name}/validate",status="503"} 1"#,
        #"pureform_http_requests_total{method="POST",route="/forms/{name}/validate",status="504"} 1"#,
        #"pureform_http_requests_total{method="PATCH",route="/forms/{name}/validate",status="503"} 1"#,
      ] {
        XCTAssertTrue(lines.contains(expected), "no line \(expected) in:\n\(text)")
      }
      XCTAssertFalse(text.contains(#"status="500""#))
    }
    // The log says which check, and what it threw, which the answer does not.
    let errors = log.lines.filter { $0.hasPrefix("error ") }
    XCTAssertEqual(errors.count, 3)
    XCTAssertEqual(
      errors.first,
      "error host check gave no verdict check=email_registered error=host_check_failed form=signup "
        + "reason=host check 'email_registered' failed: connection refused")
  }

  func testNDJSONRecordsAreCheckedOneByOne() async throws {
    // Each sample record without its final line feed: one line each.
    let body = try [Self.record("ada@example.com"), Self.record("grace@example.com"), "", "[]", ""]
      .map { $0.trimmingCharacters(in: .newlines) }.joined(separator: "\n")
    let coupon =
      #"{"key":"zip","path":"/zip","validator":"coupon","argument":null,"reason":"No delivery to this zip","section":0,"row":5,"tag":0,"line":69,"column":7}"#
    let taken =
      #"{"key":"email","path":"/email","validator":"email_registered","argument":null,"reason":"This e-mail is already registered","section":0,"row":0,"tag":0,"line":4,"column":7}"#
    try await Self.app().test(.router) { client in
      let (status, text) = try await client.execute(
        uri: "/forms/signup/validate?id=email&no-values", method: .post,
        headers: [.contentType: "application/x-ndjson"], body: ByteBuffer(string: body)
      ) { response in (response.status, String(buffer: response.body)) }
      XCTAssertEqual(status, .ok)
      XCTAssertEqual(
        text,
        [
          #"{"line":1,"id":"ada@example.com","valid":false,"failures":["# + coupon + "]}",
          #"{"line":2,"id":"grace@example.com","valid":false,"failures":["# + taken + "," + coupon + "]}",
          #"{"line":3,"id":null,"error":"empty line"}"#,
          #"{"line":4,"id":null,"error":"input must be a JSON object of key to value, found an array"}"#, "",
        ].joined(separator: "\n"))
      // The first record whose check gives no verdict answers for the body.
      let (down, downBody) = try await Self.post(
        client, try Self.record("ada@example.com") + "\n" + Self.record("down@example.com") + "\n",
        type: "application/x-ndjson")
      XCTAssertEqual(down, .serviceUnavailable)
      XCTAssertEqual(downBody, Self.failed)
    }
  }

  func testTheOpenAPIDocumentNamesTheChecksAnswers() async throws {
    try await Self.app().test(.router) { client in
      let document = try await client.execute(uri: "/openapi.json", method: .get) { String(buffer: $0.body) }
      let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(document.utf8)) as? [String: Any])
      let paths = try XCTUnwrap(json["paths"] as? [String: [String: Any]])
      for method in ["post", "patch"] {
        let signup = try XCTUnwrap(paths["/forms/signup/validate"]?[method] as? [String: Any])
        let responses = try XCTUnwrap(signup["responses"] as? [String: Any])
        XCTAssertNotNil(responses["503"])
        XCTAssertNotNil(responses["504"])
        let login = try XCTUnwrap(paths["/forms/login/validate"]?[method] as? [String: Any])
        XCTAssertNil((login["responses"] as? [String: Any])?["503"])
      }
    }
  }

  func testOverARealSocket() async throws {
    try await Self.app().test(.live) { client in
      let (taken, takenBody) = try await Self.post(client, Self.record("grace@example.com"))
      XCTAssertEqual(taken, .unprocessableContent)
      XCTAssertTrue(takenBody.contains(#""validator":"email_registered""#))
      let (down, downBody) = try await Self.post(client, Self.record("down@example.com"))
      XCTAssertEqual(down, .serviceUnavailable)
      XCTAssertEqual(downBody, Self.failed)
      let (slow, slowBody) = try await Self.post(client, Self.record("slow@example.com"))
      XCTAssertEqual(slow, .gatewayTimeout)
      XCTAssertEqual(slowBody, Self.timedOut)
      let (free, _) = try await Self.post(client, Self.record("ada@example.com"))
      XCTAssertEqual(free, .unprocessableContent)  // the coupon check fails every record at zip
    }
  }
}

/// The lines logged through a logger, as `LEVEL MESSAGE key=value…` (metadata sorted, the request id left out).
final class LogLines: Sendable {
  private let box = NIOLockedValueBox<[String]>([])

  var lines: [String] { box.withLockedValue { $0 } }

  /// A handler appending to `lines`.
  struct Handler: LogHandler {
    let lines: LogLines
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
      get { metadata[key] }
      set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
      let all = metadata.merging(event.metadata ?? [:]) { $1 }.filter { $0.key != "hb.request.id" }
      let text = all.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " ")
      lines.box.withLockedValue { $0.append("\(event.level) \(event.message)" + (text.isEmpty ? "" : " " + text)) }
    }
  }
}

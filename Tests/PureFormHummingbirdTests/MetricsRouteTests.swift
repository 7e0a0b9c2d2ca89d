import Hummingbird
import HummingbirdTesting
import NIOCore
import PureForm
import PureFormHummingbird
import XCTest

/// `GET /metrics`: requests by route and status, verdicts by form, failures by validator, in Prometheus's
/// text format.
final class MetricsRouteTests: XCTestCase {
  func testMetricsCountRequestsVerdictsAndFailures() async throws {
    let metrics = FormMetrics()
    let app = Application(
      router: FormServer.router(reloadable: ReloadableCatalog(TestForms.catalog), metrics: metrics),
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
    let valid = try TestForms.file("Specs/inputs/login.json")
    let invalid = try TestForms.file("Specs/inputs/login-invalid.json")
    let text = try await app.test(.router) { client in
      for (type, body) in [
        ("application/json", valid), ("application/json", invalid), ("application/json", "{"),
        ("application/x-ndjson", valid + invalid + "[]\n"),
        ("application/x-www-form-urlencoded", "login=a%40b.co&password=x"),
      ] {
        try await client.execute(
          uri: "/forms/login/validate", method: .post, headers: [.contentType: type], body: ByteBuffer(string: body)
        ) { _ in }
      }
      try await client.execute(uri: "/no/such/path", method: .get) { _ in }
      return try await client.execute(uri: "/metrics", method: .get) { response in
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(response.headers[.contentType], "text/plain; version=0.0.4; charset=utf-8")
        return String(buffer: response.body)
      }
    }
    let lines = Set(text.split(separator: "\n").map(String.init))
    for expected in [
      #"pureform_records_total{form="login",valid="true"} 2"#,
      #"pureform_records_total{form="login",valid="false"} 3"#,
      #"pureform_failures_total{form="login",validator="type"} 2"#,
      #"pureform_failures_total{form="login",validator="min_length"} 3"#,
      #"pureform_http_requests_total{method="POST",route="/forms/{name}/validate",status="200"} 2"#,
      #"pureform_http_requests_total{method="POST",route="/forms/{name}/validate",status="422"} 2"#,
      #"pureform_http_requests_total{method="POST",route="/forms/{name}/validate",status="400"} 1"#,
      #"pureform_http_requests_total{method="GET",route="NotFound",status="404"} 1"#,
      #"pureform_http_request_duration_seconds_count{route="/forms/{name}/validate"} 5"#,
      "# TYPE pureform_http_request_duration_seconds histogram",
    ] {
      XCTAssertTrue(lines.contains(expected), "no line \(expected) in:\n\(text)")
    }
  }

  func testMetricsTakesGetOnly() async throws {
    let (status, body, headers) = try await TestForms.send(.post, "/metrics")
    XCTAssertEqual(status, .methodNotAllowed)
    XCTAssertEqual(
      body, #"{"error":"method_not_allowed","message":"POST is not allowed here; use GET or HEAD"}"# + "\n")
    XCTAssertEqual(headers[.allow], "GET, HEAD")
  }
}

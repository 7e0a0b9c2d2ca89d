import Hummingbird
import HummingbirdTesting
import PureForm
import PureFormHummingbird
import XCTest

/// `GET /health`, `GET /forms`, `GET /forms/{name}`, and the 404s and 405s around them.
final class ReadRoutesTests: XCTestCase {
  func testHealth() async throws {
    let (status, body, headers) = try await TestForms.send(.get, "/health")
    XCTAssertEqual(status, .ok)
    XCTAssertEqual(body, "{\"status\":\"ok\"}\n")
    XCTAssertEqual(headers[.contentType], "application/json")
  }

  func testHealthIs503OnceTheDrainHasBegun() async throws {
    let drain = ServerDrain()
    let app = Application(
      router: FormServer.router(reloadable: ReloadableCatalog(TestForms.catalog), metrics: FormMetrics(), drain: drain))
    try await app.test(.router) { client in
      try await client.execute(uri: "/health", method: .get) { response in
        XCTAssertEqual(response.status, .ok)
      }
      drain.begin()
      XCTAssertTrue(drain.isDraining)
      try await client.execute(uri: "/health", method: .get) { response in
        XCTAssertEqual(response.status, .serviceUnavailable)
        XCTAssertEqual(String(buffer: response.body), #"{"status":"draining"}"# + "\n")
      }
    }
  }

  func testFormsListsNamesAndFields() async throws {
    let (status, body, _) = try await TestForms.send(.get, "/forms")
    XCTAssertEqual(status, .ok)
    XCTAssertTrue(body.hasPrefix(#"{"forms":[{"name":"booking","fields":["stay.check_in","stay.check_out","#), body)
    XCTAssertTrue(body.contains(#"{"name":"business-account","fields":["account.kind","#), body)
    XCTAssertTrue(body.contains(#"{"name":"login","fields":["login","password"]}"#), body)
    XCTAssertTrue(body.contains(#"{"name":"profile","fields":["first_name","#), body)
    XCTAssertTrue(body.hasSuffix("]}\n"))
  }

  func testFormIsTheEmittedModel() async throws {
    let (status, body, _) = try await TestForms.send(.get, "/forms/login")
    XCTAssertEqual(status, .ok)
    XCTAssertEqual(body, try XCTUnwrap(TestForms.catalog["login"]).modelJSON() + "\n")
  }

  func testPageIsTheRenderedFormPostingToItsValidateRoute() async throws {
    let (status, body, headers) = try await TestForms.send(.get, "/forms/login/page")
    XCTAssertEqual(status, .ok)
    XCTAssertEqual(headers[.contentType], "text/html; charset=utf-8")
    XCTAssertEqual(body, try XCTUnwrap(TestForms.catalog["login"]).html(action: "validate"))
    XCTAssertTrue(body.hasPrefix("<!DOCTYPE html>"), String(body.prefix(40)))
    let (missing, _, _) = try await TestForms.send(.get, "/forms/nope/page")
    XCTAssertEqual(missing, .notFound)
    let (wrong, _, allow) = try await TestForms.send(.post, "/forms/login/page")
    XCTAssertEqual(wrong, .methodNotAllowed)
    XCTAssertEqual(allow[.allow], "GET, HEAD")
  }

  func testUnknownFormIs404() async throws {
    let (status, body, _) = try await TestForms.send(.get, "/forms/nope")
    XCTAssertEqual(status, .notFound)
    XCTAssertEqual(body, #"{"error":"unknown_form","message":"no form is named 'nope'"}"# + "\n")
  }

  func testUnknownPathIs404() async throws {
    let (status, body, _) = try await TestForms.send(.get, "/nothing/here")
    XCTAssertEqual(status, .notFound)
    XCTAssertEqual(body, #"{"error":"not_found","message":"no route for /nothing/here"}"# + "\n")
  }

  func testWrongMethodsAre405WithAllow() async throws {
    for (method, path, allowed) in [
      (HTTPRequest.Method.post, "/forms", "GET, HEAD"), (.delete, "/forms/login", "GET, HEAD"),
      (.get, "/forms/login/validate", "POST, PATCH"), (.put, "/health", "GET, HEAD"),
    ] {
      let (status, body, headers) = try await TestForms.send(method, path)
      XCTAssertEqual(status, .methodNotAllowed, "\(method) \(path)")
      let use = allowed.replacingOccurrences(of: ", ", with: " or ")
      XCTAssertEqual(
        body,
        #"{"error":"method_not_allowed","message":"\#(method.rawValue) is not allowed here; use \#(use)"}"# + "\n")
      XCTAssertEqual(headers[.allow], allowed)
    }
  }

  /// schemathesis' finding: HEAD, OPTIONS, TRACE and QUERY on existing paths answered 404 "no route".
  func testOptionsTraceAndHeadOfAPostRouteAre405WithAllow() async throws {
    for (method, path, allowed) in [
      (HTTPRequest.Method.options, "/forms", "GET, HEAD"), (.trace, "/forms/login", "GET, HEAD"),
      (.options, "/forms/login/page", "GET, HEAD"), (.head, "/forms/login/validate", "POST, PATCH"),
      (.options, "/forms/login/validate", "POST, PATCH"), (.trace, "/health", "GET, HEAD"),
      (.options, "/metrics", "GET, HEAD"), (.trace, "/openapi.json", "GET, HEAD"),
      (HTTPRequest.Method("QUERY")!, "/forms/login", "GET, HEAD"),
      (HTTPRequest.Method("PROPFIND")!, "/forms/login/validate", "POST, PATCH"),
    ] {
      let (status, _, headers) = try await TestForms.send(method, path)
      XCTAssertEqual(status, .methodNotAllowed, "\(method) \(path)")
      XCTAssertEqual(headers[.allow], allowed, "\(method) \(path)")
      XCTAssertEqual(headers[.contentType], "application/json", "\(method) \(path)")
    }
  }

  /// schemathesis' finding: HEAD on a GET route is that route's headers, without the body.
  func testHeadOfAGetRouteIsItsHeaders() async throws {
    for path in ["/forms", "/forms/login", "/forms/login/page", "/health", "/openapi.json"] {
      let (getStatus, _, getHeaders) = try await TestForms.send(.get, path)
      let (status, body, headers) = try await TestForms.send(.head, path)
      XCTAssertEqual(status, getStatus, path)
      XCTAssertEqual(body, "", path)
      XCTAssertEqual(headers[.contentType], getHeaders[.contentType], path)
    }
    let (missing, _, _) = try await TestForms.send(.head, "/forms/nope")
    XCTAssertEqual(missing, .notFound)
  }
}

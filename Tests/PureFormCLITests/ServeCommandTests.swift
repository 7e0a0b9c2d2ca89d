import Foundation
import XCTest

/// `pureform serve`: refuses to start on spec errors, serves on a real port, stops on SIGTERM with exit 0.
final class ServeCommandTests: XCTestCase {
  func testSpecErrorsStopTheStartWithExit2() throws {
    let result = try CLI.run(["serve", "Specs/invalid", "--port", "0"])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.contains("Specs/invalid/duplicates.json:"), result.stderr)
    XCTAssertTrue(result.stderr.contains("; the server does not start"), result.stderr)
    XCTAssertEqual(result.stdout, "")
  }

  func testMissingFolderIsExit2() throws {
    let result = try CLI.run(["serve", "Specs/nowhere", "--port", "0"])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(result.stderr.hasPrefix("error: Specs/nowhere: cannot list the folder"), result.stderr)
  }

  func testServesOnARealPortAndStopsOnSIGTERM() throws {
    let server = try ServeProcess(["Specs"])
    let record = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent("Specs/inputs/login-invalid.json"), encoding: .utf8)
    let (status, body) = try RawHTTP.send(
      port: server.port, "POST", "/forms/login/validate", contentType: "application/json", body: record)
    XCTAssertEqual(status, 422)
    let cli = try CLI.run([
      "validate", "Specs/login.json", "--input", "Specs/inputs/login-invalid.json", "--format", "json",
    ])
    XCTAssertEqual(body, cli.stdout, "the server's body is the CLI's output, byte for byte")
    server.send(SIGTERM)
    XCTAssertEqual(try server.waitForExit(), 0)
  }

  /// schemathesis' finding: a method the HTTP parser does not know got a 400 with an empty body.
  ///
  /// It gets the JSON error every other error has. The same document comes from `openapi` and `GET /openapi.json`.
  func testUnknownMethodIsAJSON400AndTheDocumentIsTheOfflineOne() throws {
    let server = try ServeProcess(["Specs"])
    let (status, body) = try RawHTTP.send(port: server.port, "FOO", "/health")
    XCTAssertEqual(status, 400)
    XCTAssertTrue(body.hasPrefix(#"{"error":"malformed_request","message":"the request is not HTTP/1.1"#), body)
    let (health, _) = try RawHTTP.send(port: server.port, "GET", "/health")
    XCTAssertEqual(health, 200, "the server answers on after a malformed request")
    let (documentStatus, document) = try RawHTTP.send(port: server.port, "GET", "/openapi.json")
    XCTAssertEqual(documentStatus, 200)
    XCTAssertEqual(document, try CLI.run(["openapi", "Specs"]).stdout)
    server.send(SIGTERM)
    XCTAssertEqual(try server.waitForExit(), 0)
  }
}

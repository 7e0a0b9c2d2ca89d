import Foundation
import XCTest

/// `pureform serve DIR` with a spec that includes partials: the partials in `DIR/partials/` are never served,
/// failures of their views carry `file`, and SIGHUP reads a changed partial again.
final class ServeIncludesTests: XCTestCase {
  func testPartialsAreNotServedAndSIGHUPReadsAChangedOne() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pureform-serve-includes-\(UUID())")
    try FileManager.default.createDirectory(
      at: directory.appendingPathComponent("partials"), withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let specs = CLI.packageRoot.appendingPathComponent("Specs")
    try FileManager.default.copyItem(
      at: specs.appendingPathComponent("checkout.json"), to: directory.appendingPathComponent("checkout.json"))
    let partial = directory.appendingPathComponent("partials/address.json")
    try FileManager.default.copyItem(at: specs.appendingPathComponent("partials/address.json"), to: partial)

    let server = try ServeProcess([directory.path])
    let (listStatus, list) = try RawHTTP.send(port: server.port, "GET", "/forms")
    XCTAssertEqual(listStatus, 200)
    XCTAssertTrue(list.contains(#""checkout""#), list)
    XCTAssertFalse(list.contains("address"), "a partial is not a form: \(list)")
    let (missing, _) = try RawHTTP.send(port: server.port, "GET", "/forms/address")
    XCTAssertEqual(missing, 404)

    let record = try String(contentsOf: specs.appendingPathComponent("inputs/checkout-invalid.json"), encoding: .utf8)
    let (status, body) = try RawHTTP.send(
      port: server.port, "POST", "/forms/checkout/validate", contentType: "application/json", body: record)
    XCTAssertEqual(status, 422)
    let cli = try CLI.run([
      "validate", directory.appendingPathComponent("checkout.json").path, "--input",
      specs.appendingPathComponent("inputs/checkout-invalid.json").path, "--format", "json",
    ])
    XCTAssertEqual(body, cli.stdout, "the server's body is the CLI's output, byte for byte")
    XCTAssertTrue(body.contains(#""file":"partials/address.json","line":25,"column":7"#), body)

    // The postcode rule of the partial is relaxed; the reload reads the partial again.
    let text = try String(contentsOf: partial, encoding: .utf8)
    try text.replacingOccurrences(of: #""[A-Za-z0-9][A-Za-z0-9 -]{1,9}""#, with: #"".+""#)
      .write(to: partial, atomically: true, encoding: .utf8)
    let offset = server.text.count
    server.send(SIGHUP)
    try server.waitForLog("reloaded the forms", after: offset)
    let (_, after) = try RawHTTP.send(
      port: server.port, "POST", "/forms/checkout/validate", contentType: "application/json", body: record)
    XCTAssertFalse(after.contains("billing.postcode"), after)
    XCTAssertTrue(after.contains("billing.country"), after)
    server.send(SIGTERM)
    XCTAssertEqual(try server.waitForExit(), 0)
  }
}

import Foundation
import XCTest

/// `pureform serve` drains on SIGTERM, at the socket level: it refuses new connections, answers the request
/// in flight and the next request of a keep-alive connection (each with `Connection: close`, then closes
/// it), answers `GET /health` with 503, closes an idle keep-alive connection only once it has been idle
/// for 5 seconds, and exits 0; `--drain-timeout` bounds it all.
final class ServeDrainTests: XCTestCase {
  private let record = #"{"login":"user@example.com","password":"hunter22"}"#
  private let answer = #"{"valid":true,"values":{"login":"user@example.com","password":"hunter22"}}"# + "\n"

  /// A keep-alive POST of the valid login record.
  private var post: [UInt8] {
    Array(
      (RawHTTP.keepAliveHead(
        "POST", "/forms/login/validate", contentType: "application/json", length: record.utf8.count) + record).utf8)
  }

  func testInFlightAndKeepAliveRequestsAreAnsweredThroughTheDrain() throws {
    let server = try ServeProcess(["Specs"])
    // A keep-alive connection that has had one answer, and one whose request is half sent.
    let keepAlive = try RawHTTP(port: server.port)
    try keepAlive.write(post)
    let first = try keepAlive.nextResponse()
    XCTAssertEqual(first.status, 200)
    XCTAssertFalse(first.head.contains("connection: close"), "\(first.head)")
    let health = try RawHTTP(port: server.port)
    let inFlight = try RawHTTP(port: server.port)
    try inFlight.write(Array(post[..<40]))
    Thread.sleep(forTimeInterval: 0.3)

    server.send(SIGTERM)
    try server.waitForLog("draining:")
    Thread.sleep(forTimeInterval: 0.2)
    XCTAssertThrowsError(try RawHTTP(port: server.port), "a new connection is refused during the drain")
    XCTAssertTrue(server.process.isRunning, "the server waits for the request in flight")

    try inFlight.write(Array(post[40...]))
    let late = try inFlight.nextResponse()
    XCTAssertEqual(late.status, 200)
    XCTAssertEqual(late.body, answer)
    XCTAssertTrue(late.head.contains("connection: close"), "\(late.head)")
    XCTAssertTrue(try inFlight.waitForClose())

    try keepAlive.write(post)
    let next = try keepAlive.nextResponse()
    XCTAssertEqual(next.status, 200)
    XCTAssertEqual(next.body, answer)
    XCTAssertTrue(next.head.contains("connection: close"), "\(next.head)")
    XCTAssertTrue(try keepAlive.waitForClose())

    try health.write(RawHTTP.keepAliveHead("GET", "/health", contentType: nil, length: 0))
    let draining = try health.nextResponse()
    XCTAssertEqual(draining.status, 503)
    XCTAssertEqual(draining.body, #"{"status":"draining"}"# + "\n")
    XCTAssertTrue(try health.waitForClose())
    XCTAssertEqual(try server.waitForExit(timeout: 10), 0)
  }

  func testAnIdleKeepAliveConnectionIsKeptForTheIdleLimit() throws {
    let server = try ServeProcess(["Specs"])
    let idle = try RawHTTP(port: server.port)
    try idle.write(post)
    XCTAssertEqual(try idle.nextResponse().status, 200)
    let answered = Date()
    server.send(SIGTERM)
    try server.waitForLog("draining:")
    XCTAssertTrue(try idle.waitForClose())
    let kept = Date().timeIntervalSince(answered)
    XCTAssertGreaterThan(kept, 4.8, "closed after \(kept) s idle")
    XCTAssertLessThan(kept, 8)
    XCTAssertEqual(try server.waitForExit(timeout: 10), 0)
  }

  func testTheDrainTimeoutBoundsAStalledRequest() throws {
    let server = try ServeProcess(["Specs", "--drain-timeout", "1"])
    let stalled = try RawHTTP(port: server.port)
    try stalled.write(Array(post[..<(post.count - 5)]))
    Thread.sleep(forTimeInterval: 0.2)
    let start = Date()
    server.send(SIGTERM)
    XCTAssertEqual(try server.waitForExit(timeout: 10), 0)
    XCTAssertLessThan(Date().timeIntervalSince(start), 4)
  }

  func testDrainTimeoutMustBePositive() throws {
    let result = try CLI.run(["serve", "Specs", "--drain-timeout", "0"])
    XCTAssertEqual(result.status, 2)
    XCTAssertTrue(
      result.stderr.hasPrefix("Error: --drain-timeout must be more than 0 and at most 86400 seconds, found 0.0"),
      result.stderr)
  }
}

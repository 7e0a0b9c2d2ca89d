import Foundation
import XCTest

/// `pureform serve` with many clients at once, reloading on SIGHUP, stopping with requests in flight, and
/// clients that stall or send garbage: every answer is the CLI's, and nobody is dropped or blocked.
final class ServeUnderLoadTests: XCTestCase {
  /// A folder of its own for a test's specs, removed afterwards.
  private func folder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pureform-serve-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    addTeardownBlock { try? FileManager.default.removeItem(at: url) }
    return url
  }

  /// Login records of every kind: valid, bad emails, passwords of each length, missing, null, wrong types.
  private static let loginRecords: [String] = {
    var records: [String] = []
    for email in [#""user@example.com""#, #""user@example""#, #""""#, "null", "42", #""é@example.org""#] {
      for length in [0, 1, 5, 6, 7, 24, 25, 26] {
        records.append(#"{"login":\#(email),"password":"\#(String(repeating: "p", count: length))"}"#)
      }
    }
    return records + [#"{}"#, #"{"password":true}"#, #"{"login":"a@b.co","password":["x"]}"#]
  }()

  /// The CLI's answer to each record, without the `"line"` member a single record's answer lacks.
  private func cliAnswers(spec: String, records: [String], in directory: URL) throws -> [String] {
    let input = directory.appendingPathComponent("records.ndjson")
    try (records.joined(separator: "\n") + "\n").write(to: input, atomically: true, encoding: .utf8)
    let result = try CLI.run(["validate", spec, "--ndjson", "--input", input.path, "--format", "json"])
    let lines = result.stdout.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.count, records.count, result.stderr)
    return lines.enumerated().map { index, line in
      line.replacingOccurrences(of: #"{"line":\#(index + 1),"#, with: "{") + "\n"
    }
  }

  func testManyParallelClientsGetTheCLIsAnswers() throws {
    let expected = try cliAnswers(spec: "Specs/login.json", records: Self.loginRecords, in: try folder())
    let server = try ServeProcess(["Specs"])
    let clients = 16
    let mismatches = Locked<[String]>([])
    DispatchQueue.concurrentPerform(iterations: clients) { client in
      for step in 0..<Self.loginRecords.count {
        let index = (step + client * 7) % Self.loginRecords.count
        do {
          let (status, body) = try RawHTTP.send(
            port: server.port, "POST", "/forms/login/validate", contentType: "application/json",
            body: Self.loginRecords[index])
          let wanted = expected[index].hasPrefix(#"{"valid":true"#) ? 200 : 422
          if status != wanted || body != expected[index] {
            mismatches.update { $0.append("\(Self.loginRecords[index]): \(status) \(body)") }
          }
        } catch {
          mismatches.update { $0.append("\(Self.loginRecords[index]): \(error)") }
        }
      }
    }
    XCTAssertEqual(mismatches.value, [], "\(clients * Self.loginRecords.count) requests")
    server.send(SIGTERM)
    XCTAssertEqual(try server.waitForExit(), 0)
  }

  func testSIGHUPSwapsTheFormsWithoutDroppingARequest() throws {
    let directory = try folder()
    let login = try String(
      contentsOf: CLI.packageRoot.appendingPathComponent("Specs/pureform-readme/login.json"), encoding: .utf8)
    let strict = login.replacingOccurrences(of: #""min_length!": 6"#, with: #""min_length!": 10"#)
    try strict.write(to: directory.appendingPathComponent("strict.txt"), atomically: true, encoding: .utf8)
    try login.write(to: directory.appendingPathComponent("login.json"), atomically: true, encoding: .utf8)
    let record = #"{"login":"user@example.com","password":"hunter22"}"#
    let lenientAnswer = try cliAnswers(spec: "Specs/pureform-readme/login.json", records: [record], in: directory)[0]
    let strictAnswer = try cliAnswers(
      spec: directory.appendingPathComponent("strict.txt").path, records: [record], in: directory)[0]
    XCTAssertNotEqual(lenientAnswer, strictAnswer)

    let server = try ServeProcess([directory.path])
    let answers = Locked<[Int: Int]>([:])
    let stop = Locked(false)
    let clients = DispatchGroup()
    for _ in 0..<4 {
      DispatchQueue.global().async(group: clients) {
        while !stop.value {
          let key: Int
          do {
            let (status, body) = try RawHTTP.send(
              port: server.port, "POST", "/forms/login/validate", contentType: "application/json", body: record)
            key = status == 200 && body == lenientAnswer ? 0 : status == 422 && body == strictAnswer ? 1 : 2
          } catch {
            key = 3
          }
          answers.update { $0[key, default: 0] += 1 }
        }
      }
    }
    Thread.sleep(forTimeInterval: 0.3)
    try strict.write(to: directory.appendingPathComponent("login.json"), atomically: true, encoding: .utf8)
    try FileManager.default.copyItem(
      at: CLI.packageRoot.appendingPathComponent("Specs/signup.json"),
      to: directory.appendingPathComponent("signup.json"))
    var offset = server.text.count
    server.send(SIGHUP)
    try server.waitForLog("reloaded the forms", after: offset)
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertEqual(
      try RawHTTP.send(
        port: server.port, "POST", "/forms/login/validate", contentType: "application/json", body: record
      )
      .body, strictAnswer)

    try "[".write(to: directory.appendingPathComponent("broken.json"), atomically: true, encoding: .utf8)
    offset = server.text.count
    server.send(SIGHUP)
    let failure = try server.waitForLog("reload failed; the forms stay as they were", after: offset)
    XCTAssertTrue(failure.contains("1 spec with errors"), failure)
    XCTAssertTrue(server.text.contains("broken.json:1:2: error: unexpected end of file"), server.text)
    Thread.sleep(forTimeInterval: 0.2)
    stop.update { $0 = true }
    clients.wait()

    let forms = try RawHTTP.send(port: server.port, "GET", "/forms").body
    XCTAssertTrue(forms.contains(#"{"name":"signup""#), "the reloaded forms stay after a failed reload: \(forms)")
    let counts = answers.value
    XCTAssertGreaterThan(counts[0, default: 0], 0, "answers from the first forms")
    XCTAssertGreaterThan(counts[1, default: 0], 0, "answers from the reloaded forms")
    XCTAssertEqual(counts[2, default: 0], 0, "answers from neither")
    XCTAssertEqual(counts[3, default: 0], 0, "requests that failed")
    server.send(SIGTERM)
    XCTAssertEqual(try server.waitForExit(), 0)
  }

  func testARequestInFlightFinishesAfterSIGTERM() throws {
    let server = try ServeProcess(["Specs"])
    let record = #"{"login":"user@example.com","password":"hunter22"}"#
    let connection = try RawHTTP(port: server.port)
    let bytes = Array(record.utf8)
    try connection.write(
      RawHTTP.head("POST", "/forms/login/validate", contentType: "application/json", length: bytes.count))
    try connection.write(Array(bytes[..<10]))
    Thread.sleep(forTimeInterval: 0.3)
    server.send(SIGTERM)
    Thread.sleep(forTimeInterval: 0.3)
    XCTAssertTrue(server.process.isRunning, "the server waits for the request in flight")
    try connection.write(Array(bytes[10...]))
    let (status, body) = try connection.response()
    XCTAssertEqual(status, 200)
    XCTAssertEqual(body, #"{"valid":true,"values":{"login":"user@example.com","password":"hunter22"}}"# + "\n")
    XCTAssertEqual(try server.waitForExit(), 0)
  }

  func testStalledAndMalformedClientsDoNotBlockOthers() throws {
    let server = try ServeProcess(["Specs"])
    var stalled: [RawHTTP] = []
    for index in 0..<32 {
      let connection = try RawHTTP(port: server.port)
      try connection.write(index.isMultiple(of: 2) ? "POST /forms/login/validate HTTP/1.1\r\nContent-Le" : "")
      stalled.append(connection)
    }
    for garbage in ["GARBAGE\r\n\r\n", "GET / HTTP/9.9\r\n\r\n", String(repeating: "x", count: 100_000) + "\r\n\r\n"] {
      let connection = try RawHTTP(port: server.port)
      try? connection.write(garbage)
      _ = try? connection.response()
    }
    var slowBody: RawHTTP? = try RawHTTP(port: server.port)
    try slowBody?.write(RawHTTP.head("POST", "/forms/login/validate", contentType: "application/json", length: 1000))
    let start = Date()
    let (status, body) = try RawHTTP.send(port: server.port, "GET", "/health")
    XCTAssertEqual(status, 200)
    XCTAssertEqual(body, #"{"status":"ok"}"# + "\n")
    XCTAssertLessThan(Date().timeIntervalSince(start), 5, "others are answered while 33 clients stall")
    XCTAssertTrue(server.process.isRunning)
    // Closed before the stop: a connection stalled mid-request is waited for, up to the 30 s idle timeout.
    stalled.removeAll()
    slowBody = nil
    server.send(SIGTERM)
    XCTAssertEqual(try server.waitForExit(), 0)
  }
}

/// A value shared between threads behind a lock.
final class Locked<Value>: @unchecked Sendable {
  private var stored: Value
  private let lock = NSLock()

  init(_ value: Value) { stored = value }

  /// The value now.
  var value: Value { lock.withLock { stored } }

  /// Changes the value under the lock.
  func update(_ change: (inout Value) -> Void) { lock.withLock { change(&stored) } }
}

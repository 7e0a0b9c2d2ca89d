import Foundation
import XCTest

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

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
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["serve", "Specs", "--port", "0"]
    process.currentDirectoryURL = CLI.packageRoot
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let port = try XCTUnwrap(Self.listeningPort(errors.fileHandleForReading))
    let record = try Data(contentsOf: CLI.packageRoot.appendingPathComponent("Specs/inputs/login-invalid.json"))
    var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/forms/login/validate")!)
    request.httpMethod = "POST"
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    request.httpBody = record
    let (status, body) = try Self.send(request)
    XCTAssertEqual(status, 422)
    let cli = try CLI.run([
      "validate", "Specs/login.json", "--input", "Specs/inputs/login-invalid.json", "--format", "json",
    ])
    XCTAssertEqual(body, cli.stdout, "the server's body is the CLI's output, byte for byte")
    kill(process.processIdentifier, SIGTERM)
    process.waitUntilExit()
    XCTAssertEqual(process.terminationStatus, 0)
  }

  /// Reads the server's log until it says `listening on HOST:PORT`; the port, or nil if it exits first.
  private static func listeningPort(_ log: FileHandle) -> Int? {
    var text = ""
    let deadline = Date().addingTimeInterval(60)
    while Date() < deadline {
      let chunk = log.availableData
      if chunk.isEmpty { return nil }
      text += String(decoding: chunk, as: UTF8.self)
      if let range = text.range(of: "listening on 127.0.0.1:") {
        let digits = text[range.upperBound...].prefix(while: \.isNumber)
        if !digits.isEmpty, text[range.upperBound...].dropFirst(digits.count).first != nil { return Int(digits) }
      }
    }
    return nil
  }

  /// Sends `request` and waits for the status and body.
  private static func send(_ request: URLRequest) throws -> (Int, String) {
    let box = ResponseBox()
    let done = DispatchSemaphore(value: 0)
    URLSession.shared.dataTask(with: request) { data, response, error in
      box.status = (response as? HTTPURLResponse)?.statusCode ?? -1
      box.body = data.map { String(decoding: $0, as: UTF8.self) } ?? "\(String(describing: error))"
      done.signal()
    }.resume()
    XCTAssertEqual(done.wait(timeout: .now() + 30), .success)
    return (box.status, box.body)
  }
}

/// The response a URLSession callback fills; written before the semaphore signals, read after the wait.
private final class ResponseBox: @unchecked Sendable {
  var status = 0
  var body = ""
}

import Foundation
import XCTest

/// A `pureform serve` process started for a test: its log read as it comes, its port, signals sent to it.
final class ServeProcess: @unchecked Sendable {
  let process = Process()
  /// The port it listens on, read from its log.
  private(set) var port = 0
  /// Its standard error so far; guarded by `lock`.
  private var log = ""
  private let lock = NSLock()
  private let errors = Pipe()

  /// Starts `pureform serve arguments… --port 0` from the package root and waits until it listens.
  init(_ arguments: [String]) throws {
    process.executableURL = CLI.binary
    process.arguments = ["serve"] + arguments + ["--port", "0"]
    process.currentDirectoryURL = CLI.packageRoot
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    let handle = errors.fileHandleForReading
    Thread.detachNewThread { [self] in
      while true {
        let chunk = handle.availableData
        if chunk.isEmpty { return }
        lock.withLock { log += String(decoding: chunk, as: UTF8.self) }
      }
    }
    let listening = try waitForLog("listening on 127.0.0.1:")
    let digits = listening.split(separator: "listening on 127.0.0.1:").last?.prefix(while: \.isNumber) ?? ""
    port = try XCTUnwrap(Int(digits), listening)
  }

  deinit {
    if process.isRunning { process.terminate() }
  }

  /// The log so far.
  var text: String { lock.withLock { log } }

  /// Waits until the log holds `needle` (counting from the `after`-th character); the log's line holding it.
  @discardableResult
  func waitForLog(_ needle: String, after offset: Int = 0, timeout: TimeInterval = 60) throws -> String {
    let deadline = Date().addingTimeInterval(timeout)
    while Date() < deadline {
      let log = text
      let tail = log.dropFirst(offset)
      if let range = tail.range(of: needle) {
        let start = tail[..<range.lowerBound].lastIndex(of: "\n").map { tail.index(after: $0) } ?? tail.startIndex
        return String(tail[start...].prefix(while: { $0 != "\n" }))
      }
      if !process.isRunning { break }
      Thread.sleep(forTimeInterval: 0.02)
    }
    throw ServeProcessError(message: "no '\(needle)' in the log:\n\(text)")
  }

  /// Sends `signal` to the process.
  func send(_ signal: Int32) {
    kill(process.processIdentifier, signal)
  }

  /// Waits for the process to exit (at most `timeout` seconds); its exit status.
  func waitForExit(timeout: TimeInterval = 60) throws -> Int32 {
    let deadline = Date().addingTimeInterval(timeout)
    while process.isRunning, Date() < deadline { Thread.sleep(forTimeInterval: 0.02) }
    guard !process.isRunning else { throw ServeProcessError(message: "still running after \(timeout) s") }
    return process.terminationStatus
  }
}

/// A server process that did not do what the test waited for.
struct ServeProcessError: Error, CustomStringConvertible {
  let description: String
  init(message: String) { description = message }
}

import Foundation

/// What one run of the built `pureform` binary printed and returned.
struct CLIResult {
  var stdout: String
  var stderr: String
  var status: Int32
}

/// Runs the `pureform` binary that `swift test` built, from the package root.
enum CLI {
  /// The package root: three levels above this file.
  static let packageRoot: URL = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// The binary next to the test bundle (works for any `--scratch-path` and configuration).
  static let binary: URL = {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0])
    var directory = testBinary.deletingLastPathComponent()
    for _ in 0..<4 {
      let candidate = directory.appendingPathComponent("pureform")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
      directory = directory.deletingLastPathComponent()
    }
    return packageRoot.appendingPathComponent(".build/debug/pureform")
  }()

  /// Runs `pureform arguments…`, feeding `stdin`, with a time limit so a hang fails the test instead of CI.
  static func run(_ arguments: [String], stdin: Data = Data(), timeout: TimeInterval = 60) throws -> CLIResult {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    process.currentDirectoryURL = packageRoot
    let output = Pipe()
    let error = Pipe()
    let input = Pipe()
    process.standardOutput = output
    process.standardError = error
    process.standardInput = input
    try process.run()
    // Read both pipes concurrently so a large output cannot fill one and block the child.
    let outBox = DataBox()
    let errBox = DataBox()
    let group = DispatchGroup()
    group.enter()
    DispatchQueue.global().async {
      outBox.data = output.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    group.enter()
    DispatchQueue.global().async {
      errBox.data = error.fileHandleForReading.readDataToEndOfFile()
      group.leave()
    }
    input.fileHandleForWriting.write(stdin)
    try input.fileHandleForWriting.close()
    if group.wait(timeout: .now() + timeout) == .timedOut {
      process.terminate()
      throw CLITimeout(arguments: arguments)
    }
    process.waitUntilExit()
    return CLIResult(
      stdout: String(decoding: outBox.data, as: UTF8.self), stderr: String(decoding: errBox.data, as: UTF8.self),
      status: process.terminationStatus)
  }
}

/// A run that did not finish in time.
struct CLITimeout: Error {
  var arguments: [String]
}

/// A mutable box the reading threads fill; each box is written by one thread and read after `wait`.
private final class DataBox: @unchecked Sendable {
  var data = Data()
}

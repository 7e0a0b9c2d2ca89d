import Foundation

/// pureform's exit codes, as PRODUCT.md gives them.
enum ExitStatus {
  /// Everything compiled (or validated).
  static let success: Int32 = 0
  /// At least one error in a spec (check) or one failing record (validate).
  static let findings: Int32 = 1
  /// A usage error, an unreadable file, or (validate) a spec that does not compile.
  static let usage: Int32 = 2
}

/// Thrown by a subcommand to end with an exit code after it has written its output.
struct PureFormExit: Error {
  var code: Int32
}

/// Buffered writes to standard output and standard error.
enum Terminal {
  /// Writes text and a newline to standard output.
  static func write(_ text: String) {
    FileHandle.standardOutput.write(Data((text + "\n").utf8))
  }

  /// Writes text and a newline to standard error.
  static func writeError(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
  }

  /// Ends the process.
  static func exit(_ code: Int32) -> Never {
    Foundation.exit(code)
  }
}

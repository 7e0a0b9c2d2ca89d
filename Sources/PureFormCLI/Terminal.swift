import ArgumentParser
import Foundation
import PureForm

/// pureform's exit codes, as the README gives them.
enum ExitStatus {
  /// Everything compiled (or validated).
  static let success: Int32 = 0
  /// At least one error in a spec (check) or one failing record (validate).
  static let findings: Int32 = 1
  /// A usage error, an unreadable file, or (validate) a spec that does not compile.
  static let usage: Int32 = 2
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

  /// Writes `error: message` to standard error and gives the exit code to throw for it: 2.
  static func usageError(_ message: String) -> ExitCode {
    writeError("error: \(message)")
    return ExitCode(ExitStatus.usage)
  }
}

extension SourceFile {
  /// Reads the file at `path` whole; `-` reads standard input (the command line's convention, not the
  /// library's: `SourceFile(contentsOf:)` takes `-` as a file name).
  static func read(_ path: String) throws(FileReadError) -> SourceFile {
    guard path == "-" else { return try SourceFile(contentsOf: path) }
    return SourceFile(name: "<stdin>", bytes: [UInt8](FileHandle.standardInput.readDataToEndOfFile()))
  }
}

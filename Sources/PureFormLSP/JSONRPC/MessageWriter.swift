import Foundation

/// Writes framed messages to a file descriptor (standard output): `Content-Length: N\r\n\r\n` and N bytes.
///
/// Only this type writes to standard output, so it carries framed messages and nothing else.
struct MessageWriter {
  /// The descriptor written to.
  let descriptor: Int32

  /// Writes `message` (a JSON object of Foundation values) as one frame.
  func send(_ message: [String: Any]) {
    guard let body = try? JSONSerialization.data(withJSONObject: message, options: [.withoutEscapingSlashes])
    else {
      ServerLog.write("cannot encode a message: \(message)")
      return
    }
    var frame = Array("Content-Length: \(body.count)\r\n\r\n".utf8)
    frame.append(contentsOf: body)
    frame.withUnsafeBytes { raw in
      var offset = 0
      while offset < raw.count, let base = raw.baseAddress {
        let written = Foundation.write(descriptor, base + offset, raw.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          return
        }
        offset += written
      }
    }
  }
}

/// Log lines on standard error, which editors show in their server log; never on standard output.
enum ServerLog {
  /// Writes `line` and a newline to standard error.
  static func write(_ line: String) {
    FileHandle.standardError.write(Data("pureform lsp: \(line)\n".utf8))
  }
}

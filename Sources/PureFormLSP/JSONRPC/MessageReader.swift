// No Language Server Protocol package is among the Swift packages this project can resolve
// (ChimeHQ/LanguageServerProtocol and swift-tools-protocols are not mirrored here), so the JSON-RPC framing and
// the few message types `pureform lsp` uses are written by hand on Foundation's JSON, in this folder.
import Foundation

/// Reads `Content-Length`-framed messages from a file descriptor (standard input).
///
/// A frame is header lines (`Name: value\r\n`, a `Content-Type` accepted and ignored), an empty line, then
/// exactly `Content-Length` bytes of body.
struct MessageReader {
  /// What one read gives.
  enum Frame {
    /// A body of the length its header gave.
    case body([UInt8])
    /// A header block without a usable `Content-Length`: the server answers it with an invalid-request error.
    case badHeader(String)
    /// The input ended.
    case end
  }

  /// The descriptor read from.
  private let descriptor: Int32
  /// Bytes read and not yet taken.
  private var buffer: [UInt8] = []
  /// Where the untaken bytes of `buffer` begin.
  private var start = 0
  /// Whether the descriptor said it has no more bytes.
  private var ended = false

  /// A reader of `descriptor`.
  init(descriptor: Int32) {
    self.descriptor = descriptor
  }

  /// The next frame; `.end` once the input is over (a frame cut short counts as the end).
  mutating func next() -> Frame {
    var length: Int?
    var sawHeader = false
    while true {
      guard let line = readLine() else { return .end }
      if line.isEmpty {
        // Blank lines before any header are tolerated.
        if !sawHeader { continue }
        break
      }
      sawHeader = true
      let text = String(decoding: line, as: UTF8.self)
      guard let colon = text.firstIndex(of: ":") else { continue }
      let name = text[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
      let value = text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      if name == "content-length" { length = Int(value) }
    }
    guard let length, length >= 0 else { return .badHeader("a message header has no valid Content-Length") }
    guard let body = read(count: length) else { return .end }
    return .body(body)
  }

  /// One header line without its `\r\n` (a bare `\n` accepted); nil at the end of the input.
  private mutating func readLine() -> [UInt8]? {
    // How many unread bytes are known to hold no line feed (the buffer may move its bytes as it fills).
    var scanned = 0
    while true {
      if let newline = buffer[(start + scanned)...].firstIndex(of: 0x0A) {
        var end = newline
        if end > start, buffer[end - 1] == 0x0D { end -= 1 }
        let line = Array(buffer[start..<end])
        start = newline + 1
        return line
      }
      scanned = buffer.count - start
      guard fill() else { return nil }
    }
  }

  /// The next `count` bytes; nil when the input ends first.
  private mutating func read(count: Int) -> [UInt8]? {
    while buffer.count - start < count {
      guard fill() else { return nil }
    }
    let body = Array(buffer[start..<start + count])
    start += count
    return body
  }

  /// Reads more bytes into the buffer; false at the end of the input.
  private mutating func fill() -> Bool {
    if ended { return false }
    if start > 0 && start == buffer.count {
      buffer.removeAll(keepingCapacity: true)
      start = 0
    } else if start > 1 << 16 {
      buffer.removeFirst(start)
      start = 0
    }
    var chunk = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = chunk.withUnsafeMutableBytes { Foundation.read(descriptor, $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 {
        ended = true
        return false
      }
      buffer.append(contentsOf: chunk[..<count])
      return true
    }
  }
}

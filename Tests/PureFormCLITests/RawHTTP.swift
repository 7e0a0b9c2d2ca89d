import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A blocking HTTP/1.1 client over a plain socket to 127.0.0.1, one connection per request: what the serve
/// tests need to send a request in parts, stall, or hold a connection open, which URLSession cannot.
final class RawHTTP {
  private let socket: Int32
  /// Bytes read past the last response `nextResponse()` returned.
  private var pending: [UInt8] = []

  /// A connection to 127.0.0.1:`port`.
  init(port: Int) throws {
    socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw RawHTTPError(message: "socket: \(errno)") }
    var timeout = timeval(tv_sec: 60, tv_usec: 0)
    setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else {
      close(socket)
      throw RawHTTPError(message: "connect: \(errno)")
    }
  }

  deinit { close(socket) }

  /// The head of a request with a `Content-Length` of `length`, asking the server to close afterwards.
  static func head(_ method: String, _ path: String, contentType: String?, length: Int) -> String {
    var head = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Length: \(length)\r\n"
    if let contentType { head += "Content-Type: \(contentType)\r\n" }
    return head + "\r\n"
  }

  /// Writes `bytes` whole.
  func write(_ bytes: [UInt8]) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      guard count > 0 else { throw RawHTTPError(message: "send: \(errno)") }
      sent += count
    }
  }

  /// Writes `text`'s UTF-8.
  func write(_ text: String) throws { try write(Array(text.utf8)) }

  /// Reads until the server closes the connection, then splits the status and the body.
  func response() throws -> (status: Int, body: String) {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
      if count == 0 { break }
      guard count > 0 else { throw RawHTTPError(message: "recv: \(errno)") }
      bytes += buffer[..<count]
    }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let status = Int(text.split(separator: " ").dropFirst().first ?? ""),
      let split = text.range(of: "\r\n\r\n")
    else { throw RawHTTPError(message: "no HTTP response in '\(text)'") }
    return (status, String(text[split.upperBound...]))
  }

  /// The head of a keep-alive request (no `Connection: close`) with a `Content-Length` of `length`.
  static func keepAliveHead(_ method: String, _ path: String, contentType: String?, length: Int) -> String {
    head(method, path, contentType: contentType, length: length).replacingOccurrences(
      of: "Connection: close\r\n", with: "")
  }

  /// Reads one response whose body has a `Content-Length`, leaving the connection open: the status, the
  /// head's lines (lowercased) and the body.
  func nextResponse() throws -> (status: Int, head: [String], body: String) {
    let separator = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    while headEnd == nil {
      if let end = pending.indices.first(where: { pending[$0...].starts(with: separator) }) {
        headEnd = end
      } else if try !receive() {
        throw RawHTTPError(message: "closed before a response head: '\(String(decoding: pending, as: UTF8.self))'")
      }
    }
    let end = headEnd ?? 0
    let head = String(decoding: pending[..<end], as: UTF8.self).lowercased().components(separatedBy: "\r\n")
    let length = head.first { $0.hasPrefix("content-length: ") }.flatMap { Int($0.dropFirst(16)) } ?? 0
    while pending.count < end + 4 + length {
      guard try receive() else { throw RawHTTPError(message: "closed inside a response body") }
    }
    let body = String(decoding: pending[(end + 4)..<(end + 4 + length)], as: UTF8.self)
    pending.removeFirst(end + 4 + length)
    guard let status = Int(head.first?.split(separator: " ").dropFirst().first ?? "") else {
      throw RawHTTPError(message: "no status line in \(head)")
    }
    return (status, head, body)
  }

  /// Waits until the server closes the connection (an orderly close, not a reset); false when it sends
  /// anything more instead.
  func waitForClose() throws -> Bool {
    guard pending.isEmpty else { return false }
    return try !receive() && pending.isEmpty
  }

  /// Reads what has arrived into `pending`; false at the end of the stream.
  private func receive() throws -> Bool {
    var buffer = [UInt8](repeating: 0, count: 65536)
    let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
    guard count >= 0 else { throw RawHTTPError(message: "recv: \(errno)") }
    pending += buffer[..<count]
    return count > 0
  }

  /// One whole request on a new connection: the status and the body.
  static func send(port: Int, _ method: String, _ path: String, contentType: String? = nil, body: String = "") throws
    -> (status: Int, body: String)
  {
    let connection = try RawHTTP(port: port)
    try connection.write(head(method, path, contentType: contentType, length: body.utf8.count) + body)
    return try connection.response()
  }
}

/// A socket call that failed, with its errno.
struct RawHTTPError: Error, CustomStringConvertible {
  let description: String
  init(message: String) { description = message }
}

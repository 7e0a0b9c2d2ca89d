import Foundation

/// Where NDJSON bytes come from.
protocol ByteSource: Sendable {
  /// Reads up to `buffer.count` bytes into `buffer`, waiting for at least one; 0 at the end of the input.
  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(NDJSONError) -> Int
  /// Whether a read would return at once (more input is already there, or the end is known).
  func isReady() -> Bool
}

/// A file descriptor: a file, a pipe, standard input.
struct FileDescriptorSource: ByteSource {
  let descriptor: Int32

  func read(into buffer: UnsafeMutableRawBufferPointer) throws(NDJSONError) -> Int {
    while true {
      let count = Foundation.read(descriptor, buffer.baseAddress, buffer.count)
      if count >= 0 { return count }
      if errno == EINTR { continue }
      throw .readFailed(String(cString: strerror(errno)))
    }
  }

  func isReady() -> Bool {
    var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
    return poll(&request, 1, 0) > 0
  }
}

/// Bytes in memory, handed out at most `pieceSize` at a time (small pieces exercise the chunking).
struct MemorySource: ByteSource {
  let bytes: [UInt8]
  let pieceSize: Int
  var offset = 0

  init(_ bytes: [UInt8], pieceSize: Int = .max) {
    self.bytes = bytes
    self.pieceSize = max(pieceSize, 1)
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(NDJSONError) -> Int {
    let count = min(buffer.count, pieceSize, bytes.count - offset)
    guard count > 0 else { return 0 }
    bytes.withUnsafeBytes { source in
      buffer.baseAddress?.copyMemory(from: source.baseAddress.unsafelyUnwrapped + offset, byteCount: count)
    }
    offset += count
    return count
  }

  func isReady() -> Bool { true }
}

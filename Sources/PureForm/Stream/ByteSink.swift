import Foundation

/// Where NDJSON results go.
protocol ByteSink {
  /// Writes all of `bytes`.
  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(NDJSONError)
}

/// A file descriptor (standard output): each chunk's lines go out in one `write(2)` (more only when the
/// descriptor takes less), never through a small buffer.
struct FileDescriptorSink: ByteSink {
  let descriptor: Int32

  func write(_ bytes: UnsafeRawBufferPointer) throws(NDJSONError) {
    var offset = 0
    while offset < bytes.count {
      let written = Foundation.write(descriptor, bytes.baseAddress.unsafelyUnwrapped + offset, bytes.count - offset)
      if written < 0 {
        if errno == EINTR { continue }
        throw .writeFailed(String(cString: strerror(errno)))
      }
      offset += written
    }
  }
}

/// Bytes collected in memory.
struct MemorySink: ByteSink {
  var bytes: [UInt8] = []

  mutating func write(_ bytes: UnsafeRawBufferPointer) throws(NDJSONError) {
    self.bytes.append(contentsOf: bytes)
  }
}

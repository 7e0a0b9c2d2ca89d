import Foundation

/// Idle `ByteBuffer`s of at least one chunk's size, reused for input chunks and output lines so that a long
/// stream allocates a bounded number of buffers once instead of two per chunk.
///
/// Guarded by `NSLock` (a pthread mutex, which ThreadSanitizer understands); `@unchecked Sendable` because
/// `idle` is only touched with the lock held.
final class BufferPool: @unchecked Sendable {
  /// The capacity of a new buffer.
  let bufferSize: Int
  /// At most this many idle buffers are kept.
  let maximumIdle: Int
  private let lock = NSLock()
  /// Only touched with `lock` held.
  private var idle: [ByteBuffer] = []

  init(bufferSize: Int, maximumIdle: Int) {
    self.bufferSize = bufferSize
    self.maximumIdle = maximumIdle
  }

  /// Allocates `count` buffers up front and touches every page of them, so the pool's memory is in use
  /// from the start: a stream's peak memory is then the same for 10 MB as for 1 GB, instead of creeping up
  /// as a long run happens to need its last few buffers.
  func prefill(_ count: Int) {
    var buffers: [ByteBuffer] = []
    for _ in 0..<min(count, maximumIdle) {
      let buffer = ByteBuffer(capacity: bufferSize)
      for page in stride(from: 0, to: buffer.capacity, by: 4096) { buffer.base[page] = 0 }
      buffers.append(buffer)
    }
    lock.lock()
    idle.append(contentsOf: buffers)
    lock.unlock()
  }

  /// An empty buffer of at least `bufferSize` bytes.
  func take() -> ByteBuffer {
    lock.lock()
    let buffer = idle.popLast()
    lock.unlock()
    return buffer ?? ByteBuffer(capacity: bufferSize)
  }

  /// Takes a buffer back, emptied; one grown beyond four chunks (by a long line) is freed instead.
  func give(_ buffer: ByteBuffer) {
    guard buffer.capacity <= 4 * bufferSize else { return }
    buffer.removeAll()
    lock.lock()
    defer { lock.unlock() }
    if idle.count < maximumIdle { idle.append(buffer) }
  }
}

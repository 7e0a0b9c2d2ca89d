import Foundation

/// A growable run of bytes in one `malloc`ed block: a chunk of input lines, or the output lines of a chunk.
///
/// A class so that a chunk can be handed from the reader to a worker and on to the writer without copying.
/// It is `@unchecked Sendable` because it is owned by one thread at a time: every hand-over goes through a
/// queue guarded by one `NSCondition` (`OrderedPipeline`), whose lock orders the writes of the thread that
/// gives the buffer up before the reads of the thread that takes it. Nothing touches a buffer it has handed
/// over.
final class ByteBuffer: @unchecked Sendable {
  /// The start of the block; never nil (a zero-capacity request allocates one byte).
  private(set) var base: UnsafeMutablePointer<UInt8>
  /// The bytes allocated.
  private(set) var capacity: Int
  /// The bytes in use, from `base`.
  var count = 0
  /// Whether the block is mapped (else it is from `malloc`).
  private var isMapped: Bool

  /// Allocates `capacity` bytes, none in use.
  init(capacity: Int) {
    let size = max(capacity, 1)
    (base, isMapped) = ByteBuffer.allocate(size)
    self.capacity = size
  }

  deinit {
    ByteBuffer.free(base, capacity, isMapped)
  }

  /// Blocks this large are mapped from the kernel directly, so freeing one gives its pages back at once:
  /// `malloc` would keep them in a thread's arena, and a long parallel run's memory would creep up.
  private static let mappedSize = 64 * 1024

  /// A block of `size` bytes, and whether it is mapped.
  private static func allocate(_ size: Int) -> (UnsafeMutablePointer<UInt8>, Bool) {
    if size >= mappedSize,
      let block = mmap(nil, size, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
      block != MAP_FAILED
    {
      return (block.assumingMemoryBound(to: UInt8.self), true)
    }
    return (UnsafeMutablePointer<UInt8>.allocate(capacity: size), false)
  }

  /// Frees a block `allocate` gave.
  private static func free(_ block: UnsafeMutablePointer<UInt8>, _ size: Int, _ mapped: Bool) {
    if mapped {
      munmap(block, size)
    } else {
      block.deallocate()
    }
  }

  /// The bytes in use.
  var bytes: UnsafeRawBufferPointer { UnsafeRawBufferPointer(start: base, count: count) }

  /// The free space after the bytes in use.
  var freeSpace: UnsafeMutableRawBufferPointer {
    UnsafeMutableRawBufferPointer(start: base + count, count: capacity - count)
  }

  /// Makes room for at least `extra` more bytes after the bytes in use, keeping them.
  @inline(__always)
  func reserve(_ extra: Int) {
    if count + extra > capacity { grow(to: count + extra) }
  }

  /// Reallocates to hold at least `minimum` bytes (doubling, so appends stay amortized constant time).
  private func grow(to minimum: Int) {
    let size = max(minimum, capacity * 2)
    let (block, mapped) = ByteBuffer.allocate(size)
    block.update(from: base, count: count)
    ByteBuffer.free(base, capacity, isMapped)
    base = block
    isMapped = mapped
    capacity = size
  }

  /// Appends `length` bytes from `source`.
  @inline(__always)
  func append(_ source: UnsafePointer<UInt8>, _ length: Int) {
    reserve(length)
    (base + count).update(from: source, count: length)
    count += length
  }

  /// Appends the bytes of `source`.
  func append(_ source: UnsafeRawBufferPointer) {
    guard let start = source.baseAddress else { return }
    append(start.assumingMemoryBound(to: UInt8.self), source.count)
  }

  /// Appends one byte.
  @inline(__always)
  func append(_ byte: UInt8) {
    reserve(1)
    base[count] = byte
    count += 1
  }

  /// Empties the buffer, keeping its block.
  func removeAll() {
    count = 0
  }
}

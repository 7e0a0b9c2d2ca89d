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

/// Whole input lines, ready for a worker: a run of lines each ending with a line feed (the input's last
/// line may lack it), or the marker of one line longer than the limit, whose bytes were skipped.
struct LineChunk: Sendable {
  /// The chunk's place in the input, from 0: results are written in this order.
  var index: Int
  /// The input line number of the chunk's first line, from 1.
  var firstLine: Int
  /// The lines; empty for an overlong line.
  var buffer: ByteBuffer
  /// Whether this stands for one line longer than the limit.
  var isOverlong: Bool
}

/// Splits an input into `LineChunk`s of about `chunkSize` bytes, holding no more than one chunk and one
/// partial line at a time, so memory stays flat however long the input is.
///
/// A line longer than `lineLimit` bytes is not buffered: once that many bytes have come without a line
/// feed, it becomes an overlong marker and the rest of it is read and dropped. A chunk is handed out when
/// it reaches `chunkSize`, at the end of the input, or as soon as the source has nothing more ready, so a
/// slow producer's lines are answered without waiting for a full chunk.
struct NDJSONReader<Source: ByteSource> {
  private var source: Source
  private let chunkSize: Int
  private let linesPerChunk: Int
  private let lineLimit: Int
  /// Where new buffers come from.
  private let pool: BufferPool
  /// Bytes read and not yet handed out: whole lines, then a partial one.
  private var pending: ByteBuffer
  private var atEnd = false
  /// Whether the rest of an overlong line is being dropped.
  private var skipping = false
  private var nextIndex = 0
  private var nextLine = 1

  init(source: Source, configuration: StreamConfiguration, pool: BufferPool) {
    self.source = source
    self.chunkSize = configuration.chunkSize
    self.linesPerChunk = configuration.linesPerChunk
    self.lineLimit = configuration.lineLimit
    self.pool = pool
    self.pending = pool.take()
  }

  /// The next chunk, or nil at the end of the input.
  mutating func next() throws(NDJSONError) -> LineChunk? {
    while true {
      if skipping {
        try dropOverlongRest()
        continue
      }
      if let chunk = takeChunk() { return chunk }
      if atEnd { return nil }
      if pending.count > lineLimit, lastLineFeed() == nil {
        let marker = LineChunk(index: nextIndex, firstLine: nextLine, buffer: pool.take(), isOverlong: true)
        nextIndex += 1
        nextLine += 1
        pending.removeAll()
        skipping = true
        return marker
      }
      if pending.count == pending.capacity {
        pending.reserve(min(pending.capacity, lineLimit + 1 - pending.count))
      }
      try readOnce()
    }
  }

  /// Hands out the whole lines pending when there are enough of them, or when no more input is ready; at
  /// the end of the input, everything pending.
  private mutating func takeChunk() -> LineChunk? {
    guard pending.count > 0 else { return nil }
    var end: Int
    if atEnd {
      end = pending.count
    } else {
      guard pending.count >= chunkSize || !source.isReady(), let last = lastLineFeed() else { return nil }
      end = last + 1
    }
    var lines = NDJSONReader.countLineFeeds(pending.base, end)
    if pending.base[end - 1] != 0x0A { lines += 1 }
    if lines > linesPerChunk {
      // Many short lines: the chunk ends after its `linesPerChunk`th line, so its output stays bounded.
      var position = 0
      for _ in 0..<linesPerChunk {
        let lineFeed = memchr(pending.base + position, 0x0A, end - position)
        position = lineFeed.map { $0.assumingMemoryBound(to: UInt8.self) - pending.base + 1 } ?? end
      }
      end = position
      lines = linesPerChunk
    }
    let chunk = pending
    pending = pool.take()
    pending.append(chunk.base + end, chunk.count - end)
    chunk.count = end
    defer {
      nextIndex += 1
      nextLine += lines
    }
    return LineChunk(index: nextIndex, firstLine: nextLine, buffer: chunk, isOverlong: false)
  }

  /// Drops bytes up to and including the next line feed (or to the end of the input).
  private mutating func dropOverlongRest() throws(NDJSONError) {
    while true {
      if pending.count > 0 {
        if let lineFeed = memchr(pending.base, 0x0A, pending.count) {
          let rest = pending.base + (lineFeed.assumingMemoryBound(to: UInt8.self) - pending.base + 1)
          let restCount = pending.base + pending.count - rest
          pending.base.update(from: rest, count: restCount)
          pending.count = restCount
          skipping = false
          return
        }
        pending.removeAll()
      }
      if atEnd {
        skipping = false
        return
      }
      try readOnce()
    }
  }

  /// Reads once into the free space after the pending bytes (which must not be full).
  private mutating func readOnce() throws(NDJSONError) {
    let count = try source.read(into: pending.freeSpace)
    if count == 0 { atEnd = true }
    pending.count += count
  }

  /// The offset of the last line feed pending, if any.
  private func lastLineFeed() -> Int? {
    var index = pending.count - 1
    while index >= 0 {
      if pending.base[index] == 0x0A { return index }
      index -= 1
    }
    return nil
  }

  /// The number of line feeds in `count` bytes, eight bytes at a time: each byte's flag is added up in
  /// byte lanes for up to 255 words, then the lanes are summed (no population count, which baseline x86-64
  /// lacks).
  static func countLineFeeds(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Int {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let low7 = ones &* 0x7F
    let lanes: UInt64 = 0x00FF_00FF_00FF_00FF
    let raw = UnsafeRawPointer(bytes)
    var lines = 0
    var index = 0
    while index + 8 <= count {
      var sums: UInt64 = 0
      let end = min(count - 8, index + 254 * 8)
      while index <= end {
        let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) ^ (ones &* 0x0A)
        // The high bit of each byte is set when the byte is not zero, i.e. was not a line feed.
        let nonZero = ((word & low7) &+ low7) | word
        sums &+= (~nonZero >> 7) & ones
        index += 8
      }
      let pairs = (sums & lanes) &+ ((sums >> 8) & lanes)
      lines += Int(truncatingIfNeeded: (pairs &* 0x0001_0001_0001_0001) >> 48)
    }
    while index < count {
      if bytes[index] == 0x0A { lines += 1 }
      index += 1
    }
    return lines
  }
}

import Foundation

/// Splits an input into `LineChunk`s of about `chunkSize` bytes, holding no more than one chunk and one
/// partial line at a time, so memory stays flat however long the input is.
///
/// A line longer than `lineLimit` bytes is not held whole: once that many bytes have come without a line
/// feed, it becomes an overlong marker and the rest of it is read and dropped. (A long line that arrives
/// in the same read as earlier lines may go out inside a chunk, at most `chunkSize` bytes of it; the
/// engine then writes the same error for it.) A chunk is handed out when
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
  /// How many leading pending bytes are known to hold no line feed, so that a long line read in many small
  /// pieces is searched once, not once per piece.
  private var lineFeedFree = 0
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
        let marker = LineChunk(
          index: nextIndex, firstLine: nextLine, buffer: pool.take(), lineEnds: [], isOverlong: true)
        nextIndex += 1
        nextLine += 1
        pending.removeAll()
        lineFeedFree = 0
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
    // Where each line ends, found once here so that workers need not search again; after
    // `linesPerChunk` lines the chunk ends, so that a chunk of tiny lines still has a bounded output.
    let base = pending.base
    var lineEnds: [Int32] = []
    lineEnds.reserveCapacity(min(linesPerChunk, end / 64 + 16))
    var position = 0
    while position < end && lineEnds.count < linesPerChunk {
      guard let lineFeed = memchr(base + position, 0x0A, end - position) else {
        // The input's last line, without a line feed.
        lineEnds.append(Int32(end))
        position = end
        break
      }
      let lineEnd = lineFeed.assumingMemoryBound(to: UInt8.self) - base
      lineEnds.append(Int32(lineEnd))
      position = lineEnd + 1
    }
    end = position
    let chunk = pending
    pending = pool.take()
    pending.append(chunk.base + end, chunk.count - end)
    // What is left after the last line feed has none.
    lineFeedFree = lineEnds.count == linesPerChunk ? 0 : pending.count
    chunk.count = end
    defer {
      nextIndex += 1
      nextLine += lineEnds.count
    }
    return LineChunk(index: nextIndex, firstLine: nextLine, buffer: chunk, lineEnds: lineEnds, isOverlong: false)
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
          lineFeedFree = 0
          skipping = false
          return
        }
        pending.removeAll()
        lineFeedFree = 0
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
  private mutating func lastLineFeed() -> Int? {
    let base = pending.base
    var index = pending.count - 1
    while index >= lineFeedFree {
      if base[index] == 0x0A { return index }
      index -= 1
    }
    lineFeedFree = pending.count
    return nil
  }

}

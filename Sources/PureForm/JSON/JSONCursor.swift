/// A read position in a file's bytes that turns byte offsets into line and column locations.
///
/// Locations are computed incrementally: the cursor remembers the last location it computed and only
/// scans the bytes between that one and the next, so asking for the locations of tokens in source
/// order costs one pass over the file in total. Lines end at `\n`, `\r\n` or a lone `\r`, and columns
/// count Unicode scalars: `SourceFile.location(of:in:countedFrom:)`, which `SourceFile.location(ofOffset:)`
/// also counts with.
struct JSONCursor {
  /// The bytes being read; valid only while the reader runs.
  let bytes: UnsafeBufferPointer<UInt8>
  /// The file the bytes belong to, for the rare location asked for out of order.
  let file: SourceFile
  /// The offset of the next byte to read.
  var position = 0
  /// The last location computed, from which the next one is counted.
  private var mark = SourceLocation.start

  /// Creates a cursor at the start of `bytes`, which must be `file.bytes`.
  init(bytes: UnsafeBufferPointer<UInt8>, file: SourceFile) {
    self.bytes = bytes
    self.file = file
  }

  /// Moves to `location`, a location of the file (as the reader reported it earlier), to read on from there.
  mutating func move(to location: SourceLocation) {
    position = min(max(location.offset, 0), bytes.count)
    mark = location
  }

  /// The number of bytes in the file.
  var count: Int { bytes.count }

  /// Whether every byte has been read.
  var isAtEnd: Bool { position >= bytes.count }

  /// The byte at `offset`, or nil past the end of the file.
  func byte(at offset: Int) -> UInt8? {
    offset < bytes.count ? bytes[offset] : nil
  }

  /// The location of the next byte to read.
  mutating func location() -> SourceLocation {
    location(at: position)
  }

  /// The location of byte `offset`, counted on from the last location computed.
  mutating func location(at offset: Int) -> SourceLocation {
    let target = min(max(offset, 0), bytes.count)
    // The start of a token, after `skipBlanks()` counted up to it: nothing to count.
    if target == mark.offset { return mark }
    guard target > mark.offset else { return file.location(ofOffset: target) }
    mark = SourceFile.location(of: target, in: bytes, countedFrom: mark)
    return mark
  }

  /// The location of the next byte to read, read from `start` when the bytes up to it are ASCII on one line.
  ///
  /// `start` must be the last location computed; the bytes from it are one column each (a token's nearly
  /// always are), so they need no counting again. Counts them as `location()` does when `start` is not the
  /// last location computed.
  mutating func location(afterOneLineASCIIFrom start: SourceLocation) -> SourceLocation {
    guard mark.offset == start.offset, position >= start.offset, position <= bytes.count else { return location() }
    mark = SourceLocation(offset: position, line: mark.line, column: mark.column + (position - start.offset))
    return mark
  }

  /// The range from byte `start` to byte `end`, both counted on from the last location computed.
  mutating func range(from start: Int, to end: Int) -> SourceRange {
    let startLocation = location(at: start)
    return SourceRange(start: startLocation, end: location(at: end))
  }

  /// Skips spaces, tabs and line feeds from `position`.
  ///
  /// Counts lines and columns as it goes when the last location computed is at `position` (as it is after a
  /// token), so that the next token's location is not counted over the same blanks again. Runs of spaces
  /// (indentation) go eight at a time. Stops at any other byte, `\r` included, which the caller handles.
  mutating func skipBlanks() {
    var index = position
    var line = mark.line
    var column = mark.column
    while index < bytes.count {
      let byte = bytes[index]
      if byte == 0x20 {
        let end = Self.endOfSpaces(from: index + 1, in: bytes)
        column += end - index
        index = end
      } else if byte == 0x0A {
        line += 1
        column = 1
        index += 1
      } else if byte == 0x09 {
        column += 1
        index += 1
      } else {
        break
      }
    }
    if mark.offset == position {
      mark = SourceLocation(offset: index, line: line, column: column)
    }
    position = index
  }

  /// The offset of the first byte at or after `start` that is not a space.
  private static func endOfSpaces(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var index = start
    if let base = bytes.baseAddress {
      while bytes.count - index >= 8 {
        // Safe: index + 8 <= bytes.count, and the load is unaligned. A byte of `word` is zero where the file
        // has a space; read as little-endian, the lowest nonzero byte is the first that is not one.
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) ^ 0x2020_2020_2020_2020
        if word != 0 { return index + UInt64(littleEndian: word).trailingZeroBitCount / 8 }
        index += 8
      }
    }
    while index < bytes.count, bytes[index] == 0x20 { index += 1 }
    return index
  }

  /// The bytes from `start` to `end` decoded as text, invalid UTF-8 replaced by U+FFFD.
  func text(from start: Int, to end: Int) -> String {
    let lower = min(max(start, 0), bytes.count)
    let upper = min(max(end, lower), bytes.count)
    return String(decoding: UnsafeBufferPointer(rebasing: bytes[lower..<upper]), as: UTF8.self)
  }
}

/// The bytes of one input file with a table of where its lines start, so diagnostics can show source lines.
public struct SourceFile: Sendable, Hashable {
  /// The name shown in diagnostics: the path as the user gave it, or a label such as `<string>`.
  public let name: String
  /// The raw bytes, exactly as read.
  public let bytes: [UInt8]
  /// The byte offset of the start of each line; `lineStarts[0] == 0`.
  let lineStarts: LineStarts

  /// Creates a source file from its bytes.
  public init(name: String, bytes: [UInt8]) {
    self.name = name
    self.bytes = bytes
    self.lineStarts = bytes.withUnsafeBufferPointer(Self.lineStarts)
  }

  /// The byte offset of the start of each line of `bytes`: lines end at `\n`, `\r\n` or a lone `\r`.
  private static func lineStarts(_ bytes: UnsafeBufferPointer<UInt8>) -> LineStarts {
    guard bytes.count > Int(UInt32.max) else {
      var starts: [UInt32] = [0]
      scanLineStarts(bytes) { starts.append(UInt32(truncatingIfNeeded: $0)) }
      return LineStarts(narrow: starts)
    }
    var starts = [0]
    scanLineStarts(bytes) { starts.append($0) }
    return LineStarts(wide: starts)
  }

  /// Hands `found` the offset of each line start of `bytes` after the first, in order.
  ///
  /// Every file read goes through here before anything else, and an indented spec has a line every twenty
  /// bytes or so: the line feeds of eight bytes without a carriage return are found from one word, without a
  /// branch per byte.
  @inline(__always)
  private static func scanLineStarts(_ bytes: UnsafeBufferPointer<UInt8>, _ found: (Int) -> Void) {
    let count = bytes.count
    var index = 0
    while index < count {
      if count - index >= 8, let base = bytes.baseAddress {
        // Safe: index + 8 <= count, and the load is unaligned.
        let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
        if zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D) == 0 {
          var feeds = zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A)
          while feeds != 0 {
            found(index + feeds.trailingZeroBitCount / 8 + 1)
            feeds &= feeds &- 1
          }
          index += 8
          continue
        }
      }
      // Up to a carriage return (which takes a line feed after it along), and the last bytes: one at a time.
      let byte = bytes[index]
      if byte == 0x0A {
        found(index + 1)
      } else if byte == 0x0D {
        if index + 1 < count, bytes[index + 1] == 0x0A { index += 1 }
        found(index + 1)
      }
      index += 1
    }
  }

  /// The high bit of each byte of `word` that is zero, and no other bit.
  @inline(__always)
  private static func zeroBytes(_ word: UInt64) -> UInt64 {
    let low: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
    // Adding 0x7F to a byte's low seven bits carries into its high bit unless they are all zero; or-ing the
    // byte itself in sets the high bit of every byte that is not zero. No carry crosses bytes.
    return ~(((word & low) &+ low) | word | low)
  }

  /// Two files are equal when they have the same name and the same bytes.
  public static func == (lhs: SourceFile, rhs: SourceFile) -> Bool {
    lhs.name == rhs.name && lhs.bytes == rhs.bytes
  }

  /// Hashes the name and the length (equal files have both equal).
  public func hash(into hasher: inout Hasher) {
    hasher.combine(name)
    hasher.combine(bytes.count)
  }

  /// Creates a source file from a string's UTF-8 bytes.
  public init(name: String, text: String) {
    self.init(name: name, bytes: Array(text.utf8))
  }

  /// The bytes of line `line` (1-based) without its line terminator.
  func lineBytes(_ line: Int) -> ArraySlice<UInt8> {
    guard line >= 1, line <= lineStarts.count else { return [] }
    let start = lineStarts[line - 1]
    var end = line < lineStarts.count ? lineStarts[line] : bytes.count
    while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
    return bytes[start..<end]
  }

  /// The location of a byte offset, computing its line and its column in Unicode scalars.
  public func location(ofOffset offset: Int) -> SourceLocation {
    let clamped = max(0, min(offset, bytes.count))
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let mid = (low + high + 1) / 2
      if lineStarts[mid] <= clamped { low = mid } else { high = mid - 1 }
    }
    let lineStart = SourceLocation(offset: lineStarts[low], line: low + 1, column: 1)
    return bytes.withUnsafeBufferPointer { Self.location(of: clamped, in: $0, countedFrom: lineStart) }
  }

  /// The location of byte `target` of `bytes`, counted on from `mark`, an earlier location in the same bytes.
  ///
  /// The one routine that turns offsets into lines and columns (`JSONCursor` calls it as it reads). Lines
  /// end at `\n`, `\r\n` or a lone `\r`; every byte that is not a UTF-8 continuation byte starts a new column
  /// (a stray byte counts as one, so invalid input still gets distinct positions).
  static func location(
    of target: Int, in bytes: UnsafeBufferPointer<UInt8>, countedFrom mark: SourceLocation
  ) -> SourceLocation {
    var index = mark.offset
    var line = mark.line
    var column = mark.column
    while index < target {
      // Eight bytes at a time while they are ASCII without a line break: each is one column.
      if target - index >= 8, let base = bytes.baseAddress {
        // Safe: index + 8 <= target <= bytes.count, and the load is unaligned.
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        if word & 0x8080_8080_8080_8080 == 0,
          zeroBytes(word ^ 0x0A0A_0A0A_0A0A_0A0A) | zeroBytes(word ^ 0x0D0D_0D0D_0D0D_0D0D) == 0
        {
          column += 8
          index += 8
          continue
        }
      }
      let byte = bytes[index]
      if byte == 0x0A {
        line += 1
        column = 1
      } else if byte == 0x0D {
        if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
          column += 1
        } else {
          line += 1
          column = 1
        }
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
      index += 1
    }
    return SourceLocation(offset: target, line: line, column: column)
  }
}

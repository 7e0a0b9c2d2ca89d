/// A `SourceRange` in 24 bytes instead of 48: each coordinate as a `UInt32`.
///
/// The JSON tree holds two ranges per object member and the model a few per view, so this halves a large
/// part of their size. Every
/// coordinate of a file under 4 GiB fits (offsets, lines and columns are all at most the file's size, and
/// pureform reads at most `SourceFile.maximumSize` bytes from a path); `JSONReader.read` refuses a larger
/// input with PF117 before any node is made.
struct CompactSourceRange: Sendable, Hashable {
  private var startOffset: UInt32
  private var startLine: UInt32
  private var startColumn: UInt32
  private var endOffset: UInt32
  private var endLine: UInt32
  private var endColumn: UInt32

  /// Stores `range`; its coordinates must fit in 32 bits.
  init(_ range: SourceRange) {
    startOffset = UInt32(range.start.offset)
    startLine = UInt32(range.start.line)
    startColumn = UInt32(range.start.column)
    endOffset = UInt32(range.end.offset)
    endLine = UInt32(range.end.line)
    endColumn = UInt32(range.end.column)
  }

  /// The range stored.
  var range: SourceRange {
    SourceRange(
      start: SourceLocation(offset: Int(startOffset), line: Int(startLine), column: Int(startColumn)),
      end: SourceLocation(offset: Int(endOffset), line: Int(endLine), column: Int(endColumn)))
  }
}

/// A stored `SourceRange` property kept as a `CompactSourceRange`: `@CompactRange var range: SourceRange`
/// reads and writes as a `SourceRange` and takes 24 bytes.
@propertyWrapper
struct CompactRange: Sendable, Hashable {
  /// The range, stored compactly.
  private var stored: CompactSourceRange

  /// Stores `wrappedValue`; its coordinates must fit in 32 bits.
  init(wrappedValue: SourceRange) {
    stored = CompactSourceRange(wrappedValue)
  }

  /// The range stored.
  var wrappedValue: SourceRange {
    get { stored.range }
    set { stored = CompactSourceRange(newValue) }
  }
}

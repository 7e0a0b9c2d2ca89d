/// A stored `SourceRange` property kept in 24 bytes instead of 48, each coordinate as a `UInt32`:
/// `@CompactRange var range: SourceRange` reads and writes as a `SourceRange`.
///
/// The JSON tree holds two ranges per object member and the model a few per view, so this halves a large
/// part of their size. Every
/// coordinate of a file under 4 GiB fits (offsets, lines and columns are all at most the file's size, and
/// pureform reads at most `SourceFile.maximumSize` bytes from a path); `JSONReader.read` refuses a larger
/// input with PF117 before any node is made.
@propertyWrapper
package struct CompactRange: Sendable, Hashable {
  private var startOffset: UInt32
  private var startLine: UInt32
  private var startColumn: UInt32
  private var endOffset: UInt32
  private var endLine: UInt32
  private var endColumn: UInt32

  /// Stores `wrappedValue`; its coordinates must fit in 32 bits.
  package init(wrappedValue range: SourceRange) {
    startOffset = UInt32(range.start.offset)
    startLine = UInt32(range.start.line)
    startColumn = UInt32(range.start.column)
    endOffset = UInt32(range.end.offset)
    endLine = UInt32(range.end.line)
    endColumn = UInt32(range.end.column)
  }

  /// The range stored.
  package var wrappedValue: SourceRange {
    get {
      SourceRange(
        start: SourceLocation(offset: Int(startOffset), line: Int(startLine), column: Int(startColumn)),
        end: SourceLocation(offset: Int(endOffset), line: Int(endLine), column: Int(endColumn)))
    }
    set { self = CompactRange(wrappedValue: newValue) }
  }
}

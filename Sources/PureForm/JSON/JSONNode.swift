/// A JSON value as the reader found it, with the span of source text it came from.
///
/// Written by hand rather than taken from Foundation: `JSONSerialization` and `JSONDecoder` keep neither
/// source positions nor object key order, and turn numbers into `Double`. Diagnostics need all three.
///
/// A spec's tree has a node per value, so nodes are kept small: `Kind` is stored inline (its arrays already
/// hold their elements out of line, so it needs no `indirect` box per node) and the range is stored as a
/// `CompactSourceRange` of 32-bit coordinates.
package struct JSONNode: Sendable, Hashable {
  /// What kind of value, with its contents.
  package enum Kind: Sendable, Hashable {
    case null
    case bool(Bool)
    /// A number, kept as its exact source text (`"1e400"`, `"-0"`, `"0.10"`): never rounded through Double.
    case number(String)
    case string(String)
    case array([JSONNode])
    /// An object's members in source order; duplicate keys are kept (the reader does not judge them).
    case object([JSONMember])
    /// A value the reader could not read; a `PF1xx` diagnostic says why.
    case invalid
  }

  package var kind: Kind
  /// The range, stored compactly; read and written through `range`.
  private var storedRange: CompactSourceRange

  /// From the first character of the value to just past its last one (quotes and brackets included).
  var range: SourceRange {
    get { storedRange.range }
    set { storedRange = CompactSourceRange(newValue) }
  }

  init(_ kind: Kind, _ range: SourceRange) {
    self.kind = kind
    self.storedRange = CompactSourceRange(range)
  }
}

/// One `"key": value` pair of a JSON object.
package struct JSONMember: Sendable, Hashable {
  /// The decoded key.
  package var key: String
  /// The key's range, stored compactly; read and written through `keyRange`.
  private var storedKeyRange: CompactSourceRange
  package var value: JSONNode

  /// The span of the key, quotes included.
  var keyRange: SourceRange {
    get { storedKeyRange.range }
    set { storedKeyRange = CompactSourceRange(newValue) }
  }

  init(key: String, keyRange: SourceRange, value: JSONNode) {
    self.key = key
    self.storedKeyRange = CompactSourceRange(keyRange)
    self.value = value
  }
}

/// A `SourceRange` in 24 bytes instead of 48: each coordinate as a `UInt32`.
///
/// The JSON tree holds two ranges per object member, so this halves a large part of its size. Every
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

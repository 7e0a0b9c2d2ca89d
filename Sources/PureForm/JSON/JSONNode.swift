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
  package var range: SourceRange {
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
  package var keyRange: SourceRange {
    get { storedKeyRange.range }
    set { storedKeyRange = CompactSourceRange(newValue) }
  }

  init(key: String, keyRange: SourceRange, value: JSONNode) {
    self.key = key
    self.storedKeyRange = CompactSourceRange(keyRange)
    self.value = value
  }
}

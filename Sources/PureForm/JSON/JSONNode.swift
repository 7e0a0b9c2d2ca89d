/// A JSON value as the reader found it, with the span of source text it came from.
///
/// Written by hand rather than taken from Foundation: `JSONSerialization` and `JSONDecoder` keep neither
/// source positions nor object key order, and turn numbers into `Double`. Diagnostics need all three.
///
/// A spec's tree has a node per value, so nodes are kept small: `Kind` is stored inline (its arrays already
/// hold their elements out of line, so it needs no `indirect` box per node) and the range is stored as a
/// `CompactRange` of 32-bit coordinates.
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
  /// From the first character of the value to just past its last one (quotes and brackets included).
  @CompactRange package var range: SourceRange

  init(_ kind: Kind, _ range: SourceRange) {
    self.kind = kind
    self.range = range
  }
}

/// One `"key": value` pair of a JSON object.
package struct JSONMember: Sendable, Hashable {
  /// The decoded key.
  package var key: String
  /// The span of the key, quotes included.
  @CompactRange package var keyRange: SourceRange
  package var value: JSONNode
}

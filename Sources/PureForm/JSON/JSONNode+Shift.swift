extension JSONNode {
  /// The node with every offset in it (its own, its members' keys', its elements') moved by `delta`.
  ///
  /// Lines and columns stay. An included file's nodes take their place in the offsets of the spec that
  /// includes it.
  func shifted(by delta: Int) -> JSONNode {
    guard delta != 0 else { return self }
    var moved = self
    moved.range = range.shifted(by: delta)
    switch kind {
    case .array(let elements): moved.kind = .array(elements.map { $0.shifted(by: delta) })
    case .object(let members):
      moved.kind = .object(
        members.map {
          JSONMember(key: $0.key, keyRange: $0.keyRange.shifted(by: delta), value: $0.value.shifted(by: delta))
        })
    default: break
    }
    return moved
  }
}

extension JSONNode {
  /// The node with every offset in it (its own, its members' keys', its elements') moved by `delta`.
  ///
  /// Lines and columns stay. An included file's nodes take their place in the offsets of the spec that
  /// includes it.
  func shifted(by delta: Int) -> JSONNode {
    guard delta != 0 else { return self }
    var moved = self
    moved.range.start.offset += delta
    moved.range.end.offset += delta
    switch kind {
    case .array(let elements): moved.kind = .array(elements.map { $0.shifted(by: delta) })
    case .object(let members):
      moved.kind = .object(
        members.map { member in
          var key = member.keyRange
          key.start.offset += delta
          key.end.offset += delta
          return JSONMember(key: member.key, keyRange: key, value: member.value.shifted(by: delta))
        })
    default: break
    }
    return moved
  }
}

extension Diagnostic {
  /// The diagnostic with the offsets of its range and of its notes' ranges moved by `delta`.
  func shifted(by delta: Int) -> Diagnostic {
    var moved = self
    moved.range.start.offset += delta
    moved.range.end.offset += delta
    moved.notes = notes.map { note in
      var note = note
      note.range?.start.offset += delta
      note.range?.end.offset += delta
      return note
    }
    return moved
  }
}

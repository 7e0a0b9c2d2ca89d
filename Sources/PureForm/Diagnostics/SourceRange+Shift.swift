/// Positions moved into the offsets of another file: an included file's into its spec's, and back.
extension SourceRange {
  /// The range with both offsets moved by `delta`; lines and columns stay.
  func shifted(by delta: Int) -> SourceRange {
    guard delta != 0 else { return self }
    var moved = self
    moved.start.offset += delta
    moved.end.offset += delta
    return moved
  }
}

extension Diagnostic {
  /// The diagnostic with the offsets of its range and of its notes' ranges moved by `delta`.
  func shifted(by delta: Int) -> Diagnostic {
    var moved = self
    moved.range = range.shifted(by: delta)
    moved.notes = notes.map { note in
      var note = note
      note.range = note.range?.shifted(by: delta)
      return note
    }
    return moved
  }
}

/// An edit on the kernel: what changed between two records of a form without repeated groups, each read by
/// its own engine (`readFlat`), compared slot by slot.
extension RecordEngine {
  /// Whether field `field` holds a different value in this engine's record (`line`) than in `before`'s
  /// (`beforeLine`), both read by `readFlat`, before any view is hidden.
  ///
  /// As `ValidationPlan.differs` compares the values validators see: both missing is no change; two present
  /// values differ in kind, or (where the field's keyboard check reads text) in having been sent as text, or
  /// by the `equal` rule (`FastRecord.same`); two values that fail coercion are the same when they are the
  /// same JSON (read as `FormValue`s); anything else is a change.
  func differs(
    _ field: Int, from before: RecordEngine, _ beforeLine: UnsafePointer<UInt8>, _ line: UnsafePointer<UInt8>
  )
    -> Bool
  {
    let left = before.values[field]
    let right = values[field]
    switch (left.state, right.state) {
    case (.missing, .missing): return false
    case (.present, .present):
      let keyboardReadsText = tables.fields[field].pad != nil
      return left.kind != right.kind || (keyboardReadsText && left.fromString != right.fromString)
        || !FastRecord.same(left, right, tables)
    case (.mismatch, .mismatch):
      return before.rawValue(field, beforeLine) != rawValue(field, line)
    default: return true
    }
  }

  /// Field `field`'s value in the record `line` before coercion: the member as sent, read as a `FormValue`,
  /// or its `<value>` when the record has none, transformed.
  private func rawValue(_ field: Int, _ line: UnsafePointer<UInt8>) -> FormValue? {
    let planned = plan.validation.fields[field]
    return given(field, line).map { value in planned.transformer?(value) ?? value }
  }

  /// Field `field`'s member in the record `line` as sent, read as a `FormValue`, or its `<value>` when the
  /// record has none.
  private func given(_ field: Int, _ line: UnsafePointer<UInt8>) -> FormValue? {
    let slot = slot(of: field).pointee
    var start = slot.start
    var end = slot.end
    switch slot.kind {
    case .absent: return plan.validation.fields[field].initialValue
    case .asciiString, .string, .escapedString:
      // A string's slot holds the bytes between its quotes.
      start -= 1
      end += 1
    default: break
    }
    let bytes = Array(UnsafeBufferPointer(start: line + start, count: end - start))
    guard let node = JSONReader.read(SourceFile(name: "<input>", bytes: bytes)).value else { return nil }
    return FormValue(node)
  }
}

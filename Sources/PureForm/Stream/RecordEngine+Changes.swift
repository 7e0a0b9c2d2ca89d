/// An edit on the kernel: what changed between two records, each read by its own engine (`read`, or a
/// grouped record's `run` recording its views), compared view by view.
extension RecordEngine {
  /// Whether field `field` holds a different value in this engine's record (`line`) than in `before`'s
  /// (`beforeLine`), both read by `read`, before any view is hidden.
  func differs(
    _ field: Int, from before: RecordEngine, _ beforeLine: UnsafePointer<UInt8>, _ line: UnsafePointer<UInt8>
  )
    -> Bool
  {
    differs(
      field, RecordedView(value: before.values[field], slot: before.slot(of: field).pointee), beforeLine,
      RecordedView(value: values[field], slot: slot(of: field).pointee), line)
  }

  /// Whether view `left` of field `field`, read from the stored record `beforeLine`, and view `right`, read
  /// from the new record `line`, hold different values.
  ///
  /// As `ValidationPlan.differs` compares the values validators see: both missing is no change; two present
  /// values differ in kind, or (where the field's keyboard check reads text) in having been sent as text, or
  /// by the `equal` rule (`FastRecord.same`); two values that fail coercion are the same when they are the
  /// same JSON (read as `FormValue`s); anything else is a change.
  func differs(
    _ field: Int, _ left: RecordedView, _ beforeLine: UnsafePointer<UInt8>, _ right: RecordedView,
    _ line: UnsafePointer<UInt8>
  ) -> Bool {
    let (leftSlot, rightSlot) = (left.slot, right.slot)
    let (left, right) = (left.value, right.value)
    switch (left.state, right.state) {
    case (.missing, .missing): return false
    case (.present, .present):
      let keyboardReadsText = tables.fields[field].keyboard != nil
      return left.kind != right.kind || (keyboardReadsText && left.fromString != right.fromString)
        || !FastRecord.same(left, right, tables)
    case (.mismatch, .mismatch):
      return rawValue(field, leftSlot, beforeLine) != rawValue(field, rightSlot, line)
    default: return true
    }
  }

  /// Field `field`'s value before coercion, read from `slot` of the record `line`: the member as sent, read
  /// as a `FormValue`, or its `<value>` when the record has none, transformed.
  private func rawValue(_ field: Int, _ slot: ValueSlot, _ line: UnsafePointer<UInt8>) -> FormValue? {
    let planned = plan.validation.fields[field]
    return given(field, slot, line).map { value in planned.transformer?(value) ?? value }
  }

  /// Field `field`'s member in `slot` of the record `line` as sent, read as a `FormValue`, or its `<value>`
  /// when the record has none.
  private func given(_ field: Int, _ slot: ValueSlot, _ line: UnsafePointer<UInt8>) -> FormValue? {
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

/// An edit on the kernel (`RecordEnginePool.validateChange`): each record read by its own engine, which
/// records every view it read (at its element) and every group's count, element by element; two readings
/// compared view by view; the new record judged again, checking only the views and counts an edit selects.
extension RecordEngine {
  /// Records the values of the record's own fields as `read` left them (before any is hidden).
  func recordFields() {
    for field in 0..<tables.fieldCount where tables.fields[field].group == nil {
      reading.values[ConcreteView(number: field, indices: [])] = RecordedView(
        value: recorded(values[field]), slot: slot(of: field).pointee)
    }
  }

  /// Records the values of the fields of `info`'s group at element `index` (inside the elements
  /// `elementPath` holds), as read.
  func recordElement(_ info: UnsafePointer<PlanGroup>, index: Int) {
    let fields = tables.groupFields + Int(info.pointee.fieldStart)
    let indices = elementPath + [index]
    for position in 0..<Int(info.pointee.fieldCount) {
      let field = Int(fields[position])
      reading.values[ConcreteView(number: field, indices: indices)] = RecordedView(
        value: recorded(values[field]), slot: elementSlot(of: field, info).pointee)
    }
  }

  /// `value` as a reading keeps it: its text copied where the form has value transformers (a transformed
  /// text is in a room the next element's overwrites).
  private func recorded(_ value: CoercedValue) -> CoercedValue {
    tables.hasTransformers ? reading.keep(value) : value
  }

  /// Records the count of group `group` inside the elements `elementPath` holds (the number of its
  /// elements, -1 for a value that is not an array, -2 for too many elements, whose views, and the groups
  /// nested in them, are then not read; -3 at an element `index` that is not an object).
  func recordCount(_ group: Int, index: Int? = nil, _ count: Int) {
    reading.counts[ConcreteView(number: group, indices: elementPath + (index.map { [$0] } ?? []))] = count
    guard count == -2 else { return }
    let path = elementPath
    func isInside(_ view: ConcreteView, group inner: Int) -> Bool {
      tables.isWithin(group: inner, group) && view.indices.count > path.count && view.indices.starts(with: path)
    }
    reading.values = reading.values.filter { !isInside($0.key, group: tables.fields[$0.key.number].groupNumber) }
    reading.counts = reading.counts.filter { !isInside($0.key, group: $0.key.number) }
  }

  /// Whether the run checks the view of field `field` at element `index` (-1 outside groups): every view,
  /// or the ones an edit's selection holds.
  func checks(field: Int, index: Int) -> Bool {
    !judgesSelection
      || selection.views.contains(ConcreteView(number: field, indices: index < 0 ? [] : elementPath + [index]))
  }

  /// Whether the run checks the count of group `group` (its bounds and its array), or element `index`'s
  /// shape: every one, or the ones an edit's selection holds.
  func checksCount(of group: Int, index: Int? = nil) -> Bool {
    !judgesSelection
      || selection.counts.contains(ConcreteView(number: group, indices: elementPath + (index.map { [$0] } ?? [])))
  }

  /// Whether view `left` of field `field`, read from the stored record `beforeLine`, and view `right`, read
  /// from the new record `line`, hold different values.
  ///
  /// Compares the values validators see: both missing is no change; two present values differ in kind, or
  /// (where the field's keyboard check reads text) in having been sent as text, or by the `equal` rule
  /// (`RecordKernel.same`); two values that fail coercion are the same when they are the same JSON (read as
  /// `FormValue`s); anything else is a change.
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
        || !RecordKernel.same(left, right, tables)
    case (.mismatch, .mismatch):
      return rawValue(field, leftSlot, beforeLine) != rawValue(field, rightSlot, line)
    default: return true
    }
  }

  /// Field `field`'s value before coercion, read from `slot` of the record `line`: the member as sent, read
  /// as a `FormValue`, or its `<value>` when the record has none, transformed.
  private func rawValue(_ field: Int, _ slot: ValueSlot, _ line: UnsafePointer<UInt8>) -> FormValue? {
    let planned = plan.validation.fields[field]
    return (Self.formValue(slot, line) ?? planned.initialValue).map { value in planned.transformer?(value) ?? value }
  }
}

/// A view as an engine read it in an edit's record: its value, and the member value it was read from.
struct RecordedView {
  var value: CoercedValue
  var slot: ValueSlot
}

/// What an engine read of an edit's record, view by view (`RecordEngine.recordFields`, `recordsViews`).
struct RecordReading {
  var values: [ConcreteView: RecordedView] = [:]
  var counts: [ConcreteView: Int] = [:]
  /// The copies of texts it keeps (`keep`), freed by `reset`.
  private var copies: [UnsafeMutablePointer<UInt8>] = []

  /// `value` with its text copied into memory the reading owns until `reset`.
  mutating func keep(_ value: CoercedValue) -> CoercedValue {
    guard value.count > 0 else { return value }
    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: value.count)
    copy.initialize(from: value.bytes, count: value.count)
    copies.append(copy)
    var kept = value
    kept.bytes = UnsafePointer(copy)
    return kept
  }

  /// Forgets what was read, and frees the texts kept; the tables keep their room for the engine's next edit.
  mutating func reset() {
    for copy in copies { copy.deallocate() }
    copies.removeAll(keepingCapacity: true)
    values.removeAll(keepingCapacity: true)
    counts.removeAll(keepingCapacity: true)
  }
}

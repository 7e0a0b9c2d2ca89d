/// An edit of a record of a form with repeated groups on the kernel: each record read by its own engine,
/// which records every view it read (at its element) and every group's count, element by element;
/// the plan's `changeSelection` decides from the two readings what changed and what to check; the new
/// record is then judged again, checking only that.
extension RecordEngine {
  /// Records the values of the record's own fields, as read (before any is hidden), when the run records.
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
}

/// A view as an engine read it in an edit's record: its value, and the member value it was read from.
struct RecordedView {
  var value: CoercedValue
  var slot: ValueSlot
}

/// What an engine read of a record of a form with repeated groups, view by view (`RecordEngine.recordsViews`).
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

  /// Forgets what was read, and frees the texts kept.
  mutating func reset() {
    for copy in copies { copy.deallocate() }
    self = RecordReading()
  }
}

extension RecordEnginePool {
  /// `validateChange` for a form with repeated groups: the stored record read by `before`, the new one by
  /// `after` (engines of a plan that reads every group), then judged by `judge` (of this pool's plan, which
  /// may be `after`); nil when a record is none.
  ///
  /// A pair in which the kernel does not read a record's flat keys is read again with each record's groups
  /// as arrays (`RecordEngine.retryingArrayed`, which keeps what each record holds).
  func validateGroupedChange(
    _ before: RecordEngine, _ after: RecordEngine, judge: RecordEngine, old: UnsafeRawBufferPointer,
    new: UnsafeRawBufferPointer
  ) -> ChangeValidationResult? {
    guard !after.tables.oneField, after.takesRecords, judge.takesRecords else { return nil }
    func reset() {
      for engine in [before, after, judge] {
        engine.recordsViews = false
        engine.reading.reset()
        engine.judgesSelection = false
        engine.selection = ConcreteSelection()
      }
    }
    defer { reset() }
    return RecordEngine.retryingArrayed(old, new, by: [before, after, judge]) { old, new in
      reset()
      return groupedChange(before, after, judge: judge, old: old, new: new)
    }
  }

  /// `validateGroupedChange` of the pair as sent; nil when the kernel hands back a record.
  private func groupedChange(
    _ before: RecordEngine, _ after: RecordEngine, judge: RecordEngine, old: UnsafeRawBufferPointer,
    new: UnsafeRawBufferPointer
  ) -> ChangeValidationResult? {
    guard let oldBase = old.baseAddress?.assumingMemoryBound(to: UInt8.self),
      let newBase = new.baseAddress?.assumingMemoryBound(to: UInt8.self)
    else { return nil }
    for (engine, base, count) in [(before, oldBase, old.count), (after, newBase, new.count)] {
      engine.recordsViews = true
      var sink = ResultSink()
      guard engine.run(base, count, into: &sink) != nil else { return nil }
      engine.recordsViews = false
    }
    let (selection, changed) = plan.validation.changeSelection(
      from: (before.reading.values, before.reading.counts), to: (after.reading.values, after.reading.counts)
    ) { view, left, right in
      after.differs(view.number, left, oldBase, right, newBase)
    }
    judge.judgesSelection = true
    judge.selection = selection
    var sink = ResultSink()
    guard judge.run(newBase, new.count, into: &sink) != nil, let result = sink.result else { return nil }
    return ChangeValidationResult(result: result, changed: changed)
  }
}

import Foundation
import Synchronization

/// The engines behind the library call (`CompiledForm.validate(json:)`): the form's record plan for one set
/// of options, built once, and idle `RecordEngine`s on it, one taken per call so that any number of
/// threads validate at once without sharing an engine.
///
/// One idle engine waits in `spare`, an atomic slot a call takes and gives back with one exchange each (a
/// server thread calling again and again never touches the lock); the others in `idle`, guarded by
/// `NSLock`. `@unchecked Sendable` because `idle` is only touched with the lock held, an engine in `spare`
/// belongs to whoever exchanges it out, and the plan is immutable.
final class RecordEnginePool: @unchecked Sendable {
  let plan: RecordPlan
  /// Whether the kernel can take the library's records: every key of the plan can be written around its indices (`RecordPlan.takesRecords`).
  let takesRecords: Bool
  private let lock = NSLock()
  /// Only touched with `lock` held.
  private var idle: [RecordEngine] = []
  /// An idle engine, retained (`Unmanaged`), or 0.
  private let spare = Atomic<UInt>(0)

  init(_ validation: ValidationPlan, run: RunOptions = RunOptions()) {
    plan = RecordPlan(validation, run: run)
    takesRecords = plan.takesRecords
  }

  /// The result of the record `values`, read as its JSON bytes (`FormValue.recordBytes`), or nil when the
  /// record is none: not an object, or not read.
  func validate(_ values: FormValue) -> ValidationResult? {
    guard takesRecords, case .object = values else { return nil }
    var bytes = values.recordBytes
    return bytes.withUTF8 { validate(UnsafeRawBufferPointer($0)) }
  }

  /// What the kernel found in one record: its result, where its `id` member's value is in the line (nil when
  /// it has none), and, when asked, the conditions it evaluated (`RecordEngine.reportConditions`).
  struct Outcome {
    var result: ValidationResult
    var id: Range<Int>?
    var conditions: [ConditionTruth]
  }

  /// The result of the record in `line`, or nil when it is no record (then nothing was kept).
  func validate(_ line: UnsafeRawBufferPointer) -> ValidationResult? {
    run(line, reporting: false)?.result
  }

  /// The kernel's outcome for the record in `line`, with its report of the conditions when `reporting`; nil
  /// when the line is no record.
  func run(_ line: UnsafeRawBufferPointer, reporting: Bool) -> Outcome? {
    guard takesRecords, line.baseAddress != nil else { return nil }
    let engine = take()
    defer {
      // Only a reporting call touches the report: the library's every call pays nothing for it.
      if reporting {
        engine.reportsConditions = false
        engine.conditionReport = []
      }
      // An engine whose decoding room grew past a megabyte (a long record) is freed, not kept idle.
      if engine.arenaCapacity <= 1 << 20 { giveBack(engine) }
    }
    if reporting { engine.reportsConditions = true }
    // A record whose flat keys the kernel does not read is read again with each group as one array; its
    // `id` is where the record itself has it.
    return engine.retryingArrayed(line, idKey: plan.run.idKey) { record, idInLine in
      if reporting { engine.conditionReport = [] }
      var sink = ResultSink(reusing: engine)
      defer { sink.giveBack(to: engine) }
      guard engine.runKernel(record, into: &sink) != nil, let result = sink.result else { return nil }
      let id = sink.id.start < 0 ? nil : sink.id.start..<sink.id.end
      return Outcome(result: result, id: idInLine(id), conditions: reporting ? engine.conditionReport : [])
    }
  }

  /// What changed from the record in `old` to the one in `new` and its verdict; nil when the kernel hands
  /// the pair back (a record it does not read).
  ///
  /// Each record is read by its own engine, which records every view it read (the record's own fields,
  /// `RecordEngine.recordFields`, then each element's) and every group's count; the plan's `changeSelection`
  /// decides from the two readings what changed and what to check; the new record is then judged again,
  /// checking only that.
  ///
  /// Under `--field` the records are read by the engines of `readers` (a plan for every field: an edit reads
  /// every group), and judged by this pool's; without `readers` the pair is handed back. A pair in which the
  /// kernel does not read a record's flat keys is read again with each record's groups as arrays
  /// (`RecordEngine.retryingArrayed`, which keeps what each record holds).
  func validateChange(
    from old: UnsafeRawBufferPointer, to new: UnsafeRawBufferPointer, readers: RecordEnginePool? = nil
  ) -> ChangeValidationResult? {
    guard let readers = plan.tables.oneField ? readers : self, takesRecords, readers.takesRecords else { return nil }
    let before = readers.take()
    let after = readers.take()
    let judge = readers === self ? after : take()
    func reset() {
      for engine in [before, after, judge] {
        engine.recordsViews = false
        engine.reading.reset()
        engine.judgesSelection = false
        engine.selection = ConcreteSelection()
      }
    }
    defer {
      for engine in [before, after] where engine.arenaCapacity <= 1 << 20 { readers.giveBack(engine) }
      if judge !== after, judge.arenaCapacity <= 1 << 20 { giveBack(judge) }
    }
    return RecordEngine.retryingArrayed(old, new, by: [before, after, judge]) { old, new in
      defer { reset() }
      return change(before, after, judge: judge, old: old, new: new)
    }
  }

  /// `validateChange` of the pair as sent; nil when the kernel hands back a record.
  private func change(
    _ before: RecordEngine, _ after: RecordEngine, judge: RecordEngine, old: UnsafeRawBufferPointer,
    new: UnsafeRawBufferPointer
  ) -> ChangeValidationResult? {
    guard let oldBase = old.baseAddress?.assumingMemoryBound(to: UInt8.self),
      let newBase = new.baseAddress?.assumingMemoryBound(to: UInt8.self)
    else { return nil }
    var newID = (start: -1, end: -1)
    for (engine, base, count) in [(before, oldBase, old.count), (after, newBase, new.count)] {
      guard let id = engine.read(base, count) else { return nil }
      newID = id
      engine.recordFields()
      // The elements' views are recorded as the run reads them; a form without groups has none.
      guard engine.tables.groupCount > 0 else { continue }
      engine.recordsViews = true
      var sink = ResultSink()
      guard engine.judge(base, count, id: id, selection: nil, into: &sink) != nil else { return nil }
      engine.recordsViews = false
    }
    let (selection, changed) = plan.validation.changeSelection(
      from: (before.reading.values, before.reading.counts), to: (after.reading.values, after.reading.counts),
      readers: plan.readers
    ) { view, left, right in
      after.differs(view.number, left, oldBase, right, newBase)
    }
    judge.judgesSelection = true
    judge.selection = selection
    // The record's own fields are its views at no element: in a form without groups, `judge` checks those.
    let checked = (0..<plan.tables.fieldCount).map { selection.views.contains(ConcreteView(number: $0, indices: [])) }
    var sink = ResultSink()
    // `after`'s values are still as `read` left them in a form without groups; a run that judged them, or
    // another engine, reads the record again.
    if judge !== after || plan.tables.groupCount > 0 {
      guard let id = judge.read(newBase, new.count) else { return nil }
      newID = id
    }
    let verdict = checked.withUnsafeBufferPointer {
      judge.judge(newBase, new.count, id: newID, selection: $0.baseAddress, into: &sink)
    }
    guard verdict != nil, let result = sink.result else { return nil }
    return ChangeValidationResult(result: result, changed: changed)
  }

  /// An engine no other call is using: the spare, an idle one, or a new one.
  private func take() -> RecordEngine {
    let bits = spare.exchange(0, ordering: .acquiring)
    if let pointer = UnsafeRawPointer(bitPattern: bits) {
      return Unmanaged<RecordEngine>.fromOpaque(pointer).takeRetainedValue()
    }
    lock.lock()
    let engine = idle.popLast()
    lock.unlock()
    return engine ?? RecordEngine(plan: plan)
  }

  /// Keeps `engine` for a later call: as the spare when the slot is free, else idle (up to 64).
  private func giveBack(_ engine: RecordEngine) {
    let bits = UInt(bitPattern: Unmanaged.passRetained(engine).toOpaque())
    if spare.compareExchange(expected: 0, desired: bits, ordering: .releasing).exchanged { return }
    Unmanaged<RecordEngine>.fromOpaque(UnsafeRawPointer(bitPattern: bits).unsafelyUnwrapped).release()
    lock.lock()
    if idle.count < 64 { idle.append(engine) }
    lock.unlock()
  }

  deinit {
    if let pointer = UnsafeRawPointer(bitPattern: spare.load(ordering: .acquiring)) {
      Unmanaged<RecordEngine>.fromOpaque(pointer).release()
    }
  }
}

import Foundation

/// The engines behind the library call (`CompiledForm.validate(json:)`): the form's record plan for one set
/// of options, built once, and idle `RecordEngine`s on it, one taken per call so that any number of
/// threads validate at once without sharing an engine.
///
/// Guarded by `NSLock`; `@unchecked Sendable` because `idle` is only touched with the lock held and the
/// plan is immutable.
final class RecordEnginePool: @unchecked Sendable {
  let plan: RecordPlan
  /// Whether the kernel can take the library's records: the plan's fast path is open (see `RecordPlan.isFast`).
  let takesRecords: Bool
  private let lock = NSLock()
  /// Only touched with `lock` held.
  private var idle: [RecordEngine] = []

  init(_ validation: ValidationPlan, run: RunOptions = RunOptions()) {
    plan = RecordPlan(validation, run: run)
    takesRecords = plan.isFast
  }

  /// The result of the record `values`, read as its JSON bytes (`FormValue.recordBytes`), or nil when the
  /// exact path must take it: not an object, a number that is no JSON number text, or a record the kernel
  /// hands back.
  func validate(_ values: FormValue) -> ValidationResult? {
    guard takesRecords, case .object = values, var bytes = values.recordBytes else { return nil }
    return bytes.withUTF8 { validate(UnsafeRawBufferPointer($0)) }
  }

  /// The result of the record in `line`, or nil when the exact path must take it (then nothing was kept).
  func validate(_ line: UnsafeRawBufferPointer) -> ValidationResult? {
    guard takesRecords, let base = line.baseAddress else { return nil }
    lock.lock()
    let engine = idle.popLast() ?? RecordEngine(plan: plan)
    lock.unlock()
    defer {
      // An engine whose decoding room grew past a megabyte (a long record) is freed, not kept idle.
      if engine.arenaCapacity <= 1 << 20 {
        lock.lock()
        if idle.count < 64 { idle.append(engine) }
        lock.unlock()
      }
    }
    guard engine.allowsFastPath else { return nil }
    var sink = ResultSink()
    let bytes = base.assumingMemoryBound(to: UInt8.self)
    let verdict =
      plan.tables.groupCount > 0
      ? engine.runGrouped(bytes, line.count, into: &sink) : engine.runFlat(bytes, line.count, into: &sink)
    return verdict == nil ? nil : sink.result
  }
}

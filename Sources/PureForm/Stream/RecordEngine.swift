/// One thread's record validator: the shared `RecordPlan` and the state one record needs, allocated once
/// and reused for every record (its regex scratch, the field slots, decoding room, the failure list).
///
/// `validate` runs the kernel (`RecordScanner`, then `run`: `RecordKernel`'s rules on the record's own fields,
/// then each repeated group's elements) on every record; a line that holds no record gets the reader's error (`RecordLine`).
/// Never shared between threads: each worker makes its own.
final class RecordEngine {
  let plan: RecordPlan
  /// The plan's tables, copied out so the hot loop reads them without touching the plan object.
  let tables: PlanTables
  /// The PCRE2 match state of this thread; nil when the form has no patterns (or memory ran out).
  let scratch: RegexScratch?
  /// `scratch`'s pointers, which the kernel's pattern checks match with: reading them retains nothing.
  let regex: RegexScratch.Handles?
  /// Whether the kernel reads the plan's records (`RecordPlan.takesRecords`).
  let takesRecords: Bool
  /// The value slots and the coerced values.
  ///
  /// Per slot (`PlanTables.slotCount`: each field, then each group's array): the value from nested objects,
  /// the value from a dotted top-level key. Per field: the coerced value.
  let nested: UnsafeMutablePointer<ValueSlot>
  let dotted: UnsafeMutablePointer<ValueSlot>
  let values: UnsafeMutablePointer<CoercedValue>
  /// Per field: whether its `<visible_if>` hid it in the record being validated (false for a field without).
  let hidden: UnsafeMutablePointer<Bool>
  /// The failures of the record being validated (of its own fields, in a form with repeated groups), and
  /// how many the last record had (`elementFailures.count` in a form with repeated groups).
  let failures: UnsafeMutablePointer<PoolSpan>
  var failureCount = 0
  /// The open containers of a skipped value.
  let stack: UnsafeMutablePointer<UInt8>
  /// Decoding room: twice the longest line seen (member names, then string values), and where the
  /// record's own fields' decoded strings end (an element's are decoded after them).
  private(set) var arena: UnsafeMutablePointer<UInt8>
  private(set) var arenaCapacity: Int
  var decodedEnd: UnsafeMutablePointer<UInt8>
  /// Room for the text of the transformed values of the record being validated (`transform(_:group:)`):
  /// the record's own fields' (0), and the element's being read of each group (1 + its number).
  private var transformRooms: [UnsafeMutablePointer<UInt8>]
  private var transformRoomCapacities: [Int]
  /// Whether `dotted` holds a slot from the last record (then it is cleared before the next one).
  var dottedInUse = true
  /// Whether the kernel handed the last record back for flat keys it does not read: `retryingArrayed` reads it
  /// again with each group as one array (`ValidationPlan.arrayedRecord`).
  var handsBackFlatKeys = false
  /// How many lines the kernel validated, and how many held no record, for tests and the benchmark report.
  private(set) var validatedCount = 0
  private(set) var unreadCount = 0
  /// Whether the engine counts the failures of invalid records by validator (a server's metrics).
  let countsFailures: Bool
  /// The failures counted since the last `takeFailureCounts()`, by validator (`plan.countedValidators`).
  private var failureCounts: [Int]
  /// A form with repeated groups: the failures and hidden views found in a record (at their elements), its
  /// groups' arrays as written so far, and where each group's array is.
  ///
  /// Read and written at every element, so without the runtime's exclusivity check on each access (a call
  /// and a thread-local lookup, 3 % of an order's time): the engine is one thread's, and no access to them
  /// overlaps another. (`conditionReport` likewise: each group's run notes where it starts.)
  @exclusivity(unchecked) var elementFailures: [ElementFailure] = []
  @exclusivity(unchecked) var hiddenViews: [HiddenView] = []
  /// The members of the record read by flat keys that name group elements (`items.0.sku`), for the groups.
  @exclusivity(unchecked) var flatMembers: [FlatMember] = []
  /// A form with nested groups: the indices of the elements enclosing each nested group's run in the record,
  /// one list per run (what `ElementFailure.outer` and `HiddenView.outer` point at), the current run's (-1 in
  /// a group at the root), and the indices of the elements enclosing it.
  var outerIndices: [Int32] = []
  var outerOffset: Int32 = -1
  var elementPath: [Int] = []
  /// The library's lists of hidden keys and element keys this engine made: a record hides one of few sets
  /// of views and names few element keys, so each is shared, not made again.
  ///
  /// Read at every library record, so without the exclusivity check (the engine is one thread's).
  @exclusivity(unchecked) var resultKeys = ResultKeyCache()
  /// The library's arrays of each group's element values, lent to the `ResultSink` of each record
  /// (`ResultSink(reusing:)`), so that a record does not allocate and free the list of groups.
  @exclusivity(unchecked) var resultGroupValues: [[FormValue]] = []
  let elementOutput = ByteBuffer(capacity: 4096)
  @exclusivity(unchecked) var groupOutput: [Range<Int>]
  /// Whether each run appends the conditions' values to `conditionReport` (`reportConditions`).
  ///
  /// A plain flag, read once per record: testing an optional array instead would retain it.
  var reportsConditions = false
  @exclusivity(unchecked) var conditionReport: [ConditionTruth] = []
  /// What an edit asks of a run of a form with repeated groups (`RecordEnginePool.validateChange`).
  ///
  /// Whether each run records the elements' views it read into `reading` (which the edit starts with the
  /// record's own fields), and whether it checks only the views and counts `selection` holds. Plain flags,
  /// read where a view is read or checked.
  var recordsViews = false
  var reading = RecordReading()
  var judgesSelection = false
  var selection = ConcreteSelection()

  /// A validator for `plan`.
  init(plan: RecordPlan, countsFailures: Bool = false) {
    self.plan = plan
    self.countsFailures = countsFailures
    failureCounts = Array(repeating: 0, count: countsFailures ? plan.countedValidators.count : 0)
    self.tables = plan.tables
    self.scratch = plan.validation.usesPatterns ? RegexScratch() : nil
    self.regex = scratch?.handles
    self.takesRecords = plan.takesRecords
    let fieldCount = max(plan.tables.fieldCount, 1)
    nested = .allocate(capacity: max(plan.tables.slotCount, 1))
    dotted = .allocate(capacity: max(plan.tables.slotCount, 1))
    values = .allocate(capacity: fieldCount)
    hidden = .allocate(capacity: fieldCount)
    hidden.initialize(repeating: false, count: fieldCount)
    failures = .allocate(capacity: max(plan.maximumFailures, 1))
    stack = .allocate(capacity: RecordScanner.maximumDepth + 1)
    groupOutput = Array(repeating: 0..<0, count: plan.tables.groupCount)
    arenaCapacity = 4096
    arena = .allocate(capacity: arenaCapacity)
    decodedEnd = arena
    transformRoomCapacities = [plan.transformed.isEmpty ? 1 : 256] + Array(repeating: 1, count: plan.tables.groupCount)
    transformRooms = transformRoomCapacities.map { .allocate(capacity: $0) }
  }

  deinit {
    nested.deallocate()
    dotted.deallocate()
    values.deallocate()
    hidden.deallocate()
    failures.deallocate()
    stack.deallocate()
    arena.deallocate()
    for room in transformRooms { room.deallocate() }
  }

  /// Validates the record in `line` (without its line feed), the input's line `number`, and appends its
  /// output line (line feed included) to `output`.
  func validate(_ line: UnsafeRawBufferPointer, number: Int, into output: ByteBuffer) -> RecordVerdict {
    // Only a form with repeated groups reads flat keys it may hand back (`retryingArrayed`).
    if takesRecords, let base = line.baseAddress,
      let verdict = tables.groupCount == 0
        ? validate(base.assumingMemoryBound(to: UInt8.self), line.count, number, output)
        : retryingArrayed(
          line,
          { record, _ in
            record.baseAddress.flatMap {
              validate($0.assumingMemoryBound(to: UInt8.self), record.count, number, output)
            }
          })
    {
      validatedCount += 1
      if countsFailures, verdict == .invalid { countFailures() }
      return verdict
    }
    // No record: the reader says why.
    unreadCount += 1
    RecordLine.writeError(of: line, number: number, plan: plan.validation, withID: plan.run.idKey != nil, into: output)
    return .malformed
  }

  /// Validates one record and appends its line, or returns nil (writing nothing) when the line holds no
  /// record the scanner reads.
  @inline(__always)
  private func validate(
    _ line: UnsafePointer<UInt8>, _ count: Int, _ number: Int, _ output: ByteBuffer
  ) -> RecordVerdict? {
    guard !(tables.flat && tables.groupCount > 0) else { return validateFlattened(line, count, number, output) }
    var sink = LineSink(number: number, output: output)
    return run(line, count, into: &sink)
  }

  /// `validate` of a form with repeated groups under `--flat`: the kernel's result (`ResultSink`, whose
  /// values spell each element's members as dotted keys, `items.0.sku`) written as `RecordLine` writes a
  /// result's line.
  private func validateFlattened(
    _ line: UnsafePointer<UInt8>, _ count: Int, _ number: Int, _ output: ByteBuffer
  ) -> RecordVerdict? {
    var sink = ResultSink()
    guard run(line, count, into: &sink) != nil, let result = sink.result else { return nil }
    let id = sink.id.start < 0 ? nil : sink.id.start..<sink.id.end
    let record = RecordLine.Record(bytes: Array(UnsafeBufferPointer(start: line, count: count)), id: id)
    RecordLine.write(result, of: record, number: number, run: plan.run, into: output)
    return result.isValid ? .valid : .invalid
  }

  /// Runs the kernel on the record in `line` (without its line feed), handing the outcome to `sink`; nil
  /// when the line holds no record, or flat keys the scanner does not read (`handsBackFlatKeys`) (the sink may
  /// have taken elements, but no outcome).
  func runKernel<Sink: RecordSink>(_ line: UnsafeRawBufferPointer, into sink: inout Sink) -> RecordVerdict? {
    guard takesRecords, let base = line.baseAddress else { return nil }
    return run(base.assumingMemoryBound(to: UInt8.self), line.count, into: &sink)
  }

  /// Counts the failures of the record the kernel has just found invalid, by validator.
  private func countFailures() {
    func count(_ fragment: PoolSpan) {
      if let validator = plan.countedValidatorOfFragment[fragment.start] { failureCounts[validator] += 1 }
    }
    if tables.groupCount > 0 {
      for failure in elementFailures { count(failure.fragment) }
      return
    }
    for index in 0..<failureCount { count(failures[index]) }
  }

  /// The failures counted since the last call, by validator, and a fresh count; empty when the engine
  /// does not count them.
  func takeFailureCounts() -> [String: Int] {
    var counts = [String: Int](minimumCapacity: failureCounts.count { $0 > 0 })
    for (validator, count) in failureCounts.enumerated() where count > 0 {
      counts[plan.countedValidators[validator]] = count
      failureCounts[validator] = 0
    }
    return counts
  }

  /// Room for `needed` bytes of transformed values, in room `room`.
  ///
  /// Room 0 holds the record's own fields' values, room 1 + a group's number its element's. What it held is
  /// not kept.
  func transformRoom(_ room: Int, holding needed: Int) -> UnsafeMutablePointer<UInt8> {
    if needed > transformRoomCapacities[room] {
      transformRooms[room].deallocate()
      transformRoomCapacities[room] = max(needed, transformRoomCapacities[room] * 2)
      transformRooms[room] = .allocate(capacity: transformRoomCapacities[room])
    }
    return transformRooms[room]
  }

  /// Makes the decoding room at least `needed` bytes.
  func reserveArena(_ needed: Int) {
    guard needed > arenaCapacity else { return }
    arena.deallocate()
    arenaCapacity = max(needed, arenaCapacity * 2)
    arena = .allocate(capacity: arenaCapacity)
  }
}

/// What `pureform diff --records` keeps of a record the kernel validated.
///
/// Where its `id` member's value is; its failures stay in the engine (`failureCount` of them: in `failures`
/// for a form without repeated groups, `elementFailures` with them). It writes nothing: the pass needs
/// verdicts and failures, not output lines.
struct VerdictSink: RecordSink {
  /// The start and end of the `id` member's value in the line (start -1 when it has none).
  var id = (start: -1, end: -1)

  mutating func write(
    _ engine: RecordEngine, line: UnsafePointer<UInt8>, count: Int, id: (start: Int, end: Int), failureCount: Int,
    hiddenCount: Int
  ) {
    self.id = id
  }

  mutating func element(
    _ engine: RecordEngine, _ info: UnsafePointer<PlanGroup>, group: Int, first: Bool, inputBytes: Int, at start: Int
  ) {}
}

/// Validates NDJSON records one at a time on one thread, writing each record's output line into a buffer
/// it reuses: the engine behind `CompiledForm.validateNDJSON`, for code that has its lines already (a
/// server reading a request body, a benchmark loop over lines read in advance).
///
/// ```swift
/// var validator = try RecordValidator(form: form)
/// for (index, line) in lines.enumerated() {
///   let verdict = validator.validate(line: line, number: index + 1)
///   validator.appendOutput(to: &response)  // {"line":1,"valid":true,"values":{…}}\n
/// }
/// ```
///
/// It holds the state one record needs (a PCRE2 match scratch, field slots, decoding room, the output
/// buffer), made once, so a loop of `validate` calls measures validation alone: each record's bytes are
/// scanned straight into the form's plan and judged by the rule kernel every surface runs. It is not
/// `Sendable`: make one per thread. Building one costs microseconds.
public struct RecordValidator {
  private let engine: RecordEngine
  private let output: ByteBuffer

  /// A validator for a plan; `countsFailures` counts the failures of the records by validator, for
  /// `takeFailureCounts()`.
  package init(plan: RecordPlan, countsFailures: Bool = false) {
    engine = RecordEngine(plan: plan, countsFailures: countsFailures)
    output = ByteBuffer(capacity: 4096)
  }

  /// Validates the record in `line`: the bytes of one NDJSON line without its line feed.
  ///
  /// Its output line, with `"line": number` first and a line feed at the end, replaces the previous one in `output`.
  package mutating func validate(line: UnsafeRawBufferPointer, number: Int = 1) -> RecordVerdict {
    output.removeAll()
    return engine.validate(line, number: number, into: output)
  }

  /// Validates the record in `line`: the bytes of one NDJSON line without its line feed (an array, a
  /// slice, `Data`; bytes not stored contiguously are copied first).
  ///
  /// Its output line, with `"line": number` first and a line feed at the end, replaces the previous one.
  public mutating func validate<Line: Collection<UInt8>>(line: Line, number: Int = 1) -> RecordVerdict {
    let verdict = line.withContiguousStorageIfAvailable { validate(line: UnsafeRawBufferPointer($0), number: number) }
    return verdict ?? Array(line).withUnsafeBytes { validate(line: $0, number: number) }
  }

  /// Validates the record in `line`'s UTF-8.
  public mutating func validate(line: String, number: Int = 1) -> RecordVerdict {
    var line = line
    return line.withUTF8 { validate(line: UnsafeRawBufferPointer($0), number: number) }
  }

  /// The output line of the last record validated, line feed included.
  public var outputLine: [UInt8] { Array(output.bytes) }

  /// Appends the output line of the last record validated (line feed included) to `bytes`: a response
  /// body, an output buffer, without an array made for the line on the way.
  public func appendOutput<Bytes: RangeReplaceableCollection<UInt8>>(to bytes: inout Bytes) {
    bytes.append(contentsOf: output.bytes)
  }

  /// Calls `body` with the output line of the last record validated (line feed included), without copying
  /// it; the bytes are valid only during the call.
  package func withOutput<Result>(_ body: (UnsafeRawBufferPointer) throws -> Result) rethrows -> Result {
    try body(output.bytes)
  }

  /// The failures of the records validated since the last call, by validator.
  ///
  /// What a server's metrics count, handed over by the validation instead of read back from the output
  /// lines. Empty unless the validator was made to count them.
  package mutating func takeFailureCounts() -> [String: Int] {
    engine.takeFailureCounts()
  }

  /// How many lines the kernel validated, and how many held no record (their output an `error` line),
  /// since this validator was made.
  public var lineCounts: (validated: Int, unread: Int) { (engine.validatedCount, engine.unreadCount) }

  /// How many records took each of the two engines there were: the lines the kernel validated, and those
  /// that held no record (`lineCounts`).
  @available(*, deprecated, renamed: "lineCounts", message: "there is one engine: lineCounts counts its lines")
  public var pathCounts: (fast: Int, exact: Int) { (engine.validatedCount, engine.unreadCount) }
}

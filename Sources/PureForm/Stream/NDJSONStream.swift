import Foundation

/// The counts of an NDJSON run: every input line is one record, and exactly one of valid, invalid or
/// malformed.
public struct NDJSONSummary: Sendable, Hashable {
  /// Records read: one per input line.
  public var records = 0
  /// Records whose every field passed.
  public var valid = 0
  /// Records with at least one failure.
  public var invalid = 0
  /// Lines that are not a JSON object (or are empty, or too long): their output line is an `error`.
  public var malformed = 0
  /// The failures of the invalid records by validator, when the run was asked to count them (a server's
  /// metrics); empty otherwise.
  package var failures: [String: Int] = [:]

  /// Creates counts, all zero by default.
  public init(records: Int = 0, valid: Int = 0, invalid: Int = 0, malformed: Int = 0) {
    self.records = records
    self.valid = valid
    self.invalid = invalid
    self.malformed = malformed
  }

  /// Whether every record was valid (an empty input counts as valid): `pureform validate` exits 0 then.
  public var allValid: Bool { valid == records }

  /// Counts one record.
  mutating func add(_ verdict: RecordVerdict) {
    records += 1
    switch verdict {
    case .valid: valid += 1
    case .invalid: invalid += 1
    case .malformed: malformed += 1
    }
  }

  /// Adds the counts of another run.
  static func += (lhs: inout NDJSONSummary, rhs: NDJSONSummary) {
    lhs.records += rhs.records
    lhs.valid += rhs.valid
    lhs.invalid += rhs.invalid
    lhs.malformed += rhs.malformed
    lhs.failures.merge(rhs.failures, uniquingKeysWith: +)
  }
}

/// Why an NDJSON run stopped before the end of its input.
public enum NDJSONError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The options name no field, or ask for live validators without one.
  case options(InputError)
  /// Reading the input failed; the text is the system's reason.
  case readFailed(String)
  /// Writing the results failed; the text is the system's reason.
  case writeFailed(String)

  /// One line saying what went wrong.
  public var description: String {
    switch self {
    case .options(let error): return error.description
    case .readFailed(let reason): return "cannot be read: \(reason)"
    case .writeFailed(let reason): return "cannot write the results: \(reason)"
    }
  }
}

/// How an NDJSON run is split up.
struct StreamConfiguration: Sendable {
  /// Worker threads; 1 validates on the calling thread.
  var jobs: Int
  /// The size of an input chunk in bytes.
  var chunkSize = StreamConfiguration.defaultChunkSize
  /// The most lines in one chunk: bounds a chunk's output when its lines are tiny.
  var linesPerChunk = 8192
  /// The longest line validated; longer lines get an error line.
  var lineLimit = StreamConfiguration.defaultLineLimit

  /// The size an output buffer starts with: room for a chunk's results in the usual case.
  var outputSize: Int { 2 * chunkSize }
  /// Whether the summary counts the failures by validator (`NDJSONSummary.failures`).
  var countsFailures = false

  /// The longest line validated by default, in bytes (line feed excluded): 16 MiB.
  static let defaultLineLimit = 16 * 1024 * 1024
  /// The chunk size by default: 512 KiB of whole lines.
  static let defaultChunkSize = 512 * 1024
}

/// Validating an NDJSON stream with a record plan: on the calling thread with one job, else through the
/// ordered pipeline.
enum NDJSONStream {
  /// Validates every line of `source` into `sink`, in input order.
  static func validate<Source: ByteSource, Sink: ByteSink>(
    source: Source, sink: inout Sink, plan: RecordPlan, configuration: StreamConfiguration
  ) throws(NDJSONError) -> NDJSONSummary {
    var configuration = configuration
    configuration.jobs = max(configuration.jobs, 1)
    guard configuration.jobs > 1 else {
      return try validateInline(source: source, sink: &sink, plan: plan, configuration: configuration)
    }
    return try OrderedPipeline<ChunkOutput>.run(source: source, sink: &sink, plan: plan, configuration: configuration)
  }

  /// Reads, validates and writes chunk by chunk on the calling thread: one job needs no threads.
  private static func validateInline<Source: ByteSource, Sink: ByteSink>(
    source: Source, sink: inout Sink, plan: RecordPlan, configuration: StreamConfiguration
  ) throws(NDJSONError) -> NDJSONSummary {
    let pool = BufferPool(bufferSize: configuration.chunkSize, maximumIdle: 2)
    var reader = NDJSONReader(source: source, configuration: configuration, pool: pool)
    let engine = RecordEngine(
      plan: plan, countsFailures: configuration.countsFailures)
    let output = ByteBuffer(capacity: configuration.outputSize)
    var summary = NDJSONSummary()
    while let chunk = try reader.next() {
      output.removeAll()
      summary += engine.process(chunk, lineLimit: configuration.lineLimit, into: output)
      pool.give(chunk.buffer)
      try sink.write(output.bytes)
    }
    return summary
  }
}

extension RecordEngine {
  /// Validates every line of `chunk`, appending one output line each to `output`.
  func process(_ chunk: LineChunk, lineLimit: Int, into output: ByteBuffer) -> NDJSONSummary {
    var summary = NDJSONSummary()
    guard !chunk.isOverlong else {
      RecordLine.writeError(
        Self.overlongMessage(lineLimit), number: chunk.firstLine, withID: plan.tables.hasID, into: output)
      summary.add(.malformed)
      return summary
    }
    let base = chunk.buffer.base
    let count = chunk.buffer.count
    output.reserve(count + count / 2)
    var start = 0
    var number = chunk.firstLine
    for lineEnd in chunk.lineEnds {
      let end = Int(lineEnd)
      if end - start > lineLimit {
        RecordLine.writeError(
          Self.overlongMessage(lineLimit), number: number, withID: plan.tables.hasID, into: output)
        summary.add(.malformed)
      } else {
        let line = UnsafeRawBufferPointer(start: base + start, count: end - start)
        summary.add(validate(line, number: number, into: output))
      }
      number += 1
      start = end + 1
    }
    if countsFailures { summary.failures = takeFailureCounts() }
    return summary
  }

  /// The error of a line longer than `limit` bytes.
  static func overlongMessage(_ limit: Int) -> String {
    "line is longer than \(limit) bytes"
  }
}

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
  var chunkSize = CompiledForm.ndjsonChunkSize
  /// The most lines in one chunk: bounds a chunk's output when its lines are tiny.
  var linesPerChunk = 8192
  /// The longest line validated; longer lines get an error line.
  var lineLimit = CompiledForm.ndjsonLineLimit

  /// The size an output buffer starts with: room for a chunk's results in the usual case.
  var outputSize: Int { 2 * chunkSize }
  /// Whether records may take the fast path (tests turn it off to get the exact path's lines).
  var fastPath = true
}

extension CompiledForm {
  /// The longest NDJSON line validated, in bytes (line feed excluded): 16 MiB.
  ///
  /// A longer line is not held in memory; its record is `{"line":N,"error":"line is longer than 16777216 bytes"}`.
  public static let ndjsonLineLimit = 16 * 1024 * 1024

  /// The size of the chunks an NDJSON input is read and validated in: 512 KiB of whole lines (a chunk
  /// also ends after 8,192 lines).
  public static let ndjsonChunkSize = 512 * 1024

  /// Validates NDJSON: one record (a JSON object keyed by `<key>`) per line, from `input` to `output`, both
  /// file descriptors, with `jobs` threads.
  ///
  /// Writes one line per input line, in input order: the record's result with `"line": N` as its first
  /// member (`{"line":1,"valid":true,"values":{…}}`, `{"line":2,"valid":false,"failures":[…]}`), or
  /// `{"line":N,"error":"…"}` when the line is not a JSON object (the message is `InputError`'s, such as
  /// `1:7: expected ',' or '}' after object member`), is empty or blank (`empty line`), or is longer than
  /// `ndjsonLineLimit`. A final line feed does not start another record. Memory stays flat: at most
  /// `2 × jobs` chunks are in flight.
  ///
  /// - Parameters:
  ///   - input: Read to its end (a file, a pipe, standard input).
  ///   - output: Written in large writes, one per chunk.
  ///   - options: Apply to every record, as in `validate(json:options:)`.
  ///   - jobs: Worker threads, at least 1; 1 validates on the calling thread.
  /// - Returns: The counts of valid, invalid and malformed records.
  public func validateNDJSON(
    readingFrom input: Int32, writingTo output: Int32, options: ValidationOptions = ValidationOptions(),
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws(NDJSONError) -> NDJSONSummary {
    var sink = FileDescriptorSink(descriptor: output)
    return try validateNDJSON(
      source: FileDescriptorSource(descriptor: input), sink: &sink, options: options,
      configuration: StreamConfiguration(jobs: jobs))
  }

  /// Validates NDJSON held in memory, as `validateNDJSON(readingFrom:writingTo:options:jobs:)` does, and
  /// returns the output lines with the counts.
  public func validateNDJSON(
    _ input: [UInt8], options: ValidationOptions = ValidationOptions(),
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws(NDJSONError) -> (output: [UInt8], summary: NDJSONSummary) {
    var sink = MemorySink()
    let summary = try validateNDJSON(
      source: MemorySource(input), sink: &sink, options: options, configuration: StreamConfiguration(jobs: jobs))
    return (sink.bytes, summary)
  }

  /// Validates NDJSON from any source to any sink.
  func validateNDJSON<Source: ByteSource, Sink: ByteSink>(
    source: Source, sink: inout Sink, options: ValidationOptions, configuration: StreamConfiguration
  ) throws(NDJSONError) -> NDJSONSummary {
    let run: RunOptions
    do {
      run = try plan.runOptions(options)
    } catch {
      throw .options(error)
    }
    var configuration = configuration
    configuration.jobs = max(configuration.jobs, 1)
    let recordPlan = RecordPlan(plan, run: run)
    guard configuration.jobs > 1 else {
      return try Self.validateInline(source: source, sink: &sink, plan: recordPlan, configuration: configuration)
    }
    return try OrderedPipeline.run(source: source, sink: &sink, plan: recordPlan, configuration: configuration)
  }

  /// Reads, validates and writes chunk by chunk on the calling thread: one job needs no threads.
  private static func validateInline<Source: ByteSource, Sink: ByteSink>(
    source: Source, sink: inout Sink, plan: RecordPlan, configuration: StreamConfiguration
  ) throws(NDJSONError) -> NDJSONSummary {
    let pool = BufferPool(bufferSize: configuration.chunkSize, maximumIdle: 2)
    var reader = NDJSONReader(source: source, configuration: configuration, pool: pool)
    let engine = RecordEngine(plan: plan, fastPath: configuration.fastPath)
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
      ExactRecordLine.writeError(Self.overlongMessage(lineLimit), number: chunk.firstLine, into: output)
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
        ExactRecordLine.writeError(Self.overlongMessage(lineLimit), number: number, into: output)
        summary.add(.malformed)
      } else {
        let line = UnsafeRawBufferPointer(start: base + start, count: end - start)
        summary.add(validate(line, number: number, into: output))
      }
      number += 1
      start = end + 1
    }
    return summary
  }

  /// The error of a line longer than `limit` bytes.
  static func overlongMessage(_ limit: Int) -> String {
    "line is longer than \(limit) bytes"
  }
}

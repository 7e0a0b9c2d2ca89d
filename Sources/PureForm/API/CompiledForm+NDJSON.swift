public import Foundation

extension CompiledForm {
  /// The longest NDJSON line validated, in bytes (line feed excluded): 16 MiB.
  ///
  /// A longer line is not held in memory; its record is `{"line":N,"error":"line is longer than 16777216 bytes"}`.
  public static let ndjsonLineLimit = StreamConfiguration.defaultLineLimit

  /// The size of the chunks an NDJSON input is read and validated in: 512 KiB of whole lines (a chunk
  /// also ends after 8,192 lines).
  public static let ndjsonChunkSize = StreamConfiguration.defaultChunkSize

  /// Validates NDJSON: one record (a JSON object keyed by `<key>`) per line, from `input` to `output`
  /// (files, pipes, standard input and output), with `jobs` threads.
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
    reading input: FileHandle, writing output: FileHandle, options: ValidationOptions = ValidationOptions(),
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws(NDJSONError) -> NDJSONSummary {
    // The handles' descriptors, read and written with read(2) and write(2) in large chunks: FileHandle's
    // own reads allocate a Data per call and report errors only by exception.
    var sink = FileDescriptorSink(descriptor: output.fileDescriptor)
    return try validateNDJSON(
      source: FileDescriptorSource(descriptor: input.fileDescriptor), sink: &sink, options: options,
      configuration: StreamConfiguration(jobs: jobs))
  }

  /// Validates NDJSON held in memory (an array, a slice, `Data`), as
  /// `validateNDJSON(reading:writing:options:jobs:)` does, and returns the output lines with the counts.
  public func validateNDJSON<Bytes: Collection<UInt8>>(
    _ input: Bytes, options: ValidationOptions = ValidationOptions(),
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) throws(NDJSONError) -> (output: [UInt8], summary: NDJSONSummary) {
    var sink = MemorySink()
    let summary = try validateNDJSON(
      source: MemorySource(input as? [UInt8] ?? Array(input)), sink: &sink, options: options,
      configuration: StreamConfiguration(jobs: jobs))
    return (sink.bytes, summary)
  }

  /// Validates NDJSON held in memory on the calling thread, as `validateNDJSON(_:options:jobs:)` does with
  /// one job, and counts the invalid records' failures by validator in the summary's `failures`: what a
  /// server's metrics need, handed over by the validation.
  package func validateNDJSONCountingFailures<Bytes: Collection<UInt8>>(
    _ input: Bytes, options: ValidationOptions
  ) throws(NDJSONError) -> (output: [UInt8], summary: NDJSONSummary) {
    var sink = MemorySink()
    var configuration = StreamConfiguration(jobs: 1)
    configuration.countsFailures = true
    let summary = try validateNDJSON(
      source: MemorySource(input as? [UInt8] ?? Array(input)), sink: &sink, options: options,
      configuration: configuration)
    return (sink.bytes, summary)
  }

  /// Validates NDJSON from any source to any sink.
  func validateNDJSON<Source: ByteSource, Sink: ByteSink>(
    source: Source, sink: inout Sink, options: ValidationOptions, configuration: StreamConfiguration
  ) throws(NDJSONError) -> NDJSONSummary {
    let plan = self.plan
    let run = try plan.runOptions(options, or: NDJSONError.options)
    return try NDJSONStream.validate(
      source: source, sink: &sink, plan: RecordPlan(plan, run: run), configuration: configuration)
  }
}

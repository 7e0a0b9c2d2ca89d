import Foundation

/// The threads of a parallel NDJSON run: a reader thread splits the input into chunks, `jobs` worker
/// threads turn chunks into results (each worker with its own state, such as a `RecordEngine`), and the
/// calling thread takes the results in input order, chunk i only after chunk i-1.
///
/// At most `limit` chunks are between the reader and the writer at any time: the reader waits for the
/// writer when that many are read and not yet written, so memory stays flat whatever the input's length
/// and however slow the output.
///
/// All shared state is guarded by one `NSCondition` (a pthread mutex and condition variable, which
/// ThreadSanitizer understands); the class is `@unchecked Sendable` for that reason. Chunks and results
/// change hands only through it.
final class OrderedPipeline<Output>: @unchecked Sendable {
  private let condition = NSCondition()
  /// The most chunks read and not yet written.
  let limit: Int
  // Everything below is only touched with `condition` locked.
  /// Chunks read, waiting for a worker, oldest first (at most `limit`).
  private var work: [LineChunk] = []
  /// Finished chunks by index, waiting for the writer.
  private var finished: [Int: Output] = [:]
  /// Chunks read and not yet written.
  private var inFlight = 0
  /// The number of chunks the reader produced, once it has stopped.
  private var chunkTotal: Int?
  /// Why reading stopped early.
  private var readError: NDJSONError?
  /// Set when the writer gives up: the reader stops and workers drop what is left.
  private var stopping = false
  /// Reader and worker threads still running.
  private var running = 0

  private init(limit: Int) {
    self.limit = limit
  }

  /// Runs `jobs` workers over the chunks of `source` and hands each chunk's result to `consume`, in input
  /// order, on the calling thread.
  ///
  /// Each worker thread calls `makeWorker` once and turns every chunk it takes into a result with what
  /// that returns; the chunk's buffer goes back to `inputs` once the worker returns. When `consume` throws,
  /// the reader and the workers stop and the error is thrown once they have.
  static func map<Source: ByteSource>(
    source: Source, configuration: StreamConfiguration, inputs: BufferPool,
    makeWorker: @escaping @Sendable () -> (LineChunk) -> Output, consume: (Output) throws(NDJSONError) -> Void
  ) throws(NDJSONError) {
    let pipeline = OrderedPipeline(limit: 2 * configuration.jobs)
    pipeline.running = configuration.jobs + 1
    Thread.detachNewThread {
      var reader = NDJSONReader(source: source, configuration: configuration, pool: inputs)
      pipeline.read(&reader)
    }
    for _ in 0..<configuration.jobs {
      Thread.detachNewThread {
        let work = makeWorker()
        while let chunk = pipeline.nextChunk() {
          let result = work(chunk)
          inputs.give(chunk.buffer)
          pipeline.finish(chunk.index, result)
        }
        pipeline.exit()
      }
    }
    var consumeError: NDJSONError?
    var index = 0
    while let result = pipeline.result(index) {
      do throws(NDJSONError) {
        try consume(result)
      } catch {
        consumeError = error
        pipeline.stop()
        break
      }
      pipeline.written()
      index += 1
    }
    let readError = pipeline.waitForThreads()
    if let consumeError { throw consumeError }
    if let readError { throw readError }
  }

  /// The most chunks in flight for `jobs` workers, and the buffers in use at once: the chunks in flight, the
  /// reader's pending one, one per worker.
  static func buffersInUse(jobs: Int) -> Int { 2 * jobs + jobs + 2 }

  // MARK: Reader

  /// Reads every chunk into the queue, waiting while `limit` chunks are unwritten.
  private func read<Source>(_ reader: inout NDJSONReader<Source>) {
    var count = 0
    var failure: NDJSONError?
    while true {
      let chunk: LineChunk?
      do {
        chunk = try reader.next()
      } catch {
        failure = error
        break
      }
      guard let chunk else { break }
      condition.lock()
      while inFlight >= limit && !stopping { condition.wait() }
      if stopping {
        condition.unlock()
        break
      }
      work.append(chunk)
      inFlight += 1
      count += 1
      condition.broadcast()
      condition.unlock()
    }
    update {
      chunkTotal = count
      readError = failure
      running -= 1
    }
  }

  // MARK: Workers

  /// The next chunk to validate, or nil when there will be none.
  private func nextChunk() -> LineChunk? {
    condition.lock()
    defer { condition.unlock() }
    while work.isEmpty && chunkTotal == nil && !stopping { condition.wait() }
    guard !work.isEmpty, !stopping else { return nil }
    return work.removeFirst()
  }

  /// Hands a validated chunk to the writer.
  private func finish(_ index: Int, _ result: Output) {
    update { finished[index] = result }
  }

  /// Marks a reader or worker thread as ended.
  private func exit() {
    update { running -= 1 }
  }

  /// Makes `change` to the shared state with `condition` locked, then wakes every thread waiting on it.
  private func update(_ change: () -> Void) {
    condition.lock()
    change()
    condition.broadcast()
    condition.unlock()
  }

  // MARK: Writer

  /// The result of chunk `index` once it is ready, or nil when there is no such chunk.
  private func result(_ index: Int) -> Output? {
    condition.lock()
    defer { condition.unlock() }
    while finished[index] == nil {
      if let total = chunkTotal, index >= total { return nil }
      condition.wait()
    }
    return finished.removeValue(forKey: index)
  }

  /// Notes that a chunk is written, letting the reader go on.
  private func written() {
    update { inFlight -= 1 }
  }

  /// Stops the reader and the workers after a write failed.
  private func stop() {
    update { stopping = true }
  }

  /// Waits until the reader and every worker have returned; returns why reading stopped early, if it did.
  private func waitForThreads() -> NDJSONError? {
    condition.lock()
    defer { condition.unlock() }
    while running > 0 { condition.wait() }
    return readError
  }
}

/// The result of one chunk of `validate --ndjson`: its output lines and counts.
struct ChunkOutput {
  var output: ByteBuffer
  var summary: NDJSONSummary
}

extension OrderedPipeline where Output == ChunkOutput {
  /// Validates the input with `jobs` workers and writes the results to `sink` in order.
  static func run<Source: ByteSource, Sink: ByteSink>(
    source: Source, sink: inout Sink, plan: RecordPlan, configuration: StreamConfiguration
  ) throws(NDJSONError) -> NDJSONSummary {
    // Input chunks and output lines have pools of their own, sized for what can be in use at once, so their
    // buffers keep their sizes; both are filled up front, so the memory in use is the same from the first
    // chunk to the last.
    let inUse = buffersInUse(jobs: configuration.jobs)
    let inputs = BufferPool(bufferSize: configuration.chunkSize, maximumIdle: inUse)
    let outputs = BufferPool(bufferSize: configuration.outputSize, maximumIdle: inUse)
    inputs.prefill(inUse)
    outputs.prefill(inUse)
    var summary = NDJSONSummary()
    try map(source: source, configuration: configuration, inputs: inputs) {
      let engine = RecordEngine(
        plan: plan, countsFailures: configuration.countsFailures)
      return { chunk in
        let output = outputs.take()
        let summary = engine.process(chunk, lineLimit: configuration.lineLimit, into: output)
        return ChunkOutput(output: output, summary: summary)
      }
    } consume: { (result: ChunkOutput) throws(NDJSONError) in
      try sink.write(result.output.bytes)
      summary += result.summary
      outputs.give(result.output)
    }
    return summary
  }
}

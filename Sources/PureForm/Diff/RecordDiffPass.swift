import Foundation

/// `pureform diff --records`: both compiled forms over one NDJSON input in one pass, on the NDJSON pipeline
/// `validate --ndjson` uses (the same reader, chunks and ordered workers): each line is read once and gets
/// two verdicts from the kernel, which writes no output line; a newly failing record's rules are the
/// failures NEW's kernel found (every one: NEW runs with `--all-failures`), read once per way of failing.
///
/// Memory stays flat: a chunk's result holds only its newly failing records' rules and its malformed lines,
/// and the report keeps counts and at most five samples per group and per change. A class: the workers' closures
/// and memos share one pass instead of copying its plans and tables for every line.
final class RecordDiffPass: Sendable {
  /// OLD for verdicts only.
  let old: RecordPlan
  /// NEW with every failure and the `--id` member's place (with `shared`, reading OLD's members too).
  let new: RecordPlan
  /// NEW's own plan, for reading a line NEW's kernel did not take.
  let newValidation: ValidationPlan
  /// NEW's options.
  let newAll: RunOptions
  /// The template key of each NEW field by where its view is, to put `*` back in a failure's key.
  let templates: [FieldPlace: String]
  let configuration: StreamConfiguration

  /// Where a view is, as a failure locates it.
  struct FieldPlace: Hashable, Sendable {
    var file: String?
    var line: Int
    var column: Int
  }

  /// What one chunk found.
  struct ChunkDiff {
    var report = RecordDiffReport(file: "", changes: 0)
    /// Its newly failing records, by way of failing.
    var ways: [WayTally] = []
  }

  /// The changes newly failing records are attributed to.
  let changes: [SpecChange]
  /// What OLD decides as NEW does, when both forms are flat and OLD's keys are NEW's: OLD then takes NEW's
  /// reading of each line and runs only its own checks of the rest (nil: both kernels read every line).
  let shared: SharedVerdicts?

  /// A pass of `old` and `new` over the records, `idKey` naming a record's sample.
  init(old: CompiledForm, new: CompiledForm, changes: [SpecChange], idKey: String?, jobs: Int) {
    self.changes = changes
    let oldPlan = RecordPlan(old.plan, run: RunOptions(includesValues: false))
    self.old = oldPlan
    let newAll = RunOptions(allFailures: true, idKey: idKey, includesValues: false)
    self.newAll = newAll
    self.newValidation = new.plan
    // Two flat forms: NEW's engine reads OLD's members too, and OLD takes its values from it.
    var shared: SharedVerdicts?
    var reading = RecordPlan(new.plan, run: newAll)
    if let plan = SharedVerdicts.readingPlan(old: old.plan, new: new.plan) {
      let candidate = RecordPlan(plan, run: newAll, checkedFields: new.plan.fields.count)
      if let found = SharedVerdicts(old: oldPlan, new: candidate, newFieldCount: new.plan.fields.count) {
        reading = candidate
        shared = found
      }
    }
    self.new = reading
    self.shared = shared
    var templates: [FieldPlace: String] = [:]
    for field in new.plan.fields {
      templates[FieldPlace(file: field.file, line: field.line, column: field.column)] = field.key
    }
    self.templates = templates
    self.configuration = StreamConfiguration(jobs: max(jobs, 1))
  }

  /// Runs the pass over `source`, attributing the newly failing records to `changes`.
  func run<Source: ByteSource>(source: Source, file: String) throws(NDJSONError)
    -> RecordDiffReport
  {
    var report = RecordDiffReport(file: file, changes: changes.count)
    var groups: [FailedRule: RecordSamples] = [:]
    let consume = { (chunk: ChunkDiff) in
      report.total += chunk.report.total
      report.newlyFailing += chunk.report.newlyFailing
      report.newlyPassing += chunk.report.newlyPassing
      report.stillFailing += chunk.report.stillFailing
      report.stillPassing += chunk.report.stillPassing
      report.malformed += chunk.report.malformed
      // Each rule's and each change's records in this chunk, from the ways that reach it.
      var byRule: [FailedRule: (count: Int, samples: [(line: Int, sample: String)])] = [:]
      var byChange: [Int: (count: Int, samples: [(line: Int, sample: String)])] = [:]
      for way in chunk.ways {
        if way.claims.isEmpty { report.unattributed += way.count }
        for rule in way.rules {
          byRule[rule, default: (0, [])].count += way.count
          byRule[rule, default: (0, [])].samples += way.samples
        }
        for index in way.claims {
          byChange[index, default: (0, [])].count += way.count
          byChange[index, default: (0, [])].samples += way.samples
        }
      }
      for (rule, found) in byRule {
        groups[rule, default: RecordSamples()].add(count: found.count, samples: found.samples)
      }
      for (index, found) in byChange { report.claimed[index].add(count: found.count, samples: found.samples) }
    }
    let inUse = OrderedPipeline<ChunkDiff>.buffersInUse(jobs: configuration.jobs)
    let inputs = BufferPool(bufferSize: configuration.chunkSize, maximumIdle: inUse)
    if configuration.jobs == 1 {
      var reader = NDJSONReader(source: source, configuration: configuration, pool: inputs)
      let work = worker()
      while let chunk = try reader.next() {
        consume(work(chunk))
        inputs.give(chunk.buffer)
      }
    } else {
      inputs.prefill(inUse)
      try OrderedPipeline<ChunkDiff>.map(source: source, configuration: configuration, inputs: inputs) {
        self.worker()
      } consume: { chunk in
        consume(chunk)
      }
    }
    report.newFailures = groups.map { rule, records in
      FailureGroup(path: JSONPointer.pointer(dottedKey: rule.key), validator: rule.validator, records: records)
    }.sorted { lhs, rhs in
      if lhs.records.count != rhs.records.count { return lhs.records.count > rhs.records.count }
      if lhs.path != rhs.path { return lhs.path.unicodeScalars.lexicographicallyPrecedes(rhs.path.unicodeScalars) }
      return lhs.validator.unicodeScalars.lexicographicallyPrecedes(rhs.validator.unicodeScalars)
    }
    return report
  }

  /// One worker's state, and what it does to a chunk: both engines' verdicts on each line, newly failing
  /// records attributed to `changes`.
  private func worker() -> (LineChunk) -> ChunkDiff {
    let oldEngine = RecordEngine(plan: old)
    let newEngine = RecordEngine(plan: new)
    let memo = FailureMemo(pass: self)
    return { [self] chunk in
      var result = ChunkDiff()
      memo.startChunk()
      guard !chunk.isOverlong else {
        result.report.total = 1
        result.report.malformed.append(
          MalformedLine(line: chunk.firstLine, message: RecordEngine.overlongMessage(configuration.lineLimit)))
        return result
      }
      var start = 0
      var number = chunk.firstLine
      for lineEnd in chunk.lineEnds {
        let end = Int(lineEnd)
        let line = UnsafeRawBufferPointer(start: chunk.buffer.base + start, count: end - start)
        result.report.total += 1
        if end - start > configuration.lineLimit {
          result.report.malformed.append(
            MalformedLine(line: number, message: RecordEngine.overlongMessage(configuration.lineLimit)))
        } else {
          judge(line, number: number, oldEngine: oldEngine, newEngine: newEngine, memo: memo, into: &result)
        }
        number += 1
        start = end + 1
      }
      return result
    }
  }

  /// Counts one line under both specs.
  ///
  /// NEW's kernel keeps the failures of a newly failing record, and the rules they are of make its
  /// attribution (`FailureMemo`). A record with flat keys NEW's scanner does not read is judged with its
  /// groups as arrays (`RecordEngine.retryingArrayed`); a line that holds no record is malformed.
  private func judge(
    _ line: UnsafeRawBufferPointer, number: Int, oldEngine: RecordEngine, newEngine: RecordEngine,
    memo: FailureMemo, into result: inout ChunkDiff
  ) {
    let judged = newEngine.retryingArrayed(line) { line, _ -> Bool? in
      var sink = VerdictSink()
      guard let newVerdict = newEngine.runKernel(line, into: &sink) else { return nil }
      let oldVerdict =
        shared.flatMap { sharedVerdict($0, oldEngine, newEngine, line) }
        ?? verdict(oldEngine, line)
      guard result.report.count(oldValid: oldVerdict == .valid, newValid: newVerdict == .valid) else { return true }
      let id = sink.id
      let way = memo.way(of: newEngine)
      memo.count(way, line: number, in: &result.ways) {
        guard newAll.idKey != nil else { return String(number) }
        guard id.start >= 0 else { return "null" }
        return String(decoding: UnsafeRawBufferPointer(rebasing: line[id.start..<id.end]), as: UTF8.self)
      }
      return true
    }
    guard judged == nil else { return }
    let message = RecordLine.errorMessage(of: line, plan: newValidation)
    result.report.malformed.append(MalformedLine(line: number, message: message))
  }

  /// OLD's verdict on the line NEW's kernel has just read, from what the two decide alike: invalid when NEW
  /// failed a field alike in OLD, else OLD's checks of its other fields on NEW's reading of the line; nil
  /// when OLD must read the line itself.
  private func sharedVerdict(
    _ shared: SharedVerdicts, _ oldEngine: RecordEngine, _ newEngine: RecordEngine, _ line: UnsafeRawBufferPointer
  ) -> RecordVerdict? {
    for index in 0..<newEngine.failureCount where shared.decidesOld[Int(newEngine.failures[index].start)] {
      return .invalid
    }
    guard oldEngine.takesRecords, let base = line.baseAddress?.assumingMemoryBound(to: UInt8.self) else {
      return nil
    }
    shared.sources.withUnsafeBufferPointer { sources in
      oldEngine.adoptFlat(from: newEngine, sources: sources.baseAddress.unsafelyUnwrapped, base, line.count)
    }
    var sink = VerdictSink()
    return shared.checked.withUnsafeBufferPointer { checked in
      oldEngine.judge(base, line.count, id: (-1, -1), selection: checked.baseAddress, into: &sink)
    }
  }

  /// OLD's verdict on `line`, a record NEW read: the kernel's, with the groups as arrays when OLD's scanner
  /// does not read its flat keys.
  private func verdict(_ engine: RecordEngine, _ line: UnsafeRawBufferPointer) -> RecordVerdict {
    engine.retryingArrayed(line) { line, _ in
      var sink = VerdictSink()
      return engine.runKernel(line, into: &sink)
    } ?? .malformed
  }

  /// The rule a NEW failure is of: its view's template key (`*` for element indices) and its validator.
  func rule(of failure: ValidationFailure) -> FailedRule {
    let template = templates[FieldPlace(file: failure.file, line: failure.line, column: failure.column)]
    return FailedRule(key: Self.templated(failure.key, like: template), validator: failure.validator)
  }

  /// `key` with `*` wherever `template` has it: `items.2.name` like `items.*.name` is `items.*.name`, and
  /// a group's `items.2` (a bound's failure) is `items.*`'s prefix `items`.
  static func templated(_ key: String, like template: String?) -> String {
    guard let template, template.utf8.contains(UInt8(ascii: "*")) else { return key }
    let templateSegments = DottedKey.segments(of: template)
    return DottedKey.segments(of: key).enumerated().map { index, segment in
      index < templateSegments.count && templateSegments[index] == GroupKey.star ? GroupKey.star : segment
    }.joined(separator: ".")
  }
}

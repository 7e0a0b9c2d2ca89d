import Foundation

/// `pureform diff --records`: both compiled forms over one NDJSON input in one pass, on the NDJSON pipeline
/// `validate --ndjson` uses (the same reader, chunks and ordered workers): each line is read once and gets
/// two verdicts; a newly failing record is validated again under NEW with all failures, for its rules.
///
/// Memory stays flat: a chunk's result holds only its newly failing records' rules and its malformed lines,
/// and the report keeps counts and at most five samples per group and per change.
struct RecordDiffPass: Sendable {
  let old: RecordPlan
  let new: RecordPlan
  /// NEW with every failure and the `--id` member, for the newly failing records.
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

  /// One newly failing record: its sample and the rules it fails under NEW.
  struct NewlyFailing {
    var sample: String
    var rules: Set<FailedRule>
  }

  /// What one chunk found.
  struct ChunkDiff {
    var report = RecordDiffReport(file: "", changes: 0)
    var failing: [NewlyFailing] = []
  }

  init(old: CompiledForm, new: CompiledForm, idKey: String?, jobs: Int) {
    let verdictOnly = RunOptions(includesValues: false)
    self.old = RecordPlan(old.plan, run: verdictOnly)
    self.new = RecordPlan(new.plan, run: verdictOnly)
    self.newAll = RunOptions(allFailures: true, idKey: idKey, includesValues: false)
    var templates: [FieldPlace: String] = [:]
    for field in new.plan.fields {
      templates[FieldPlace(file: field.file, line: field.line, column: field.column)] = field.key
    }
    self.templates = templates
    self.configuration = StreamConfiguration(jobs: max(jobs, 1))
  }

  /// Runs the pass over `source`, attributing the newly failing records to `changes`.
  func run<Source: ByteSource>(source: Source, file: String, changes: [SpecChange]) throws(NDJSONError)
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
      for record in chunk.failing {
        for rule in record.rules { groups[rule, default: RecordSamples()].add(record.sample) }
        let claims = Attribution.claims(of: record.rules, among: changes)
        if claims.isEmpty { report.unattributed += 1 }
        for index in claims { report.claimed[index].add(record.sample) }
      }
    }
    let live = OrderedPipeline<ChunkDiff>.liveBuffers(jobs: configuration.jobs)
    let inputs = BufferPool(bufferSize: configuration.chunkSize, maximumIdle: live)
    if configuration.jobs == 1 {
      var reader = NDJSONReader(source: source, configuration: configuration, pool: inputs)
      let work = worker()
      while let chunk = try reader.next() {
        consume(work(chunk))
        inputs.give(chunk.buffer)
      }
    } else {
      inputs.prefill(live)
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

  /// One worker's state, and what it does to a chunk: both engines' verdicts on each line.
  private func worker() -> (LineChunk) -> ChunkDiff {
    let oldEngine = RecordEngine(plan: old, fastPath: configuration.fastPath)
    let newEngine = RecordEngine(plan: new, fastPath: configuration.fastPath)
    let scratch = ByteBuffer(capacity: 4096)
    return { chunk in
      var result = ChunkDiff()
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
          judge(line, number: number, oldEngine: oldEngine, newEngine: newEngine, scratch: scratch, into: &result)
        }
        number += 1
        start = end + 1
      }
      return result
    }
  }

  /// Counts one line under both specs; a newly failing one is validated again for its rules.
  private func judge(
    _ line: UnsafeRawBufferPointer, number: Int, oldEngine: RecordEngine, newEngine: RecordEngine,
    scratch: ByteBuffer, into result: inout ChunkDiff
  ) {
    scratch.removeAll()
    let newVerdict = newEngine.validate(line, number: number, into: scratch)
    scratch.removeAll()
    if newVerdict == .malformed {
      let message: String
      switch ExactRecordLine.read(line, plan: new.validation, run: new.run) {
      case .failure(let error): message = error.message
      case .success: message = "not a JSON object"
      }
      result.report.malformed.append(MalformedLine(line: number, message: message))
      return
    }
    let oldVerdict = oldEngine.validate(line, number: number, into: scratch)
    scratch.removeAll()
    switch (oldVerdict, newVerdict) {
    case (.valid, .valid): result.report.stillPassing += 1
    case (.valid, _):
      result.report.newlyFailing += 1
      result.failing.append(newlyFailing(line, number: number, scratch: newEngine.scratch))
    case (_, .valid): result.report.newlyPassing += 1
    default: result.report.stillFailing += 1
    }
  }

  /// A newly failing record's sample and its failures under NEW, every one, their keys with `*` put back.
  private func newlyFailing(_ line: UnsafeRawBufferPointer, number: Int, scratch: RegexScratch?) -> NewlyFailing {
    guard case .success(let record) = ExactRecordLine.read(line, plan: new.validation, run: newAll) else {
      return NewlyFailing(sample: String(number), rules: [])
    }
    let sample =
      newAll.idKey == nil
      ? String(number) : record.id.map { String(decoding: record.bytes[$0], as: UTF8.self) } ?? "null"
    let result =
      scratch.map { new.validation.run(record.inputs, options: newAll, scratch: $0) }
      ?? new.validation.run(record.inputs, options: newAll)
    var rules = Set<FailedRule>()
    for failure in result.failures {
      let template = templates[FieldPlace(file: failure.file, line: failure.line, column: failure.column)]
      rules.insert(FailedRule(key: Self.templated(failure.key, like: template), validator: failure.validator))
    }
    return NewlyFailing(sample: sample, rules: rules)
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

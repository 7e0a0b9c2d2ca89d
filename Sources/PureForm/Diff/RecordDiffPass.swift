import Foundation

/// `pureform diff --records`: both compiled forms over one NDJSON input in one pass, on the NDJSON pipeline
/// `validate --ndjson` uses (the same reader, chunks and ordered workers): each line is read once and gets
/// two verdicts; a newly failing record is validated again under NEW with all failures, for its rules.
///
/// Memory stays flat: a chunk's result holds only its newly failing records' rules and its malformed lines,
/// and the report keeps counts and at most five samples per group and per change.
struct RecordDiffPass: Sendable {
  /// OLD for verdicts only.
  let old: RecordPlan
  /// NEW with every failure and the `--id` member: its result line gives a newly failing record's sample and,
  /// through each worker's memo, its rules.
  let new: RecordPlan
  /// NEW's options, for the exact path when a result line's failures are not in the memo yet.
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
    self.old = RecordPlan(old.plan, run: RunOptions(includesValues: false))
    self.newAll = RunOptions(allFailures: true, idKey: idKey, includesValues: false)
    self.new = RecordPlan(new.plan, run: newAll)
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
    let memo = RuleMemo()
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
          judge(
            line, number: number, oldEngine: oldEngine, newEngine: newEngine, scratch: scratch, memo: memo,
            into: &result)
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
    scratch: ByteBuffer, memo: RuleMemo, into result: inout ChunkDiff
  ) {
    scratch.removeAll()
    let newVerdict = newEngine.validate(line, number: number, into: scratch)
    if newVerdict == .malformed {
      let message: String
      switch ExactRecordLine.read(line, plan: new.validation, run: new.run) {
      case .failure(let error): message = error.message
      case .success: message = "not a JSON object"
      }
      result.report.malformed.append(MalformedLine(line: number, message: message))
      return
    }
    let newLine = scratch.count
    let oldVerdict = oldEngine.validate(line, number: number, into: scratch)
    switch (oldVerdict, newVerdict) {
    case (.valid, .valid): result.report.stillPassing += 1
    case (.valid, _):
      result.report.newlyFailing += 1
      let output = UnsafeBufferPointer(start: scratch.base, count: newLine)
      if let known = memo.lookup(output, number: number, withID: newAll.idKey != nil) {
        result.failing.append(known)
      } else {
        let failing = newlyFailing(line, number: number, scratch: newEngine.scratch)
        memo.remember(output, failing.rules)
        result.failing.append(failing)
      }
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

  /// One worker's memo of the rules behind NEW's result lines: records that fail the same way have the same
  /// failures in their line (after `{"line":N,` and the `id` member), so the exact path runs once per distinct
  /// way of failing, up to `capacity` of them, and the sample is read from the line.
  final class RuleMemo {
    static let capacity = 4096
    private var rules: [[UInt8]: Set<FailedRule>] = [:]
    private static let marker = Array(#""valid":false,"#.utf8)
    private static let idPrefix = Array(#""id":"#.utf8)

    /// The record of `output` (its NEW result line) when its failures are known: its sample and rules.
    func lookup(_ output: UnsafeBufferPointer<UInt8>, number: Int, withID: Bool) -> NewlyFailing? {
      guard let (sample, failures) = Self.split(output, number: number, withID: withID),
        let known = rules[Array(failures)]
      else { return nil }
      return NewlyFailing(sample: sample, rules: known)
    }

    /// Remembers the rules of the failures in `output`, while there is room.
    func remember(_ output: UnsafeBufferPointer<UInt8>, _ failed: Set<FailedRule>) {
      guard rules.count < Self.capacity, let (_, failures) = Self.split(output, number: 0, withID: false) else {
        return
      }
      rules[Array(failures)] = failed
    }

    /// The sample (the `id` member's text, else the line number) and the part from `"valid":false,` on; nil
    /// unless that marker occurs exactly once (an `id` could hold it: such a record takes the exact path).
    private static func split(_ output: UnsafeBufferPointer<UInt8>, number: Int, withID: Bool)
      -> (String, Slice<UnsafeBufferPointer<UInt8>>)?
    {
      var found: Int?
      var index = 0
      let end = output.count - marker.count
      while index <= end {
        if output[index] == marker[0], output[index..<(index + marker.count)].elementsEqual(marker) {
          guard found == nil else { return nil }
          found = index
          index += marker.count
        } else {
          index += 1
        }
      }
      guard let start = found else { return nil }
      guard withID else { return (String(number), output[start...]) }
      // `{"line":N,"id":RAW,"valid":false,…`: RAW lies between the `"id":` after the first comma and the marker.
      guard let comma = output.firstIndex(of: UInt8(ascii: ",")), comma + 1 + idPrefix.count < start,
        output[(comma + 1)..<(comma + 1 + idPrefix.count)].elementsEqual(idPrefix)
      else { return nil }
      let raw = output[(comma + 1 + idPrefix.count)..<(start - 1)]
      return (String(decoding: raw, as: UTF8.self), output[start...])
    }
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

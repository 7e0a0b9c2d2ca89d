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

  /// One newly failing record: its sample, the rules it fails under NEW and the changes that claim it.
  struct NewlyFailing {
    var sample: String
    var rules: Set<FailedRule>
    /// Indices into the changes: `Attribution.claims` of `rules`, worked out once per way of failing.
    var claims: [Int]
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
        if record.claims.isEmpty { report.unattributed += 1 }
        for index in record.claims { report.claimed[index].add(record.sample) }
      }
    }
    let live = OrderedPipeline<ChunkDiff>.liveBuffers(jobs: configuration.jobs)
    let inputs = BufferPool(bufferSize: configuration.chunkSize, maximumIdle: live)
    if configuration.jobs == 1 {
      var reader = NDJSONReader(source: source, configuration: configuration, pool: inputs)
      let work = worker(changes)
      while let chunk = try reader.next() {
        consume(work(chunk))
        inputs.give(chunk.buffer)
      }
    } else {
      inputs.prefill(live)
      try OrderedPipeline<ChunkDiff>.map(source: source, configuration: configuration, inputs: inputs) {
        self.worker(changes)
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
  private func worker(_ changes: [SpecChange]) -> (LineChunk) -> ChunkDiff {
    let oldEngine = RecordEngine(plan: old, fastPath: configuration.fastPath)
    let newEngine = RecordEngine(plan: new, fastPath: configuration.fastPath)
    let scratch = ByteBuffer(capacity: 4096)
    let memo = RuleMemo(changes: changes)
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
        var failing = newlyFailing(line, number: number, scratch: newEngine.scratch)
        failing.claims = memo.remember(output, failing.rules, withID: newAll.idKey != nil)
        result.failing.append(failing)
      }
    case (_, .valid): result.report.newlyPassing += 1
    default: result.report.stillFailing += 1
    }
  }

  /// A newly failing record's sample and its failures under NEW, every one, their keys with `*` put back; its
  /// claims are the caller's to fill in.
  private func newlyFailing(_ line: UnsafeRawBufferPointer, number: Int, scratch: RegexScratch?) -> NewlyFailing {
    guard case .success(let record) = ExactRecordLine.read(line, plan: new.validation, run: newAll) else {
      return NewlyFailing(sample: String(number), rules: [], claims: [])
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
    return NewlyFailing(sample: sample, rules: rules, claims: [])
  }

  /// One worker's memo of the rules behind NEW's result lines.
  ///
  /// Records that fail the same way have the same failures in their line (after `{"line":N,` and the `id`
  /// member), so the exact path runs once per distinct way of failing, up to `capacity` of them, and the sample
  /// is read from the line. Each way of failing keeps the changes that claim it, so attribution too is worked
  /// out once per way, not once per record. Most records of a stored file may be newly failing, so the lookup
  /// allocates nothing: the line's failures are hashed a word at a time and compared in place.
  final class RuleMemo {
    static let capacity = 4096
    /// The ways of failing seen, by `hash` of their bytes.
    private var known: [Int: [(failures: [UInt8], rules: Set<FailedRule>, claims: [Int])]] = [:]
    private var count = 0
    private let changes: [SpecChange]
    private static let marker = Array(#""valid":false,"#.utf8)
    private static let idPrefix = Array(#""id":"#.utf8)

    init(changes: [SpecChange]) {
      self.changes = changes
    }

    /// The record of `output` (its NEW result line) when its failures are known: its sample, rules and claims.
    func lookup(_ output: UnsafeBufferPointer<UInt8>, number: Int, withID: Bool) -> NewlyFailing? {
      guard let (sample, failures) = Self.split(output, number: number, withID: withID),
        let entry = known[Self.hash(failures)]?.first(where: { Self.equal($0.failures, failures) })
      else { return nil }
      return NewlyFailing(sample: sample, rules: entry.rules, claims: entry.claims)
    }

    /// The changes that claim a record failing `failed`; the rules of the failures in `output` are remembered
    /// while there is room.
    func remember(_ output: UnsafeBufferPointer<UInt8>, _ failed: Set<FailedRule>, withID: Bool) -> [Int] {
      let claims = Attribution.claims(of: failed, among: changes)
      guard count < Self.capacity, let (_, failures) = Self.split(output, number: 0, withID: withID) else {
        return claims
      }
      known[Self.hash(failures), default: []].append((Array(failures), failed, claims))
      count += 1
      return claims
    }

    /// A hash of `bytes` eight at a time (FNV-1a's multiplier over words).
    ///
    /// Not `Hasher`: SipHash over every
    /// line's few hundred bytes was a tenth of the pass, and a weaker hash costs nothing here, since each
    /// candidate is compared byte for byte.
    private static func hash(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Int {
      let buffer = UnsafeBufferPointer(rebasing: bytes)
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(buffer.count)
      var index = 0
      if let base = buffer.baseAddress {
        while buffer.count - index >= 8 {
          // Safe: index + 8 <= buffer.count; the load is unaligned.
          hash = (hash ^ UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)) &* 0x100_0000_01B3
          index += 8
        }
      }
      while index < buffer.count {
        hash = (hash ^ UInt64(buffer[index])) &* 0x100_0000_01B3
        index += 1
      }
      return Int(truncatingIfNeeded: hash)
    }

    /// Whether `stored` holds the bytes of `bytes`.
    private static func equal(_ stored: [UInt8], _ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
      let buffer = UnsafeBufferPointer(rebasing: bytes)
      guard stored.count == buffer.count else { return false }
      return stored.withUnsafeBufferPointer { storedBytes in
        guard let lhs = storedBytes.baseAddress, let rhs = buffer.baseAddress else { return true }
        return memcmp(lhs, rhs, buffer.count) == 0
      }
    }

    /// The sample (the `id` member's text, else the line number) and the part from `"valid":false,` on.
    ///
    /// The line is `{"line":N,"valid":false,…` or `{"line":N,"id":RAW,"valid":false,…`, so the marker is found
    /// where it must be rather than searched for: after the first comma, or after RAW when RAW is a string, a
    /// number, `true`, `false` or `null`. nil otherwise (an object or array `id`): such a record takes the
    /// exact path, which reads its sample from the record.
    private static func split(_ output: UnsafeBufferPointer<UInt8>, number: Int, withID: Bool)
      -> (String, Slice<UnsafeBufferPointer<UInt8>>)?
    {
      guard let comma = output.firstIndex(of: UInt8(ascii: ",")) else { return nil }
      var start = comma + 1
      var sample = String(number)
      if withID {
        guard Self.has(idPrefix, in: output, at: start),
          let end = Self.endOfScalar(in: output, from: start + idPrefix.count),
          end < output.count, output[end] == UInt8(ascii: ",")
        else { return nil }
        sample = String(decoding: output[(start + idPrefix.count)..<end], as: UTF8.self)
        start = end + 1
      }
      guard Self.has(marker, in: output, at: start) else { return nil }
      return (sample, output[start...])
    }

    /// Whether `output` holds `bytes` at `offset`.
    private static func has(_ bytes: [UInt8], in output: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
      offset + bytes.count <= output.count && output[offset..<(offset + bytes.count)].elementsEqual(bytes)
    }

    /// Just past the JSON string, number or literal at `start` of a line `pureform` wrote; nil for an object or
    /// an array, or a string that does not end.
    private static func endOfScalar(in output: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
      guard start < output.count else { return nil }
      switch output[start] {
      case UInt8(ascii: "{"), UInt8(ascii: "["): return nil
      case UInt8(ascii: "\""):
        var index = start + 1
        while index < output.count {
          switch output[index] {
          case UInt8(ascii: "\\"): index += 2
          case UInt8(ascii: "\""): return index + 1
          default: index += 1
          }
        }
        return nil
      default:
        // A number or a literal: no comma inside.
        return output[start...].firstIndex(of: UInt8(ascii: ","))
      }
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

import Foundation
import PureForm

/// In-process throughput of the PureForm library: compiles a spec, holds the first N lines of an NDJSON
/// file in memory as `[[UInt8]]`, and times one call per line (file reading and process start untimed).
///
/// Then one login record over and over on the server's path (`OneRecord`), against its bar; without
/// FILE, only that. Its records are login's, so with another form's SPEC pass `--no-one-record`.
///
/// ```
/// swift build -c release --product PureFormBench
/// .build/release/PureFormBench ../shared/bench/login.json bench-data/r200k.ndjson --lines 200000
/// ```
///
/// Options: `--lines N` (200000), `--reps N` rounds of timed passes, the workloads taking turns, each one's
/// best reported (3), `--warm-up N` untimed lines first (20000), `--no-one-record` (skip `OneRecord`),
/// `--json-out FILE` (the figures for scripts/bench_report.py). Exit 2 on usage errors, an unreadable file or
/// a spec that does not compile.
@main
struct PureFormBench {
  static func main() {
    let options: Options
    do {
      options = try Options(CommandLine.arguments.dropFirst())
    } catch {
      fail(
        "\(error)\nusage: PureFormBench SPEC [FILE.ndjson] [--lines N] [--reps N] [--warm-up N] [--no-one-record] "
          + "[--json-out FILE]")
    }

    let compiled = compileSpec(options.spec)
    let form = compiled.form
    let lines = options.input.map { readLines($0, limit: options.lines) } ?? []
    let byteCount = lines.reduce(0) { $0 + $1.count }
    say(
      "PureFormBench: \(options.spec) compiled in \(format(compiled.seconds * 1e3, digits: 2)) ms (best of 3); "
        + "\(lines.count) lines, \(byteCount) bytes of \(options.input ?? "no file") in memory; "
        + "\(min(options.warmUp, lines.count)) warm-up lines, best of \(options.reps) passes taken in turn")

    var report = Report(
      spec: options.spec, input: options.input, records: lines.count, bytes: byteCount,
      compileMilliseconds: compiled.seconds * 1e3, reps: options.reps, workloads: [], oneRecord: [], note: nil,
      libraryBesideLineValidator: nil)
    var workloads: [any RecordWorkload] = [LoopOnly(), LibraryValidate(form: form)]
    do {
      workloads.append(LineValidate(validator: try RecordValidator(form: form)))
    } catch {
      say("RecordValidator: \(error)")
    }
    let figures =
      lines.isEmpty ? [] : measureInTurn(workloads, lines: lines, warmUp: options.warmUp, reps: options.reps)
    for figure in figures {
      report.workloads.append(figure)
      say(
        "\(figure.name): \(format(figure.nanosecondsPerRecord, digits: 1)) ns/record, "
          + "\(format(figure.recordsPerSecond, digits: 0)) records/s, \(figure.counted) \(figure.countedMeaning)")
    }

    if let beside = LibraryBeside(form: form, lines: lines, workloads: report.workloads) {
      report.libraryBesideLineValidator = beside
      say(
        "CompiledForm.validate(json:) / RecordValidator.validate(line:): \(format(beside.ratio, digits: 2))x per record "
          + "(bar <= \(format(beside.barRatio, digits: 0))x: \(beside.ratio <= beside.barRatio ? "PASS" : "FAIL")), "
          + "same verdicts on \(beside.sameVerdicts) of \(beside.records) records")
    }

    if options.measuresOneRecord {
      report.oneRecord = OneRecord.measure(form: form, iterations: options.oneRecordIterations, reps: options.reps)
    }
    for row in report.oneRecord {
      let bar = row.barNanoseconds.map {
        " (bar <= \(format($0, digits: 0)) ns: \(row.nanosecondsPerRecord <= $0 ? "PASS" : "FAIL"))"
      }
      say("\(row.name): \(format(row.nanosecondsPerRecord, digits: 1)) ns/record, \(row.verdict)\(bar ?? "")")
    }

    if let path = options.jsonOut {
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      do {
        try encoder.encode(report).write(to: URL(fileURLWithPath: path))
      } catch {
        fail("cannot write \(path): \(error)")
      }
    }
  }
}

// MARK: - Workloads

/// One thing done to every record; the loop is generic over it so each conformance is timed the same way.
private protocol RecordWorkload {
  /// The row label.
  var name: String { get }
  /// What `run` returning 1 means, for the printed count.
  var countedMeaning: String { get }
  /// Handles one line; returns 1 or 0, summed over the pass so the work cannot be optimized away.
  func run(_ line: [UInt8]) -> Int
}

/// The floor: the loop and one call per line, touching only the line's length.
private struct LoopOnly: RecordWorkload {
  let name = "loop only (floor)"
  let countedMeaning = "non-empty lines"

  @inline(never)
  func run(_ line: [UInt8]) -> Int {
    line.isEmpty ? 0 : 1
  }
}

/// The library's own per-record entry point: parse the line and run every validator of the form.
private struct LibraryValidate: RecordWorkload {
  let form: CompiledForm
  static let rowName = "CompiledForm.validate(json:)"
  let name = rowName
  let countedMeaning = "lines validated without throwing (a malformed line throws)"

  @inline(never)
  func run(_ line: [UInt8]) -> Int {
    do {
      let result = try form.validate(json: line)
      keep(result)
      return 1
    } catch {
      return 0
    }
  }
}

/// The NDJSON validator one line at a time: what `pureform validate` does per record, output line included.
private final class LineValidate: RecordWorkload {
  var validator: RecordValidator
  let name: String
  let countedMeaning = "lines valid or invalid (not malformed)"

  static let ndjson = "NDJSON line"

  init(validator: RecordValidator, label: String = ndjson) {
    self.validator = validator
    name = Self.rowName(label: label)
  }

  static func rowName(label: String) -> String { "RecordValidator.validate(line:) (\(label))" }

  @inline(never)
  func run(_ line: [UInt8]) -> Int {
    validator.validate(line: line) == .malformed ? 0 : 1
  }
}

/// Keeps a value alive as far as the optimizer can tell.
@inline(never)
func keep<T>(_ value: T) {
  withExtendedLifetime(value) {}
}

// MARK: - Timing

/// The figures of one workload.
private struct Figure: Encodable {
  var name: String
  var countedMeaning: String
  var nanosecondsPerRecord: Double
  var recordsPerSecond: Double
  var bestPassSeconds: Double
  var counted: Int
}

/// Everything written by `--json-out`.
private struct Report: Encodable {
  var spec: String
  var input: String?
  var records: Int
  var bytes: Int
  var compileMilliseconds: Double
  var reps: Int
  var workloads: [Figure]
  var oneRecord: [OneRecord.Row]
  var note: String?
  /// The library call beside the stream's validator.
  var libraryBesideLineValidator: LibraryBeside?
}

/// The library call beside the stream's validator on the same records (issue 30): the ratio of their times per
/// record, and on how many records their verdicts agree (every one, or the row says otherwise).
private struct LibraryBeside: Encodable {
  var libraryNanoseconds: Double
  /// The stream validator's time per record.
  var lineValidatorNanoseconds: Double
  var ratio: Double
  var barRatio = 2.0
  var records: Int
  var sameVerdicts: Int

  /// Nil when either row is missing (no lines, or no `RecordValidator` for the form).
  init?(form: CompiledForm, lines: [[UInt8]], workloads: [Figure]) {
    guard let library = workloads.first(where: { $0.name == LibraryValidate.rowName }),
      let stream = workloads.first(where: { $0.name == LineValidate.rowName(label: LineValidate.ndjson) }),
      var validator = try? RecordValidator(form: form)
    else { return nil }
    libraryNanoseconds = library.nanosecondsPerRecord
    lineValidatorNanoseconds = stream.nanosecondsPerRecord
    ratio = library.nanosecondsPerRecord / max(stream.nanosecondsPerRecord, 1e-9)
    records = lines.count
    sameVerdicts = 0
    for line in lines {
      let verdict = validator.validate(line: line)
      let result = try? form.validate(json: line)
      let agrees =
        switch (result?.isValid, verdict) {
        case (true?, .valid), (false?, .invalid), (nil, .malformed): true
        default: false
        }
      if agrees { sameVerdicts += 1 }
    }
  }
}

/// Each workload's best pass over `lines`, the workloads taking turns.
///
/// An untimed warm-up of each over the first `warmUp` lines, then `reps` rounds in which each workload in
/// turn makes one timed pass over all of them. Taking turns, not
/// one workload's passes then the next's, puts the rows that are compared (the library call beside the
/// stream's validator) in the same minutes of a machine whose speed drifts.
private func measureInTurn(_ workloads: [any RecordWorkload], lines: [[UInt8]], warmUp: Int, reps: Int) -> [Figure] {
  for workload in workloads {
    keep(pass(workload, lines: lines.prefix(warmUp)).counted)
  }
  var best = [Double](repeating: .infinity, count: workloads.count)
  var counted = [Int](repeating: 0, count: workloads.count)
  for _ in 0..<max(reps, 1) {
    for (index, workload) in workloads.enumerated() {
      let timed = pass(workload, lines: lines[...])
      best[index] = min(best[index], timed.seconds)
      counted[index] = timed.counted
    }
  }
  let records = Double(max(lines.count, 1))
  return workloads.indices.map { index in
    Figure(
      name: workloads[index].name, countedMeaning: workloads[index].countedMeaning,
      nanosecondsPerRecord: best[index] / records * 1e9, recordsPerSecond: records / best[index],
      bestPassSeconds: best[index], counted: counted[index])
  }
}

/// One timed pass of `workload` over `lines`: its time and what it counted.
private func pass(_ workload: some RecordWorkload, lines: ArraySlice<[UInt8]>) -> (seconds: Double, counted: Int) {
  var counted = 0
  let elapsed = ContinuousClock().measure {
    for line in lines {
      counted &+= workload.run(line)
    }
  }
  return (seconds(elapsed), counted)
}

func seconds(_ duration: Duration) -> Double {
  let parts = duration.components
  return Double(parts.seconds) + Double(parts.attoseconds) * 1e-18
}

// MARK: - Input

/// Compiles the spec once to check it, then twice more timed; exits 2 when it does not compile.
private func compileSpec(_ path: String) -> (form: CompiledForm, seconds: Double) {
  let clock = ContinuousClock()
  var best = Double.infinity
  var form: CompiledForm?
  for _ in 0..<3 {
    var result: CompileResult?
    let elapsed = clock.measure {
      result = try? FormCompiler.compile(path: path)
    }
    best = min(best, seconds(elapsed))
    guard let result else { fail("cannot read \(path)") }
    guard let compiled = result.form else {
      let text = result.diagnostics.map { DiagnosticRenderer.text($0, in: result.source) }
      fail(([("\(path) does not compile:")] + text).joined(separator: "\n"))
    }
    form = compiled
  }
  guard let form else { fail("\(path) does not compile") }
  return (form, best)
}

/// The first `limit` lines of the file, without their `\n`; a final empty line (after the last `\n`) is dropped.
private func readLines(_ path: String, limit: Int) -> [[UInt8]] {
  guard let data = FileManager.default.contents(atPath: path) else { fail("cannot read \(path)") }
  var lines: [[UInt8]] = []
  lines.reserveCapacity(limit)
  data.withUnsafeBytes { (raw: UnsafeRawBufferPointer) in
    let bytes = raw.bindMemory(to: UInt8.self)
    var start = 0
    while start < bytes.count, lines.count < limit {
      var end = start
      while end < bytes.count, bytes[end] != 0x0A {
        end += 1
      }
      lines.append(Array(bytes[start..<end]))
      start = end + 1
    }
  }
  return lines
}

// MARK: - Command line

/// The parsed arguments.
private struct Options {
  var spec = ""
  var input: String?
  var lines = 200_000
  var oneRecordIterations = 200_000
  var reps = 3
  var warmUp = 20_000
  var jsonOut: String?
  /// Whether to time `OneRecord`'s login records: off with `--no-one-record`, for another form's spec.
  var measuresOneRecord = true

  /// A usage error, in words.
  struct UsageError: Error, CustomStringConvertible {
    var description: String
  }

  init(_ arguments: ArraySlice<String>) throws(UsageError) {
    var positional: [String] = []
    var rest = arguments
    while let argument = rest.popFirst() {
      switch argument {
      case "--no-one-record":
        measuresOneRecord = false
      case "--lines", "--reps", "--warm-up", "--json-out":
        guard let value = rest.popFirst() else { throw UsageError(description: "\(argument) needs a value") }
        if argument == "--json-out" {
          jsonOut = value
          continue
        }
        guard let number = Int(value), number >= (argument == "--warm-up" ? 0 : 1) else {
          throw UsageError(description: "\(argument) needs a positive whole number, not '\(value)'")
        }
        switch argument {
        case "--lines": lines = number
        case "--reps": reps = number
        default: warmUp = number
        }
      default:
        if argument.hasPrefix("--") { throw UsageError(description: "unknown option '\(argument)'") }
        positional.append(argument)
      }
    }
    guard (1...2).contains(positional.count) else { throw UsageError(description: "expected SPEC [FILE.ndjson]") }
    spec = positional[0]
    input = positional.dropFirst().first
  }
}

// MARK: - Output

func say(_ text: String) {
  FileHandle.standardOutput.write(Data((text + "\n").utf8))
}

func fail(_ text: String) -> Never {
  FileHandle.standardError.write(Data(("PureFormBench: " + text + "\n").utf8))
  exit(2)
}

func format(_ value: Double, digits: Int) -> String {
  String(format: "%.\(digits)f", value)
}

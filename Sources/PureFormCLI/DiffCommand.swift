import ArgumentParser
import Foundation
import PureForm

/// `pureform diff OLD NEW [--records FILE] [--id KEY] [--format text|json|markdown|github]
/// [--fail-on breaking|tightened|any] [--jobs N] [--settings FILE]`.
struct DiffCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "diff",
    abstract: "Report what a new version of a spec changes in what a record must be.",
    discussion: """
      Compares the compiled OLD and NEW specs view by view (matched by <key>): each change is tightened (NEW \
      accepts less), loosened (more) or changed, located in NEW (in OLD for a removal). --records FILE \
      validates the stored NDJSON records under both specs in one pass and counts the newly failing ones, \
      by rule and by change. Exit status: 0; 1 when --fail-on matches a change; 2 for a usage error, an \
      unreadable file, a spec that does not compile or a records line that is not a JSON object.

      Examples:
        pureform diff Specs/diff/signup-v1.json Specs/diff/signup-v2.json
        pureform diff Specs/diff/signup-v1.json Specs/diff/signup-v2.json --records Specs/diff/records.ndjson
      """
  )

  /// How the report is written.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json, markdown, github
  }

  @Argument(help: "The spec as it is.")
  var old: String

  @Argument(help: "The spec as it will be.")
  var new: String

  @Option(help: ArgumentHelp("Validate these NDJSON records under both specs.", valueName: "FILE"))
  var records: String?

  @Option(
    name: .customLong("id"),
    help: ArgumentHelp("With --records: sample records by their KEY member (else their line).", valueName: "KEY"))
  var idKey: String?

  @Option(help: "text, json, markdown (a pull-request comment) or github (annotations).")
  var format: Format = .text

  @Option(help: ArgumentHelp("Exit 1 when a change is breaking (tightened or changed), tightened, or any."))
  var failOn: FailOn?

  @Option(help: "With --records: validate with this many worker threads (default: every core).")
  var jobs: Int?

  @Option(help: "A PureForm settings file, for both specs.")
  var settings: String?

  /// `--fail-on`'s values.
  enum FailOn: String, ExpressibleByArgument, CaseIterable {
    case breaking, tightened, any
  }

  func validate() throws {
    if idKey != nil, records == nil { throw ValidationError("--id applies with --records only") }
    if let jobs, jobs < 1 { throw ValidationError("--jobs must be at least 1, found \(jobs)") }
  }

  func run() throws {
    let options = try CompileOptions.reading(settings: settings, strings: nil)
    let oldForm = try SpecLoading.compile(old, with: options)
    let newForm = try SpecLoading.compile(new, with: options)
    let changes = SpecDiff.changes(from: oldForm, to: newForm)
    let report = try records.map { try recordReport($0, old: oldForm, new: newForm, changes: changes) }
    let failOn = failOn.flatMap { SpecDiffFailOn(rawValue: $0.rawValue) }
    switch format {
    case .text: Terminal.write(SpecDiffOutput.text(changes, records: report))
    case .json: Terminal.write(SpecDiffOutput.json(changes, records: report))
    case .markdown: Terminal.write(SpecDiffOutput.markdown(changes, records: report))
    case .github: Terminal.write(SpecDiffOutput.github(changes, records: report, failOn: failOn))
    }
    if let failOn, changes.contains(where: failOn.matches) { throw ExitCode(ExitStatus.findings) }
  }

  /// Validates the records under both specs; every malformed line goes to standard error and the exit is 2.
  private func recordReport(_ path: String, old: CompiledForm, new: CompiledForm, changes: [SpecChange]) throws
    -> RecordDiffReport
  {
    let name = path == "-" ? "<stdin>" : path
    let handle: FileHandle
    do {
      handle = path == "-" ? FileHandle.standardInput : try FileHandle.opened(forReading: path)
    } catch {
      throw Terminal.usageError("\(error)")
    }
    let report: RecordDiffReport
    do {
      report = try SpecDiff.records(
        reading: handle, named: name, from: old, to: new, changes: changes, idKey: idKey,
        jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    } catch {
      throw Terminal.usageError("\(name): \(error)")
    }
    guard report.malformed.isEmpty else {
      for line in report.malformed { Terminal.writeError("\(name):\(line.line): error: \(line.message)") }
      throw ExitCode(ExitStatus.usage)
    }
    return report
  }
}

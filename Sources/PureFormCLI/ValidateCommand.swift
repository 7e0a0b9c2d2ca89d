import ArgumentParser
import Foundation
import PureForm

/// `pureform validate SPEC --input FILE|- [--format text|json] [--all-failures] [--field KEY [--live]]
/// [--settings FILE] [--strings FILE] [--flat] [--ndjson] [--jobs N] [--exit-zero] [--id KEY] [--no-values]
/// [--changed-from OLD]`.
struct ValidateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "validate",
    abstract: "Validate submitted values (a JSON object keyed by <key>) against a spec.",
    discussion: """
      Writes {"valid": true, "values": {...}} or {"valid": false, "failures": [...]} on one line to standard \
      output; with --format text (the default) a summary also goes to standard error. Exit status: 0 valid, \
      1 any failure, 2 for a usage error, an unreadable file, a spec that does not compile (its diagnostics \
      on standard error) or an input that is not a JSON object.

      NDJSON input (a file named *.ndjson or *.jsonl, or --ndjson, which standard input needs) holds one \
      record per line: each line gets one result line, in input order, with "line": N first, or \
      {"line": N, "error": "..."} when it is not a JSON object. Exit status 1 when any record fails or is \
      malformed, 0 with --exit-zero (every record got its result). --jobs sets the worker threads (default: \
      every core); --id KEY echoes each record's KEY member as "id"; --no-values leaves "values" out.

      --changed-from OLD validates an edit of the stored record OLD: only the fields whose value changed and \
      every field whose verdict reads one of them; the result adds "changed": [keys].

      Examples:
        pureform validate Specs/login.json --input Specs/inputs/login.json
        pureform validate Specs/signup.json --input Specs/inputs/signup.ndjson
      """
  )

  /// How the summary is written.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  @Argument(help: "The spec file.")
  var spec: String

  @Option(help: "The values: a JSON object file, or - for standard input.")
  var input: String

  @Option(help: "text: also a summary on standard error; json: standard error for errors only.")
  var format: Format = .text

  @Flag(help: "Report every failing validator of every field, not only each field's first.")
  var allFailures = false

  @Option(help: "Validate only the field with this key (dotted, or unknown_key_N).")
  var field: String?

  @Flag(help: "With --field: run only the field's live (!) validators.")
  var live = false

  @OptionGroup var files: CompileFileOptions

  @Flag(help: "Output dotted keys as flat top-level keys instead of nested objects.")
  var flat = false

  @Flag(help: "Read the input as NDJSON, one record per line (the default for *.ndjson and *.jsonl files).")
  var ndjson = false

  @Option(help: "NDJSON: validate with this many worker threads (default: every core).")
  var jobs: Int?

  @Flag(help: "NDJSON: exit 0 when every record got its result, however many are invalid or malformed.")
  var exitZero = false

  @Option(
    name: .customLong("id"),
    help: ArgumentHelp(
      "NDJSON: echo each record's KEY member into its result as \"id\" (null when absent).", valueName: "KEY"))
  var idKey: String?

  @Flag(help: "NDJSON: leave \"values\" out of valid records' results: {\"line\", \"valid\"} and the failures.")
  var noValues = false

  @Option(
    help: ArgumentHelp(
      "Validate only what changed from this stored record (a JSON object file, or -) and what reads it.",
      valueName: "OLD"))
  var changedFrom: String?

  func validate() throws {
    if live && field == nil {
      throw ValidationError("--live needs --field KEY")
    }
    if let jobs, jobs < 1 {
      throw ValidationError("--jobs must be at least 1, found \(jobs)")
    }
    let streamOnly = [
      ("--jobs", jobs != nil), ("--exit-zero", exitZero), ("--id", idKey != nil), ("--no-values", noValues),
    ]
    if let (flag, _) = streamOnly.first(where: { $0.1 }), !isNDJSON {
      throw ValidationError(
        "\(flag) applies to NDJSON input only (--ndjson, or a *.ndjson or *.jsonl file); \(input) is one record")
    }
    if changedFrom != nil, isNDJSON {
      throw ValidationError(
        "--changed-from compares one record with the one it changes; \(input) is NDJSON (one record per line)")
    }
    let fromStandardInput = [
      ("the spec", spec), ("--input", input), ("--settings", files.settings), ("--changed-from", changedFrom),
    ].filter { $0.1 == "-" }
    if fromStandardInput.count > 1 {
      throw ValidationError(
        "\(fromStandardInput.map(\.0).joined(separator: " and ")) cannot both read standard input ('-'): "
          + "give one of them a file")
    }
  }

  /// Whether the input is NDJSON: `--ndjson`, or a file name ending `.ndjson` or `.jsonl`.
  private var isNDJSON: Bool {
    ndjson || input.hasSuffix(".ndjson") || input.hasSuffix(".jsonl")
  }

  func run() throws {
    let form = try SpecLoading.compile(spec, options: files)
    let options = ValidationOptions(
      allFailures: allFailures, field: field, liveOnly: live, flat: flat, idKey: idKey, includesValues: !noValues)
    do {
      try form.check(options)
    } catch {
      throw Terminal.usageError("\(error)")
    }
    if isNDJSON { return try runNDJSON(form, options: options) }
    let values: SourceFile
    do {
      values = try SourceFile.read(input)
    } catch {
      throw Terminal.usageError("\(error)")
    }
    if let changedFrom { return try runChange(form, values: values, old: changedFrom, options: options) }
    let result: ValidationResult
    do {
      result = try form.validate(json: values.bytes, options: options)
    } catch {
      throw Self.inputError(error, in: values)
    }
    Terminal.write(result.jsonText)
    if format == .text {
      Terminal.writeError(summary(result, input: values.name, spec: form.source.name))
    }
    if !result.isValid { throw ExitCode(ExitStatus.findings) }
  }

  /// `--changed-from OLD`: validates what changed from OLD to the input.
  private func runChange(_ form: CompiledForm, values: SourceFile, old path: String, options: ValidationOptions)
    throws
  {
    let old: SourceFile
    do {
      old = try SourceFile.read(path)
    } catch {
      throw Terminal.usageError("\(error)")
    }
    let result: ChangeValidationResult
    do {
      result = try form.validate(json: values.bytes, changedFrom: old.bytes, options: options)
    } catch {
      switch error {
      case .options(let error): throw Terminal.usageError("\(error)")
      case .old(let error): throw Self.inputError(error, in: old)
      case .new(let error): throw Self.inputError(error, in: values)
      }
    }
    Terminal.write(result.jsonText)
    if format == .text {
      let changed = result.changed.isEmpty ? "nothing" : result.changed.joined(separator: ", ")
      Terminal.writeError(
        summary(
          result.result, input: values.name, spec: form.source.name, after: ", changed from \(old.name): \(changed)")
      )
    }
    if !result.isValid { throw ExitCode(ExitStatus.findings) }
  }

  /// The exit for a record that is not a JSON object: `FILE:LINE:COLUMN: message` (with the NDJSON hint when
  /// the file looks like NDJSON) or `FILE: message`.
  private static func inputError(_ error: InputError, in file: SourceFile) -> any Error {
    switch error {
    case .notJSON:
      let exit = Terminal.usageError("\(file.name):\(error)")
      if NDJSONHint.applies(to: error, in: file.bytes) { Terminal.writeError("note: \(NDJSONHint.note)") }
      return exit
    default: return Terminal.usageError("\(file.name): \(error)")
    }
  }

  /// Streams NDJSON records from the input to standard output; throws exit code 1 when any record fails.
  private func runNDJSON(_ form: CompiledForm, options: ValidationOptions) throws {
    let name = input == "-" ? "<stdin>" : input
    let handle = input == "-" ? FileHandle.standardInput : try openInput()
    let summary: NDJSONSummary
    do {
      summary = try form.validateNDJSON(
        reading: handle, writing: FileHandle.standardOutput, options: options,
        jobs: jobs ?? ProcessInfo.processInfo.activeProcessorCount)
    } catch {
      switch error {
      case .writeFailed: throw Terminal.usageError("\(error)")
      default: throw Terminal.usageError("\(name): \(error)")
      }
    }
    if format == .text {
      Terminal.writeError(
        "\(name): \(count(summary.records, "record")): \(summary.valid) valid, \(summary.invalid) invalid, "
          + "\(summary.malformed) malformed")
    }
    if !summary.allValid && !exitZero { throw ExitCode(ExitStatus.findings) }
  }

  /// Opens the input file for reading; throws exit code 2 when it cannot be read.
  private func openInput() throws -> FileHandle {
    do {
      return try FileHandle.opened(forReading: input)
    } catch {
      throw Terminal.usageError("\(error)")
    }
  }

  /// `values.json: 2 failures` and one line per failure, or `values.json: valid`.
  private func summary(_ result: ValidationResult, input: String, spec: String, after: String = "") -> String {
    guard !result.isValid else { return "\(input): valid\(after)" }
    var lines = ["\(input): \(count(result.failures.count, "failure"))\(after)"]
    for failure in result.failures {
      lines.append(
        "  \(failure.key): \(failure.reason) [\(failure.validator)] (\(SourceLocation.place(file: spec, line: failure.line, column: failure.column)))"
      )
    }
    return lines.joined(separator: "\n")
  }

  /// `1 failure`, `2 failures`.
  private func count(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }

}

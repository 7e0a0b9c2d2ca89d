import ArgumentParser
import Foundation
import PureForm

/// `pureform check SPEC... [--format text|json] [--emit model] [--strings FILE] [-Wno-CODE...]`.
struct CheckCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "check",
    abstract: "Read, check and compile specs, reporting every mistake in them.",
    discussion: """
      Exit status: 0 when no spec has an error (warnings allowed), 1 when any has, 2 for a usage error or an \
      unreadable file. Text diagnostics go to standard output (to standard error with --emit model).

      Examples:
        pureform check Specs/login.json
        pureform check --format json -Wno-PF317 Specs/login.json Specs/signup.json
      """
  )

  /// How diagnostics are written.
  enum Format: String, ExpressibleByArgument, CaseIterable {
    case text, json
  }

  /// What `--emit` writes.
  enum Emit: String, ExpressibleByArgument, CaseIterable {
    case model
  }

  @Argument(help: "The spec files to check.")
  var specs: [String]

  @Option(help: "The diagnostics format: text or json.")
  var format: Format = .text

  @Option(help: "Also write the compiled model as canonical JSON on standard output.")
  var emit: Emit?

  @Option(help: ArgumentHelp(StringsHelp.strings, valueName: "file|dir"))
  var strings: String?

  @Option(help: ArgumentHelp(StringsHelp.locale, valueName: "locale"))
  var locale: String?

  @Option(
    name: .customLong("no-warn"),
    help: ArgumentHelp(
      "Leave out one kind of warning, by code or name (PF317 or empty-always-fails); repeatable. "
        + "-Wno-CODE says the same.", valueName: "code"))
  var silenced: [String] = []

  func run() throws {
    var options = try CompileOptions.reading(settings: nil, strings: strings, locale: locale)
    options.silencedWarnings = try silencedWarnings()
    var status = ExitStatus.success
    var results: [CompileResult] = []
    // Freeing what a large spec compiled to costs more than the exit that follows; keep it instead.
    defer { KeptUntilExit.keep(results) }
    // Every file in argument order with its findings: an unreadable one with its PF001, for --format json.
    var report: [(file: SourceFile, diagnostics: [Diagnostic])] = []
    // A `pureform test` cases file is never a spec: `check Specs/*.json` skips the ones beside the specs.
    let cases = specs.filter { $0.hasSuffix(".tests.json") }
    if !cases.isEmpty && cases.count == specs.count {
      throw Terminal.usageError(
        "\(cases.joined(separator: ", ")) "
          + (cases.count == 1
            ? "is a cases file of `pureform test`, not a spec" : "are cases files of `pureform test`, not specs"))
    }
    let paths = specs.filter { !$0.hasSuffix(".tests.json") }
    for path in paths {
      do {
        let source = try SourceFile.read(path)
        // Without --emit nothing reads the form: checking alone does not keep it.
        let result =
          emit == nil ? FormCompiler.check(source, options: options) : FormCompiler.compile(source, options: options)
        results.append(result)
        report.append((result.source, result.diagnostics))
      } catch {
        Terminal.writeError("error: \(error)")
        report.append((error.file, [error.diagnostic]))
        status = ExitStatus.usage
      }
    }
    let errors = results.reduce(0) { $0 + $1.errorCount }
    let warnings = results.reduce(0) { $0 + $1.warningCount }
    // Diagnostics go to standard output, or to standard error when the model takes standard output.
    var output = DiagnosticOutput(descriptor: emit == nil ? STDOUT_FILENO : STDERR_FILENO)
    switch format {
    case .json:
      output.writeJSON(report)
      output.flush()
    case .text:
      for result in results {
        for diagnostic in result.diagnostics { output.writeText(diagnostic, in: result.source) }
      }
      output.flush()
      Terminal.writeError(summary(specs: results.count, errors: errors, warnings: warnings))
    }
    if emit == .model {
      let models = results.compactMap { $0.form?.modelJSON() }
      if paths.count == 1, let model = models.first {
        Terminal.write(model)
      } else if !models.isEmpty {
        Terminal.write("[\n" + models.joined(separator: ",\n") + "\n]")
      }
    }
    if status == ExitStatus.success && errors > 0 { status = ExitStatus.findings }
    if status != ExitStatus.success { throw ExitCode(status) }
  }

  /// The codes `--no-warn` / `-Wno-` name; a name that is no code, or the code of an error, is a usage error.
  private func silencedWarnings() throws -> Set<DiagnosticCode> {
    var codes: Set<DiagnosticCode> = []
    for text in silenced {
      do {
        codes.insert(try DiagnosticCode.warning(named: text))
      } catch {
        throw Terminal.usageError("\(error)")
      }
    }
    return codes
  }

  /// `checked 3 specs: 1 error, 2 warnings`.
  private func summary(specs: Int, errors: Int, warnings: Int) -> String {
    func count(_ number: Int, _ noun: String) -> String { "\(number) \(noun)\(number == 1 ? "" : "s")" }
    return "checked \(count(specs, "spec")): \(count(errors, "error")), \(count(warnings, "warning"))"
  }
}

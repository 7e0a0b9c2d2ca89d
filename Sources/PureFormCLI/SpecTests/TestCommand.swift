import ArgumentParser
import Foundation
import PureForm

/// `pureform test [SPEC|DIR]... [--cases FILE] [--format text|json|junit|tap|github] [-v] [--coverage]
/// [--min-coverage PCT] [--generate] [--page] [--settings FILE] [--strings FILE]`.
struct TestCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "test",
    abstract: "Run each spec's cases: records with the verdict their author expects (NAME.tests.json).",
    discussion: """
      A spec's cases file is NAME.tests.json beside NAME.json, or --cases FILE (then one SPEC). A DIR runs \
      every NAME.json directly in it that has a NAME.tests.json, in byte order; no argument is the current \
      folder. Each case is `pureform validate` on its record, in-process. Every spec and cases file is read \
      first: any error in them (FILE:LINE:COL on standard error) stops the run before a case runs.

      Standard output: a line per failing case (and per passing case with -v), the coverage, and last \
      `N passed, M failed`. Exit status: 0 every case passed, 1 a case failed or a coverage is below \
      --min-coverage, 2 usage, an unreadable file, a spec that does not compile, a malformed or missing \
      cases file, or Chromium missing for --page.

      Examples:
        pureform test Specs
        pureform test Specs/login.json -v --coverage
        pureform test Specs/login.json --generate > Specs/login.tests.json
      """
  )

  @Argument(help: "Specs, or folders of specs with their NAME.tests.json (default: the current folder).")
  var specs: [String] = []

  @Option(help: ArgumentHelp("The cases file, for exactly one SPEC.", valueName: "FILE"))
  var cases: String?

  @Option(help: "text, json, junit, tap or github.")
  var format: TestReportFormat = .text

  @Flag(name: .short, help: "Also a line per passing case (text).")
  var verbose = false

  @Flag(help: "Report each spec's rule coverage: the rules some case's result fails, the conditions seen both ways.")
  var coverage = false

  @Option(
    help: ArgumentHelp("Exit 1 when a spec's coverage is below PCT (0-100); implies --coverage.", valueName: "PCT"))
  var minCoverage: Double?

  @Flag(help: "Write a cases file for SPEC to standard output: boundary cases from every rule; nothing runs.")
  var generate = false

  @Flag(help: "Also run each case's record through the page `pureform render` writes, in headless Chromium.")
  var page = false

  @OptionGroup var files: CompileFileOptions

  func validate() throws {
    if cases != nil && specs.count != 1 {
      throw ValidationError("--cases FILE takes exactly one SPEC, found \(specs.count)")
    }
    if let minCoverage, !(0...100).contains(minCoverage) {
      throw ValidationError("--min-coverage must be from 0 to 100, found \(TestReport.number(minCoverage))")
    }
    if generate && specs.count != 1 {
      throw ValidationError("--generate writes the cases of exactly one SPEC, found \(specs.count)")
    }
    if generate && (cases != nil || coverage || minCoverage != nil || page || verbose) {
      throw ValidationError("--generate runs nothing: it takes no --cases, --coverage, --min-coverage, --page or -v")
    }
  }

  func run() throws {
    let options = try files.reading()
    if generate { return try runGenerate(options: options) }
    let (targets, errors) = TestTarget.resolve(specs, cases: cases)
    for error in errors { Terminal.writeError("error: \(error)") }
    let loaded = load(targets, options: options)
    if !errors.isEmpty || loaded == nil {
      throw ExitCode(ExitStatus.usage)
    }
    let chromium: String?
    if page {
      guard let found = PageVerdicts.chromium() else {
        throw Terminal.usageError(
          "--page needs Chromium: set PUREFORM_CHROMIUM to its executable, or put chromium, chromium-browser or "
            + "google-chrome on PATH")
      }
      chromium = found
    } else {
      chromium = nil
    }
    var runs: [SpecRun] = []
    for (target, form, testCases) in loaded ?? [] {
      var outcomes = testCases.map { CaseRunner.run($0, on: form) }
      if let chromium {
        do {
          try PageVerdicts.compare(&outcomes, form: form, chromium: chromium)
        } catch {
          throw Terminal.usageError("\(target.spec): --page: \(error)")
        }
      }
      let report = coverage || minCoverage != nil ? CoverageReport(form: form, outcomes: outcomes) : nil
      runs.append(SpecRun(target: target, outcomes: outcomes, coverage: report))
    }
    let report = TestReport(runs: runs, minimumCoverage: minCoverage, verbose: verbose)
    FileHandle.standardOutput.write(Data(report.rendered(format).utf8))
    if report.failed > 0 || !report.belowMinimum.isEmpty { throw ExitCode(ExitStatus.findings) }
  }

  /// Compiles every spec and reads every cases file, reporting every problem on standard error; nil when there
  /// was any.
  private func load(_ targets: [TestTarget], options: CompileOptions) -> [(TestTarget, CompiledForm, [TestCase])]? {
    var loaded: [(TestTarget, CompiledForm, [TestCase])] = []
    var failed = false
    for target in targets {
      let compiled: CompileResult
      do {
        compiled = FormCompiler.compile(try SourceFile.read(target.spec), options: options)
      } catch {
        Terminal.writeError("error: \(error)")
        failed = true
        continue
      }
      guard let form = compiled.form else {
        for diagnostic in compiled.diagnostics {
          Terminal.writeError(DiagnosticRenderer.text(diagnostic, in: compiled.source))
        }
        let errors = compiled.errorCount
        Terminal.writeError("error: \(target.spec) does not compile: \(errors) error\(errors == 1 ? "" : "s")")
        failed = true
        continue
      }
      let file: SourceFile
      do {
        file = try SourceFile.read(target.casesFile)
      } catch {
        Terminal.writeError("error: \(error)")
        failed = true
        continue
      }
      let (testCases, diagnostics) = CasesFileReader.read(file, for: form)
      for diagnostic in diagnostics { Terminal.writeError(DiagnosticRenderer.text(diagnostic, in: file)) }
      if diagnostics.contains(where: { $0.severity == .error }) {
        let count = diagnostics.count
        Terminal.writeError("error: \(target.casesFile) is malformed: \(count) error\(count == 1 ? "" : "s")")
        failed = true
        continue
      }
      loaded.append((target, form, testCases))
    }
    return failed ? nil : loaded
  }

  /// `--generate`: the cases file of the one spec, on standard output.
  private func runGenerate(options: CompileOptions) throws {
    let spec = specs[0]
    if TestTarget.isCasesFile(spec) {
      throw Terminal.usageError("\(spec) is a cases file, not a spec")
    }
    let form = try SpecLoading.compile(spec, with: options)
    FileHandle.standardOutput.write(Data(CaseGenerator(form: form).casesFile().utf8))
  }
}

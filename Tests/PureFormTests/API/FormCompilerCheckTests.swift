import Foundation
import Testing

@testable import PureForm

/// `FormCompiler.check` (what `pureform check` runs without `--emit`) does not keep the model, and must
/// report exactly what `compile` reports, in the same order.
@Suite struct FormCompilerCheckTests {
  /// Each diagnostic rendered with its notes, in order.
  static func rendered(_ result: CompileResult) -> [String] {
    result.diagnostics.map { DiagnosticRenderer.text($0, in: result.source) }
  }

  @Test(arguments: [1, 2_000])
  func checkReportsWhatCompileReports(rounds: Int) {
    // Sections 0, 1, 0, 1, …: the key check needs the cells again, so check compiles a second time.
    let source = ConcurrentReadingTests.spec(rounds: rounds)
    let checked = FormCompiler.check(source)
    #expect(checked.form == nil)
    #expect(Self.rendered(checked) == Self.rendered(FormCompiler.compile(source)))
  }

  @Test func checkReportsWhatCompileReportsWhenSectionsComeInOrder() {
    let cells = [
      #"{"<section>": 0}"#,
      #"{"<A + a>": {"f?": {"<key>": "k", "<validators>": {"equal_previous": true, "min_length": 2}}}}"#,
      #"{"<= + =>": {"f?": {"<key>": "k", "<validators>": {"equal_next": true}}}}"#,
      #"{"<= + =>": {"label": {"text": "no form view"}}}"#,
      #"{"<= + =>": {"f?": {"<key>": "k.a", "<validators>": {"equal_previous": true, "type": "email"}}}}"#,
      #"{"<section>": 2}"#,
      #"{"<= + =>": {"f?": {"<validators>": {"equal_next": true}}}}"#,
    ]
    let source = SourceFile(name: "s.json", text: "[\n" + cells.joined(separator: ",\n") + "\n]")
    let compiled = FormCompiler.compile(source)
    let checked = FormCompiler.check(source)
    #expect(compiled.diagnostics.count >= 6)
    #expect(Self.rendered(checked) == Self.rendered(compiled))
    #expect(checked.errorCount == compiled.errorCount && checked.warningCount == compiled.warningCount)
  }

  /// Conditions name views by key, so check compiles a spec with one again, keeping its cells: the same
  /// findings (PF701 to PF709) as compile, for every invalid condition spec and example.
  @Test(arguments: ["Specs/invalid/conditions.json", "Specs/business-account.json", "Specs/schema/conditions.json"])
  func checkReportsWhatCompileReportsForConditions(_ path: String) throws {
    let source = try SourceFile(contentsOf: CLITestPaths.root.appendingPathComponent(path).path)
    let compiled = FormCompiler.compile(source)
    #expect(!compiled.diagnostics.isEmpty)
    #expect(Self.rendered(FormCompiler.check(source)) == Self.rendered(compiled))
  }

  @Test func silencedWarningsAreLeftOutAsByCompile() {
    let source = SourceFile(
      name: "s.json", text: #"[{"<A + a>": {"f?": {"<key>": "k", "<validators>": {"min_length": 2}}}}]"#)
    var options = CompileOptions()
    options.silencedWarnings = [.emptyAlwaysFails]
    #expect(FormCompiler.check(source).warningCount == 1)
    #expect(FormCompiler.check(source, options: options).diagnostics.isEmpty)
    #expect(FormCompiler.compile(source, options: options).diagnostics.isEmpty)
  }
}

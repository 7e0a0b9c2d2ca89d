import Foundation
import Testing

@testable import PureForm

/// `DiagnosticWriter` writes, from bytes, what the string renderers wrote: the JSON report of
/// `OutputJSON`'s tree byte for byte, and text the goldens in Specs/invalid/expected pin.
@Suite struct DiagnosticWriterTests {
  /// Every invalid example spec's diagnostics, with their file.
  static func invalidSpecs() throws -> [(file: SourceFile, diagnostics: [Diagnostic])] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../Specs/invalid"
    ).standardized
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    return try names.sorted().map { name in
      let result = FormCompiler.compile(try SourceFile(contentsOf: folder.appendingPathComponent(name).path))
      return (result.source, result.diagnostics)
    }
  }

  @Test func theJSONReportIsTheOneOfTheOutputTree() throws {
    let results = try Self.invalidSpecs()
    #expect(results.count > 10)
    var errors = 0
    var warnings = 0
    var entries: [OutputJSON] = []
    for (file, diagnostics) in results {
      for diagnostic in diagnostics {
        // A note (the device needs the bundle of a spec with includes) counts as neither.
        if diagnostic.severity == .error { errors += 1 } else if diagnostic.severity == .warning { warnings += 1 }
        entries.append(DiagnosticRenderer.jsonObject(diagnostic, in: file))
      }
    }
    let tree = OutputJSON.object([
      ("diagnostics", .array(entries)), ("errors", .int(errors)), ("warnings", .int(warnings)),
    ])
    #expect(DiagnosticRenderer.json(results) == tree.rendered(pretty: true))
  }

  @Test func anEmptyReportIsTheOneOfTheOutputTree() {
    let tree = OutputJSON.object([("diagnostics", .array([])), ("errors", .int(0)), ("warnings", .int(0))])
    #expect(DiagnosticRenderer.json([]) == tree.rendered(pretty: true))
  }

  @Test func escapesAreTheOutputTreesOnes() {
    let file = SourceFile(name: "a \"b\"\\c\t.json", text: "[1,\n\u{01}]")
    let diagnostic = Diagnostic(
      .unexpectedCharacter, "quote \" backslash \\ controls \u{01}\u{1F}\n\r\t\u{08}\u{0C} and é, 😀",
      at: SourceRange(at: file.location(ofOffset: 4)), notes: [DiagnosticNote("n\u{7F}", at: nil)])
    let tree = OutputJSON.object([
      ("diagnostics", .array([DiagnosticRenderer.jsonObject(diagnostic, in: file)])), ("errors", .int(1)),
      ("warnings", .int(0)),
    ])
    #expect(DiagnosticRenderer.json([(file, [diagnostic])]) == tree.rendered(pretty: true))
  }

  @Test func aLongASCIILineIsCutAt500CharactersWithItsCaretUnderTheSpan() {
    let line = "\t" + String(repeating: "x", count: 600)
    let file = SourceFile(name: "long.json", text: line)
    let range = SourceRange(start: file.location(ofOffset: 3), end: file.location(ofOffset: 7))
    let text = DiagnosticRenderer.text(Diagnostic(.unexpectedCharacter, "m", at: range), in: file)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count == 3)
    #expect(lines[1] == String(line.prefix(500)) + "…")
    #expect(lines[2] == "\t  ^~~~")
  }
}

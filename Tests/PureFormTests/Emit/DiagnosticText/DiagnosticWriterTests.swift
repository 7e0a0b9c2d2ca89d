import Foundation
import Testing

@testable import PureForm

/// `DiagnosticWriter` writes, from bytes, what the string renderers wrote: the JSON report of
/// `OutputJSON`'s tree byte for byte, and text the goldens in Specs/invalid/expected pin.
@Suite struct DiagnosticWriterTests {
  /// Every invalid example spec's diagnostics, with their file.
  static func invalidSpecs() throws -> [(file: SourceFile, diagnostics: [Diagnostic])] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
      "../../../../Specs/invalid"
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

  /// A minified spec beyond ASCII: one long line with findings far into it, another file's between them.
  ///
  /// One writer (as `pureform check` writes) reads the line once for the findings on it, and writes
  /// what each finding written alone gives: 500 columns of the line, from its start or, for a finding far
  /// in, ending at the line's end, each cut end marked `…`, and the caret under the span.
  @Test func findingsOnOneLongNonASCIILineShareItsReadingAndWriteWhatEachAloneDoes() {
    let line = "\té" + String(repeating: "ü", count: 600)
    let file = SourceFile(name: "long.json", text: line)
    let other = SourceFile(name: "other.json", text: "ñ\tñ")
    // Columns count scalars: the tab is 1, é is 2, the first ü (offset 3) is 3, the last (offset 1201) 602.
    let near = SourceRange(start: file.location(ofOffset: 1), end: file.location(ofOffset: 5))
    let far = SourceRange(start: file.location(ofOffset: 1201), end: file.location(ofOffset: 1203))
    var elsewhere = Diagnostic(
      .unexpectedCharacter, "o", at: SourceRange(start: other.location(ofOffset: 3), end: other.location(ofOffset: 5)))
    elsewhere.file = other
    let diagnostics = [
      Diagnostic(.unexpectedCharacter, "n", at: near), elsewhere, Diagnostic(.unexpectedCharacter, "f", at: far),
    ]
    var writer = DiagnosticWriter()
    let written = diagnostics.map { diagnostic in
      writer.writeText(diagnostic, in: file)
      return String(decoding: writer.takeBytes(), as: UTF8.self)
    }
    #expect(written == diagnostics.map { DiagnosticRenderer.text($0, in: file) })
    let shown = "\té" + String(repeating: "ü", count: 498) + "…"
    #expect(written[0] == "long.json:1:2: error: n [PF101]\n\(shown)\n\t^~")
    #expect(written[1] == "other.json:1:3: error: o [PF101]\nñ\tñ\n \t^")
    // The last 500 of the 602 columns, the caret under the last ü (a space under the `…`).
    let end = "…" + String(repeating: "ü", count: 500)
    #expect(written[2] == "long.json:1:602: error: f [PF101]\n\(end)\n\(String(repeating: " ", count: 500))^")
  }

  /// A finding far into a long ASCII line (a minified spec) shows the columns from 100 before its span, cut
  /// ends marked `…`, its caret under the span and its tildes ending with the columns shown: each finding's
  /// snippet has a bounded size, however long the line.
  @Test func aFindingFarIntoALongLineShowsTheColumnsAroundIt() {
    let line = "\t" + String(repeating: "a", count: 999) + String(repeating: "b", count: 1000) + "\tc"
    let file = SourceFile(name: "min.json", text: line)
    // Column 1001 is the first b; the span runs to the line's end.
    let far = SourceRange(start: file.location(ofOffset: 1000), end: file.location(ofOffset: line.utf8.count))
    let text = DiagnosticRenderer.text(Diagnostic(.unexpectedCharacter, "m", at: far), in: file)
    let shown = "…" + String(repeating: "a", count: 100) + String(repeating: "b", count: 400) + "…"
    let caret = String(repeating: " ", count: 101) + "^" + String(repeating: "~", count: 399)
    #expect(text == "min.json:1:1001: error: m [PF101]\n\(shown)\n\(caret)")
    // Near the end, the window ends with the line: its tab is copied under it.
    let last = SourceRange(at: file.location(ofOffset: line.utf8.count - 1))
    let atEnd = DiagnosticRenderer.text(Diagnostic(.unexpectedCharacter, "m", at: last), in: file)
    let tail = "…" + String(repeating: "b", count: 498) + "\tc"
    #expect(atEnd == "min.json:1:2002: error: m [PF101]\n\(tail)\n\(String(repeating: " ", count: 499))\t^")
  }
}

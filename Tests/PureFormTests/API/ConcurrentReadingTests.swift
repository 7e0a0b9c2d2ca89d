import Foundation
import Testing

@testable import PureForm

/// A large spec is read on a second thread while its cells are compiled (`ElementHandoff`); the result must
/// be exactly the one of reading and compiling on one thread: the same diagnostics in the same order, the
/// same model.
@Suite struct ConcurrentReadingTests {
  /// Cells with something to report in each, and cells that depend on the cell before them (`=`).
  static let cells = [
    ##"{"<TextFieldCell + TextFieldCellIdentifier>": {"textField?": {"<key>": "g%d.a", "textColor": "#6F3F83", "<validators>": {"required": true, "max_length": 25}}}}"##,
    ##"{"<= + =>": {"textField?": {"<key>": "g%d.b", "placeholder": "x", "placeholder": "y", "<validators>": {"min_lenght": 2}}}}"##,
    ##"{"<= + =>": {"textField?": {"<key>": "g%d.a", "textColor": "#12345", "<validators>": {"equal_previous": true}}}}"##,
    ##"{"<SwitchCell + SwitchCellIdentifier>": {"switch?": {"<key>": "g%d.b.c", "<value>": true, "<validators>": {"required": false}}}, "note": {"a": 1, "a": 2}}"##,
    ##"{"<section>": %s}"##,
    ##"{"<LabelCell + LabelCellIdentifier>": {"label": {"text": "Section %d", "font": {"name": "Avenir", "size": 14, "size": 15}}}}"##,
  ]

  /// A spec of `count` rounds of `cells`, with sections 0, 1, 0, 1, …: re-entered sections merge.
  static func spec(rounds count: Int, tail: String = "") -> SourceFile {
    var elements: [String] = []
    for round in 0..<count {
      for cell in cells {
        elements.append(
          cell.replacingOccurrences(of: "%d", with: String(round)).replacingOccurrences(
            of: "%s", with: String(round % 2)))
      }
    }
    return SourceFile(name: "large.json", text: "[\n" + elements.joined(separator: ",\n") + tail + "\n]")
  }

  /// Each diagnostic rendered with its notes, in order.
  static func rendered(_ result: CompileResult) -> [String] {
    result.diagnostics.map { DiagnosticRenderer.text($0, in: result.source) }
  }

  @Test func aLargeSpecGivesTheSameDiagnosticsAndModelOnTwoThreads() throws {
    let source = Self.spec(rounds: 2_000)
    #expect(source.bytes.count > FormCompiler.concurrentReadingSize)
    let serial = FormCompiler.compile(source, options: .init(), readingConcurrentlyFrom: .max)
    let concurrent = FormCompiler.compile(source, options: .init(), readingConcurrentlyFrom: 0)
    #expect(serial.diagnostics.count > 10_000)
    #expect(serial.errorCount > 0)
    #expect(Self.rendered(concurrent) == Self.rendered(serial))
  }

  @Test func aLargeSpecWithoutErrorsGivesTheSameModel() throws {
    // Cells without errors, so that there is a model to compare.
    let clean = SourceFile(
      name: "clean.json",
      text: "["
        + (0..<10_000).map {
          ##"{"<TextFieldCell + Id>": {"textField?": {"<key>": "k\##($0)", "textColor": "#6F3F83", "placeholder*": "p", "<validators>": {"required": true}}}}"##
        }.joined(separator: ",\n") + "]")
    #expect(clean.bytes.count > FormCompiler.concurrentReadingSize)
    let serial = FormCompiler.compile(clean, options: .init(), readingConcurrentlyFrom: .max)
    let concurrent = FormCompiler.compile(clean, options: .init(), readingConcurrentlyFrom: 0)
    let serialForm = try #require(serial.form)
    let concurrentForm = try #require(concurrent.form)
    #expect(concurrentForm.modelJSON() == serialForm.modelJSON())
    #expect(Self.rendered(concurrent) == Self.rendered(serial))
  }

  @Test func aSyntaxErrorLateInALargeSpecGivesOnlySyntaxErrors() {
    let source = Self.spec(rounds: 2_000, tail: ",\n{\"<A + B>\": {\"x\": nul}}")
    let serial = FormCompiler.compile(source, options: .init(), readingConcurrentlyFrom: .max)
    let concurrent = FormCompiler.compile(source, options: .init(), readingConcurrentlyFrom: 0)
    #expect(serial.diagnostics.map(\.code) == [.invalidLiteral])
    #expect(Self.rendered(concurrent) == Self.rendered(serial))
  }

  @Test func aTopLevelObjectIsCheckedForDuplicateKeysEitherWay() {
    let source = SourceFile(name: "object.json", text: #"{"a": 1, "a": 2}"#)
    for threshold in [0, Int.max] {
      let result = FormCompiler.compile(source, options: .init(), readingConcurrentlyFrom: threshold)
      #expect(result.diagnostics.map(\.code) == [.specNotArray, .duplicateObjectKey])
    }
  }
}

import Synchronization
import Testing

@testable import PureForm

/// `<include>`: included cells, key prefixes, and every include diagnostic (PF9xx) located in its file with
/// one `included from` note per level, read from memory through `IncludeReader`.
@Suite struct IncludeDiagnosticsTests {
  /// A reader serving `files` by path; any other path is missing.
  static func reader(_ files: [String: String]) -> IncludeReader {
    IncludeReader { path throws(FileReadError) in
      guard let text = files[path] else { throw .noSuchFile(path: path) }
      return Array(text.utf8)
    }
  }

  /// A partial with two form views; `country` is required when `street` is given (a relative path).
  static let address = """
    [
      {"<TextFieldCell + Street>": {"textField?": {"<key>": "street", "<validators>": {"required": true}}}},
      {"<TextFieldCell + =>": {"textField?": {"<key>": "country", "<required_if>": "street"}}}
    ]
    """

  /// Compiles `spec` (named `Specs/checkout.json`) with `files` as the only files, in the text form.
  static func check(
    _ spec: String, _ files: [String: String], silencing: Set<DiagnosticCode> = [.deviceIgnoresRequiredIf]
  )
    -> (result: CompileResult, text: [String])
  {
    let options = CompileOptions(silencedWarnings: silencing, includes: reader(files))
    let result = FormCompiler.compile(string: spec, name: "Specs/checkout.json", options: options)
    return (result, result.diagnostics.map { DiagnosticRenderer.text($0, in: result.source) })
  }

  @Test func includedCellsJoinTheSectionWithTheirKeysPrefixed() throws {
    let spec = """
      [
        {"<Cell + Email>": {"f?": {"<key>": "email"}}},
        {"<include>": "partials/address.json", "<key>": "billing"},
        {"<section>": 1},
        {"<include>": "partials/address.json", "<key>": "shipping"}
      ]
      """
    let (result, text) = Self.check(spec, ["Specs/partials/address.json": Self.address])
    #expect(
      text == [
        """
        Specs/checkout.json:3:4: note: the device reads one plain spec: give it this spec's bundle, with '<include>'s inlined [PF907]
          {"<include>": "partials/address.json", "<key>": "billing"},
           ^~~~~~~~~~~
        note: write it with 'pureform bundle Specs/checkout.json'
        """
      ])
    #expect(result.errorCount == 0 && result.warningCount == 0)
    let form = try #require(result.form)
    #expect(form.includedFiles == ["partials/address.json"])
    let cells = form.model.cells
    #expect(cells.map(\.section) == [0, 0, 0, 1, 1])
    #expect(cells.map(\.row) == [0, 1, 2, 0, 1])
    #expect(cells.map(\.identifier) == ["Email", "Street", "Street", "Street", "Street"])
    let keys = cells.flatMap(\.views).compactMap { $0.field?.key?.text }
    #expect(keys == ["email", "billing.street", "billing.country", "shipping.street", "shipping.country"])
    // The relative path `street` in the partial names the street of the same include.
    let record = #"{"email": "a", "billing": {"street": "1 Main St"}, "shipping": {"street": "2 Side St"}}"#
    let validated = try form.validate(json: Array(record.utf8))
    #expect(
      validated.jsonText
        == #"{"valid":false,"failures":[{"key":"billing.country","path":"/billing/country","validator":"required_if","argument":null,"condition":"street","reason":"Value is required","section":0,"row":2,"tag":0,"file":"partials/address.json","line":3,"column":28},{"key":"shipping.country","path":"/shipping/country","validator":"required_if","argument":null,"condition":"street","reason":"Value is required","section":1,"row":1,"tag":0,"file":"partials/address.json","line":3,"column":28}]}"#
    )
  }

  @Test func diagnosticsInsideAnIncludedFileNameItWithANotePerLevel() {
    let spec = """
      [
        {"<include>": "partials/outer.json"}
      ]
      """
    let outer = """
      [
        {"<include>": "inner.json", "<key>": "a"}
      ]
      """
    let inner = """
      [
        {"<Cell + X>": {"f?": {"<key>": "x", "<validators>": {"min_lenght": 2}}}}
      ]
      """
    let (_, text) = Self.check(
      spec, ["Specs/partials/outer.json": outer, "Specs/partials/inner.json": inner], silencing: [.deviceNeedsBundle])
    #expect(
      text == [
        """
        Specs/partials/inner.json:2:57: error: unknown validator 'min_lenght' [PF304]
          {"<Cell + X>": {"f?": {"<key>": "x", "<validators>": {"min_lenght": 2}}}}
                                                                ^~~~~~~~~~~~
        note: did you mean 'min_length'?
        note: included from Specs/partials/outer.json:2:4
        note: included from Specs/checkout.json:2:4
        """
      ])
  }

  @Test func missingFilesCyclesAndMalformedIncludes() {
    let spec = """
      [
        {"<include>": "partials/nothere.json"},
        {"<include>": "partials/loop.json"},
        {"<include>": 3},
        {"<include>": "/etc/x.json"},
        {"<include>": "partials/address.json", "<key>": "a..b"},
        {"<include>": "partials/address.json", "extra": 1}
      ]
      """
    let loop = """
      [
        {"<include>": "../checkout.json"}
      ]
      """
    let (result, text) = Self.check(
      spec,
      ["Specs/partials/loop.json": loop, "Specs/checkout.json": spec, "Specs/partials/address.json": Self.address],
      silencing: [.deviceNeedsBundle])
    #expect(
      text.map { $0.split(separator: "\n").first.map(String.init) ?? "" }
        + text.compactMap {
          $0.split(separator: "\n").last { $0.hasPrefix("note: included") }.map(String.init)
        } == [
          "Specs/checkout.json:2:17: error: cannot read included file 'Specs/partials/nothere.json': no such file [PF901]",
          "Specs/partials/loop.json:2:17: error: include cycle: Specs/checkout.json → Specs/partials/loop.json → Specs/checkout.json [PF902]",
          "Specs/checkout.json:4:17: error: '<include>' must be a file's path, found the number 3 [PF906]",
          "Specs/checkout.json:5:17: error: included path '/etc/x.json' is absolute: write it relative to the including file [PF906]",
          "Specs/checkout.json:6:51: error: an include's '<key>' must be a dotted key prefix such as \"billing\" [PF906]",
          "Specs/checkout.json:7:42: error: an '<include>' element takes only '<key>' beside it, found 'extra' [PF906]",
          "note: included from Specs/checkout.json:3:4",
        ])
    #expect(result.form == nil)
  }

  @Test func sectionMarkersAndEqualsOnTheFirstCellOfAnIncludedFile() {
    let partial = """
      [
        {"<section>": 1},
        {"<= + X>": {"f?": {"<key>": "x"}}},
        {"<Cell + Y>": {"f?": {"<key>": "y"}}},
        {"<= + Z>": {"f?": {"<key>": "z"}}}
      ]
      """
    let (result, text) = Self.check(
      #"[{"<include>": "p.json"}]"#, ["Specs/p.json": partial], silencing: [.deviceNeedsBundle])
    #expect(
      text.map { $0.split(separator: "\n").first.map(String.init) ?? "" } == [
        "Specs/p.json:2:4: error: section marker in included file 'Specs/p.json': an included file's cells join the including section [PF903]",
        "Specs/p.json:3:4: error: '=' in the first cell of included file 'Specs/p.json': within its file there is no previous cell to copy [PF904]",
      ])
    #expect(result.errorCount == 2)
  }

  @Test func aKeyUsedInTwoFilesNamesBothPlaces() {
    let spec = """
      [
        {"<Cell + Street>": {"f?": {"<key>": "street"}}},
        {"<include>": "partials/address.json"}
      ]
      """
    let (_, text) = Self.check(
      spec, ["Specs/partials/address.json": Self.address], silencing: [.deviceNeedsBundle, .deviceIgnoresRequiredIf])
    #expect(
      text == [
        """
        Specs/partials/address.json:2:57: error: key 'street' is used by two form views [PF905]
          {"<TextFieldCell + Street>": {"textField?": {"<key>": "street", "<validators>": {"required": true}}}},
                                                                ^~~~~~~~
        Specs/checkout.json:2:40: note: first used here
          {"<Cell + Street>": {"f?": {"<key>": "street"}}},
                                               ^~~~~~~~
        note: give each '<include>' a '<key>' prefix of its own, such as "billing" and "shipping"
        note: included from Specs/checkout.json:3:4
        """
      ])
  }

  @Test func includedFilesSyntaxErrorsAndRelativePathSuggestionsStayInTheirFile() throws {
    let (_, text) = Self.check(
      #"[{"<include>": "a.json", "<key>": "billing"}, {"<include>": "b.json"}]"#,
      [
        "Specs/a.json":
          #"[{"<C + D>": {"f?": {"<key>": "street"}}}, {"<C + E>": {"g?": {"<key>": "zip", "<visible_if>": "stret"}}}]"#,
        "Specs/b.json": "[{]",
      ], silencing: [.deviceNeedsBundle, .deviceIgnoresVisibleIf])
    #expect(
      text.map {
        $0.split(separator: "\n").filter { !$0.hasPrefix(" ") && !$0.hasPrefix("[") }.joined(separator: " | ")
      }
        == [
          "Specs/a.json:1:96: error: binding path 'stret' names no form view [PF701] | note: did you mean 'street'? | note: included from Specs/checkout.json:1:3",
          "Specs/b.json:1:3: error: expected a double-quoted object key, found ']' [PF113] | note: included from Specs/checkout.json:1:48",
        ])
  }

  /// How many times a reader was called.
  final class Calls: Sendable {
    let count = Atomic<Int>(0)
  }

  @Test func aFileIncludedManyTimesIsReadOnce() throws {
    let calls = Calls()
    let reader = IncludeReader { path throws(FileReadError) in
      calls.count.add(1, ordering: .relaxed)
      guard path == "p.json" else { throw .noSuchFile(path: path) }
      return Array(#"[{"<C + c>": {"f?": {"<key>": "x"}}}]"#.utf8)
    }
    let spec = "[" + (0..<50).map { #"{"<include>": "p.json", "<key>": "k\#($0)"}"# }.joined(separator: ",") + "]"
    let result = FormCompiler.compile(
      string: spec, options: CompileOptions(silencedWarnings: [.deviceNeedsBundle], includes: reader))
    #expect(result.diagnostics.isEmpty)
    #expect(try #require(result.form).model.cells.count == 50)
    #expect(calls.count.load(ordering: .relaxed) == 1)
  }

  @Test func includesNestSixteenDeepAndAnIncludedValueMustBeAnArray() {
    // The spec includes d0.json, which includes d1.json, …: d0 to d15 are 16 levels; d16 is one too many.
    var files: [String: String] = [:]
    for level in 0...17 { files["Specs/d\(level).json"] = #"[{"<include>": "d\#(level + 1).json"}]"# }
    files["Specs/d18.json"] = #"{"<C + c>": {}}"#
    let (_, deep) = Self.check(#"[{"<include>": "d0.json"}]"#, files, silencing: [.deviceNeedsBundle])
    #expect(
      deep.map { $0.split(separator: "\n").first.map(String.init) ?? "" } == [
        "Specs/d15.json:1:16: error: includes nest deeper than 16 files [PF908]"
      ])
    #expect(deep.first?.split(separator: "\n").filter { $0.hasPrefix("note: included from") }.count == 16)
    files["Specs/d3.json"] = #"{"<C + c>": {}}"#
    let (_, object) = Self.check(#"[{"<include>": "d0.json"}]"#, files, silencing: [.deviceNeedsBundle])
    #expect(
      object.map { $0.split(separator: "\n").first.map(String.init) ?? "" } == [
        "Specs/d3.json:1:1: error: included file must be an array of cells, found an object [PF201]"
      ])
  }

  @Test func withoutAReaderEveryIncludeIsRefused() {
    let result = FormCompiler.compile(
      string: #"[{"<include>": "a.json"}]"#,
      options: CompileOptions(silencedWarnings: [.deviceNeedsBundle], includes: .none))
    #expect(
      result.diagnostics.map(\.message) == [
        "cannot read included file 'a.json': includes are not read by this compilation"
      ])
  }
}

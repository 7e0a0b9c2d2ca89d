import Foundation
import Testing

@testable import PureForm

/// `CompiledForm.bundle()`, `pureform bundle`: the one plain spec the device reads, a text edit that inlines
/// `<include>`s and applies their `<key>` prefixes.
@Suite struct BundleTests {
  static let root = NDJSONStreamTests.root

  /// Every example spec's bundle checks clean without reading any file (the same warnings, no note, no
  /// include) and gives every sample input of the spec the same verdict, keys, paths, validators,
  /// arguments, reasons, values and hidden views (its locations are the bundle's, and it has no `file`).
  @Test func everyExampleSpecsBundleGivesEverySampleTheSameResult() throws {
    let folder = Self.root.appendingPathComponent("Specs")
    // `pureform test`'s cases files (*.tests.json) are not specs.
    let specs = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter {
      $0.hasSuffix(".json") && !$0.hasSuffix(".tests.json")
    }
    let inputs = try FileManager.default.contentsOfDirectory(
      atPath: folder.appendingPathComponent("inputs").path)
    var compared = 0
    var bundledIncludes = 0
    for name in specs.sorted() {
      let stem = String(name.dropLast(".json".count))
      let original = FormCompiler.compile(try SourceFile(contentsOf: folder.appendingPathComponent(name).path))
      let form = try #require(original.form, "\(name)")
      let bundle = form.bundle()
      let plain = FormCompiler.compile(
        string: bundle, name: "bundle of \(name)", options: CompileOptions(includes: .none))
      #expect(plain.errorCount == 0, "\(name): \(plain.diagnostics.map(\.message))")
      #expect(
        plain.diagnostics.map(\.code) == original.diagnostics.filter { $0.severity == .warning }.map(\.code),
        "\(name)")
      let again = try #require(plain.form)
      if !form.includedFiles.isEmpty { bundledIncludes += 1 }
      for input in inputs.sorted() where Self.belongs(input, to: stem) {
        let bytes = Array(try Data(contentsOf: folder.appendingPathComponent("inputs/\(input)")))
        let records = input.hasSuffix(".ndjson") ? bytes.split(separator: 0x0A).map(Array.init) : [bytes]
        for record in records {
          guard let expected = try? form.validate(json: record) else { continue }
          let bundled = try again.validate(json: record)
          #expect(Self.withoutLocations(bundled) == Self.withoutLocations(expected), "\(name) \(input)")
          compared += 1
        }
      }
    }
    #expect(bundledIncludes >= 1, "an example spec includes a partial")
    #expect(compared >= 15)
  }

  /// Whether a sample input goes with the spec `stem`: `stem.json`, `stem-….json`, `stem.ndjson`.
  static func belongs(_ input: String, to stem: String) -> Bool {
    input == "\(stem).json" || input == "\(stem).ndjson" || input.hasPrefix("\(stem)-")
  }

  /// A result's JSON without where its failures are written (file, line and column) nor the condition's
  /// text, whose paths the bundle writes in full.
  static func withoutLocations(_ result: ValidationResult) -> String {
    result.jsonText.replacing(/(,"file":"[^"]*")?,"line":\d+,"column":\d+/, with: "")
      .replacing(/"condition":("[^"]*"|\{[^}]*\}),/, with: "")
  }

  /// Compiles `spec` as `Specs/s.json` with `files` in memory; it must compile.
  static func form(_ spec: String, _ files: [String: String]) throws -> CompiledForm {
    let options = CompileOptions(silencedWarnings: [], includes: IncludeDiagnosticsTests.reader(files))
    return try #require(FormCompiler.compile(string: spec, name: "Specs/s.json", options: options).form)
  }

  @Test func prefixesApplyToKeysAndRelativePathsAndNestedIncludesCombineThem() throws {
    let spec = """
      [
        {"<A + a>": {"f?": {"<key>": "top"}}},
        {"<include>": "p/outer.json", "<key>": "billing"}
      ]
      """
    let outer = """
      [
        {"<B + b>": {"f?": {"<key>": "name", "<same_as>": "/top"}}},
        {"<include>": "inner.json", "<key>": "address"}
      ]
      """
    let inner = """
      [
        {"<C + c>": {"g?": {"<key>": "zip", "<visible_if>": "!street", "<required_if>": {"<all>": ["street", {"country": "US", "/top": "x"}]}}}},
        {"<= + =>": {"g?": {"<key>": "street"}}},
        {"<= + =>": {"g?": {"<key>": "country", "<same_as>": "street"}}}
      ]
      """
    let form = try Self.form(spec, ["Specs/p/outer.json": outer, "Specs/p/inner.json": inner])
    #expect(form.includedFiles == ["p/outer.json", "p/inner.json"])
    #expect(
      form.bundle() == """
        [
          {"<A + a>": {"f?": {"<key>": "top"}}},
          {"<B + b>": {"f?": {"<key>": "billing.name", "<same_as>": "/top"}}},
          {"<C + c>": {"g?": {"<key>": "billing.address.zip", "<visible_if>": "!billing/address/street", "<required_if>": {"<all>": ["billing/address/street", {"billing/address/country": "US", "/top": "x"}]}}}},
          {"<= + =>": {"g?": {"<key>": "billing.address.street"}}},
          {"<= + =>": {"g?": {"<key>": "billing.address.country", "<same_as>": "billing/address/street"}}}
        ]
        """)
  }

  @Test func relativePathsInAnIncludedGroupStayInTheirElementUnlessTheyLeaveIt() throws {
    let spec = """
      [
        {"<A + a>": {"f?": {"<key>": "top"}}},
        {"<include>": "p/lines.json", "<key>": "order"}
      ]
      """
    let lines = """
      [
        {"<L + l>": {"f?": {"<key>": "express"}}},
        {"<= + =>": {"g?": {"<key>": "items.*.gift", "<type>": "bool"},
          "h?": {"<key>": "items.*.note", "<visible_if>": {"<all>": ["gift", "../express"]}, "<same_as>": "/top"}}}
      ]
      """
    let form = try Self.form(spec, ["Specs/p/lines.json": lines])
    let bundle = form.bundle()
    // `gift` is the element's own: left as written; `../express` leaves the element for the partial's root,
    // which the prefix moves; `/top` is absolute.
    #expect(
      bundle.contains(#""<visible_if>": {"<all>": ["gift", "../order/express"]}, "<same_as>": "/top""#), "\(bundle)")
    let bundled = try Self.form(bundle, [:])
    for record in [
      #"{"order": {"express": true, "items": [{"gift": true, "note": "x"}, {"gift": false, "note": "y"}]}, "top": "x"}"#,
      #"{"order": {"express": false, "items": [{"gift": true, "note": "z"}]}, "top": "x"}"#,
      #"{"order": {"express": true, "items": [{"gift": true, "note": "z"}]}, "top": "x"}"#,
    ] {
      #expect(
        Self.withoutLocations(try form.validate(json: record))
          == Self.withoutLocations(try bundled.validate(json: record)))
    }
  }

  @Test func anIncludedFileWithoutCellsLeavesNoElementAndNoComma() throws {
    let first = try Self.form(
      #"[{"<include>": "e.json"}, {"<A + a>": {"f?": {"<key>": "a"}}}]"#, ["Specs/e.json": "[ ]"])
    #expect(first.bundle() == #"[{"<A + a>": {"f?": {"<key>": "a"}}}]"#)
    let last = try Self.form(#"[{"<A + a>": {"f?": {"<key>": "a"}}}, {"<include>": "e.json"}]"#, ["Specs/e.json": "[]"])
    #expect(last.bundle() == #"[{"<A + a>": {"f?": {"<key>": "a"}}}]"#)
  }

  @Test func aSpecWithoutIncludesIsItsOwnBundleAndFillRefusesOneWithIncludes() throws {
    let text = "[\n  {\"<A + a>\": {\"f?\": {\"<key>\": \"a\"}}}\n]\n"
    let plain = try #require(FormCompiler.compile(string: text).form)
    #expect(plain.bundle() == text)
    #expect(plain.includedFiles.isEmpty)
    let form = try Self.form(#"[{"<include>": "a.json"}]"#, ["Specs/a.json": text])
    #expect(throws: FillError(problems: [.specIncludes(["a.json"])])) {
      try form.filled(with: .object([]))
    }
  }
}

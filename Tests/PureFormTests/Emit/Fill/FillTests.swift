import Foundation
import Testing

@testable import PureForm

/// `CompiledForm.filled(with:)`, `pureform fill`: a text edit of the spec that sets `<value>`s from a record.
@Suite struct FillTests {
  static let root = NDJSONStreamTests.root

  /// Every example spec filled with each of its sample inputs: only `<value>` lines change, the filled spec
  /// compiles with the same diagnostics, and it gives the record the same result as the spec.
  @Test func everyExampleSpecRoundTrips() throws {
    let inputs = try FileManager.default.contentsOfDirectory(
      atPath: Self.root.appendingPathComponent("Specs/inputs").path
    )
    .filter { $0.hasSuffix(".json") }.sorted()
    var filledCount = 0
    for specName in ["login", "profile", "registration", "signup", "business-account"] {
      let spec = Self.root.appendingPathComponent("Specs/\(specName).json")
      let original = FormCompiler.compile(try SourceFile(contentsOf: spec.path))
      let form = try #require(original.form)
      for input in inputs where input == "\(specName).json" || input.hasPrefix("\(specName)-") {
        let record = try Data(contentsOf: Self.root.appendingPathComponent("Specs/inputs/\(input)"))
        let filled: String
        do {
          filled = try form.filled(json: Array(record), ignoringUnknownKeys: true)
        } catch {
          // A sample of a type mismatch ("newsletter": "maybe") cannot be a view's `<value>`.
          #expect(error.problems.allSatisfy { if case .doesNotFit = $0 { true } else { false } }, "\(input)")
          continue
        }
        let before = String(decoding: try Data(contentsOf: spec), as: UTF8.self)
        #expect(Self.withoutValues(filled) == Self.withoutValues(before), "\(input): more than <value>s changed")
        let recompiled = FormCompiler.compile(string: filled, name: spec.path)
        #expect(recompiled.diagnostics.map(\.code) == original.diagnostics.map(\.code), "\(input)")
        let again = try #require(recompiled.form)
        // The same verdict, values, keys, validators and reasons; lines move where a `<value>` line was added.
        #expect(
          Self.withoutPositions(try again.validate(json: Array(record)))
            == Self.withoutPositions(try form.validate(json: Array(record))), "\(input)")
        filledCount += 1
      }
    }
    #expect(filledCount >= 10)
  }

  /// A spec's text without its `<value>` members (and their separators): what a fill may not change.
  static func withoutValues(_ text: String) -> String {
    text.replacing(/"<value>": ("(?:[^"\\]|\\.)*"|[-0-9.eE+]+|true|false|null)(,\s*)?/, with: "")
      .replacing(/,\s*}/, with: "}")
  }

  /// A result's JSON without the spec positions of its failures.
  static func withoutPositions(_ result: ValidationResult) -> String {
    result.jsonText.replacing(/,"line":\d+,"column":\d+/, with: "")
  }

  @Test func valuesAreCoercedByTypeAndNullRemovesAValue() throws {
    let spec = ConditionTests.spec([
      ("age", #""<type>": "integer", "<value>": 30"#), ("news", #""<type>": "bool""#), ("note", #""<value>": "x""#),
      ("plain", ""),
    ])
    let form = try #require(FormCompiler.compile(string: spec).form)
    let filled = try form.filled(
      with: .object([
        ("age", .string("36")), ("news", .string("on")), ("note", .null), ("plain", .number("2.50")),
      ]))
    #expect(
      filled == """
        [
        {"<C + c>": {"textField?": {"<key>": "age", "<type>": "integer", "<value>": 36}}},
        {"<C + c>": {"textField?": {"<value>": true, "<key>": "news", "<type>": "bool"}}},
        {"<C + c>": {"textField?": {"<key>": "note"}}},
        {"<C + c>": {"textField?": {"<value>": 2.50, "<key>": "plain"}}}
        ]
        """)
  }

  @Test func aValueIsInsertedWithTheFirstMembersIndentationAndRemovedWithItsSeparator() throws {
    let spec = """
      [{"<C + c>": {
        "a?": {
          "<key>": "a",
          "<value>": 1,
          "x": 2
        },
        "b?": {"<key>": "b", "<value>": 1},
        "c?": {}
      }}]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    let filled = try form.filled(with: .object([("a", .null), ("b", .null), ("unknown_key_0", .string("v"))]))
    #expect(
      filled == """
        [{"<C + c>": {
          "a?": {
            "<key>": "a",
            "x": 2
          },
          "b?": {"<key>": "b"},
          "c?": {"<value>": "v"}
        }}]
        """)
    let inserted = try form.filled(with: .object([("a", .string("new"))]))
    #expect(inserted.contains("    \"<key>\": \"a\",\n    \"<value>\": \"new\",\n"))
  }

  @Test func everyUnknownKeyAndEveryValueThatDoesNotFitIsListed() throws {
    let form = try NDJSONStreamTests.form("registration.json")
    let record = #"{"account": {"email": "a@b.c", "pasword": "x"}, "profile": {"age": "old"}, "extra": {"a": 1}}"#
    #expect(throws: FillError.self) { try form.filled(json: Array(record.utf8)) }
    do {
      _ = try form.filled(json: Array(record.utf8))
    } catch {
      #expect(
        error.problems == [
          .unknownKeys(["account.pasword", "extra"]),
          .doesNotFit(key: "profile.age", value: #""old""#, type: "integer"),
        ])
      #expect(
        error.description == """
          keys name no form view: 'account.pasword', 'extra'
          the value of 'profile.age' ("old") does not fit its type: integer
          """)
    }
    let ignoring = try form.filled(
      json: Array(#"{"account": {"email": "a@b.c", "pasword": "x"}}"#.utf8), ignoringUnknownKeys: true)
    #expect(ignoring.contains(#""<value>": "a@b.c""#))
  }
}

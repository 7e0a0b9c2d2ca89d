import Foundation
import Testing

@testable import PureForm

/// The keys the library call names hidden views and element failures by are kept by each engine
/// (`ResultKeyCache`) and shared between results: every set of hidden views gets its own list, including sets
/// that meet at one slot of the table and sets past its 256 plain slots; element indices past the 1,024 it
/// keeps get their keys too; and a result held while the engine validates other records keeps its keys.
@Suite struct ResultKeyCacheTests {
  /// A form with ten bool switches `s0`…`s9`, each showing one text view `v0`…`v9` (`<visible_if>`).
  static func switchesForm() throws -> CompiledForm {
    let cells = (0..<10).flatMap { index in
      [
        #"{"<C + I>": {"s\#(index)?": {"<key>": "s\#(index)", "<type>": "bool"}}}"#,
        #"{"<C + I>": {"v\#(index)?": {"<key>": "v\#(index)", "<visible_if>": "s\#(index)"}}}"#,
      ]
    }
    let result = FormCompiler.compile(string: "[" + cells.joined(separator: ",") + "]", name: "<switches>")
    return try #require(result.form)
  }

  /// The record that switches on the views whose bits `shown` sets, and the keys of the views it hides.
  static func switches(_ shown: Int) -> (json: String, hidden: [String]) {
    let members = (0..<10).map { #""s\#($0)":\#(shown & (1 << $0) != 0),"v\#($0)":"x""# }
    return ("{" + members.joined(separator: ",") + "}", (0..<10).filter { shown & (1 << $0) == 0 }.map { "v\($0)" })
  }

  /// Each of the 1,024 sets of hidden views, twice over and then in reverse (so that a set finds its slot
  /// taken by another), gets its own keys, the ones the NDJSON line lists.
  @Test func everySetOfHiddenViewsGetsItsOwnKeys() throws {
    let form = try Self.switchesForm()
    var validator = try RecordValidator(form: form)
    for shown in Array(0..<1024) + Array(0..<1024) + (0..<1024).reversed() {
      let (json, hidden) = Self.switches(shown)
      let result = try form.validate(json: json)
      #expect(result.hidden == hidden, "views shown: \(shown)")
      _ = validator.validate(line: Array(json.utf8), number: 1)
      let line = String(decoding: validator.outputLine, as: UTF8.self)
      #expect(line.contains(#""hidden":["# + hidden.map { "\"\($0)\"" }.joined(separator: ",") + "]"))
    }
  }

  /// A form with one repeated group of SKUs, each required and at most three characters long.
  static func skusForm() throws -> CompiledForm {
    let spec = #"""
      [{"<C + I>": {"sku?": {"<key>": "items.*.sku", "<items>": {"max": 5000},
                             "<validators>": {"required": true, "max_length": 3}}}}]
      """#
    return try #require(FormCompiler.compile(string: spec, name: "<skus>").form)
  }

  /// A record of `count` items whose SKUs at `bad` are too long.
  static func items(_ count: Int, bad: Set<Int>) -> String {
    let elements = (0..<count).map { bad.contains($0) ? #"{"sku":"ABCD"}"# : #"{"sku":"ABC"}"# }
    return #"{"items":["# + elements.joined(separator: ",") + "]}"
  }

  /// Elements past the 1,024 whose keys are kept fail at their own keys, as those before do, each time.
  @Test func elementKeysPastTheKeptOnesAreMadeEachTime() throws {
    let form = try Self.skusForm()
    for bad in [[3, 1023, 1024, 1030, 2047], [1030], [5, 1024], [1030]] {
      let result = try form.validate(json: Self.items(2100, bad: Set(bad)))
      #expect(result.failures.map(\.key) == bad.map { "items.\($0).sku" })
    }
  }

  /// A result held while the engine validates other records keeps its hidden keys and element keys.
  @Test func aHeldResultKeepsItsKeys() throws {
    let switches = try Self.switchesForm()
    let held = try switches.validate(json: Self.switches(0b1010).json)
    let heldText = held.jsonText
    for shown in 0..<1024 { _ = try switches.validate(json: Self.switches(shown).json) }
    #expect(held.hidden == Self.switches(0b1010).hidden)
    #expect(held.jsonText == heldText)

    let skus = try Self.skusForm()
    let heldFailures = try skus.validate(json: Self.items(1100, bad: [7, 1050]))
    for bad in 0..<40 { _ = try skus.validate(json: Self.items(1100, bad: [bad, 1050 - bad])) }
    #expect(heldFailures.failures.map(\.key) == ["items.7.sku", "items.1050.sku"])
  }
}

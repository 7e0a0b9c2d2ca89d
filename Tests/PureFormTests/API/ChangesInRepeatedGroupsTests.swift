import Foundation
import Testing

@testable import PureForm

/// Edits of records with repeated groups (`validate(json:changedFrom:)` on `Specs/order.json`), which go through
/// the one mechanism every edit does (`ChangesTests`, `RecordEnginePool.validateChange`): views are compared
/// element by element, a new element is validated whole, a count that changed is checked against `<items>`, and
/// a view reading a change in its element (a condition, a neighbour) is validated too.
@Suite struct ChangesInRepeatedGroupsTests {
  /// An order stored before the SKU rule was tightened: its second item's SKU `jam` breaks today's pattern,
  /// and its gift note, hidden while `gift` is false, is longer than today's 140 characters.
  static let stored = """
    {"email": "ada@example.com", "items": [{"sku": "TEA-001", "quantity": 2},
      {"sku": "jam", "quantity": 1, "gift": false, "gift_note": "\(String(repeating: "x", count: 150))"}],
     "coupons": ["SPRING24"]}
    """

  static let form: CompiledForm = {
    let root = NDJSONStreamTests.root.appendingPathComponent("Specs/order.json").path
    guard let form = try? FormCompiler.compile(path: root).form else { fatalError("Specs/order.json does not compile") }
    return form
  }()

  /// The stored record with `edit` applied to its JSON object, validated as an edit: `changed | failures`.
  func change(_ edit: (inout [String: Any]) -> Void) throws -> String {
    var record = try #require(try JSONSerialization.jsonObject(with: Data(Self.stored.utf8)) as? [String: Any])
    edit(&record)
    let new = try JSONSerialization.data(withJSONObject: record, options: [.sortedKeys])
    let result = try Self.form.validate(json: Array(new), changedFrom: Array(Self.stored.utf8))
    return result.changed.joined(separator: ",") + " | "
      + result.failures.map { "\($0.key) \($0.validator)" }.joined(separator: ", ")
  }

  /// The record's items, to edit.
  static func items(_ record: [String: Any]) -> [[String: Any]] { record["items"] as? [[String: Any]] ?? [] }

  @Test func anUnchangedInvalidElementDoesNotFail() throws {
    #expect(
      try change { $0["items"] = [["sku": "TEA-001", "quantity": 3]] + Self.items($0).dropFirst() }
        == "items.0.quantity | ")
    // Validated whole, the stored record fails on the second item's SKU.
    let full = try Self.form.validate(json: Self.stored).failures.map(\.key)
    #expect(full == ["items.1.sku"])
  }

  @Test func aConditionInTheElementReadsTheChange() throws {
    // Turning the gift on shows the note, which is then validated with today's 140 characters.
    #expect(
      try change { record in
        var items = Self.items(record)
        items[1]["gift"] = true
        record["items"] = items
      } == "items.1.gift | items.1.gift_note max_length")
  }

  @Test func aNewElementIsValidatedWhole() throws {
    #expect(
      try change { $0["items"] = Self.items($0) + [["sku": "bad"]] }
        == "items,items.2.sku,items.2.quantity,items.2.gift,items.2.gift_note | items.2.sku custom")
    // An empty new element still has its required SKU checked.
    #expect(
      try change { $0["items"] = Self.items($0) + [[:]] }
        == "items,items.2.sku,items.2.quantity,items.2.gift,items.2.gift_note | items.2.sku required")
  }

  @Test func aCountThatChangedIsCheckedAgainstItsBounds() throws {
    #expect(try change { $0["items"] = [] } == "items | items min_items")
    #expect(
      try change { $0["coupons"] = ["SPRING24", "A", "B", "C"] }
        == "coupons,coupons.1,coupons.2,coupons.3 | coupons max_items")
    // Removing the invalid element is a count change within bounds, and what is left passes.
    #expect(try change { $0["items"] = Array(Self.items($0).prefix(1)) } == "items | ")
  }

  @Test func anElementThatIsNoLongerAnObjectFails() throws {
    #expect(
      try change { record in
        var items: [Any] = Self.items(record)
        items[1] = "a scone"
        record["items"] = items
      } == "items.1 | items.1 type_mismatch")
  }

  @Test func aMergePatchReplacesAnArrayWhole() throws {
    // RFC 7396: an array in a patch replaces the stored one.
    let before = try JSONDecoder().decode(FormValue.self, from: Data(Self.stored.utf8))
    let patch = try JSONDecoder().decode(
      FormValue.self, from: Data(#"{"items": [{"sku": "TEA-001", "quantity": 2}]}"#.utf8))
    let result = try Self.form.validate(mergePatch: patch, to: before)
    #expect(result.changed == ["items"])
    #expect(result.isValid)
  }
}

import Testing

@testable import PureForm

/// Repeated groups at compile time (PF801–PF808): `*` keys, `<items>`, neighbours and binding paths inside
/// elements, with exact positions and wording.
@Suite struct GroupDiagnosticsTests {
  /// A spec of one cell per view, each `"KEY": {members}` a text field keyed KEY (members without braces).
  static func spec(_ views: [(String, String)]) -> String { ConditionTests.spec(views) }

  @Test func aStarNeedsANameBeforeIt() {
    #expect(
      diagnose(field(#""<key>": "*.name""#)) == [
        "5:18: error: key '*.name' starts with '*': a repeated group needs a name before its '*' [PF801]"
      ])
    #expect(
      diagnose(field(#""<key>": "grid.*.*""#)) == [
        "5:18: error: key 'grid.*.*' has '*' right after '*': an element of a group cannot be an array [PF801]"
      ])
  }

  @Test func groupsScalarGroupsAndNestedGroupsCompile() throws {
    let spec = Self.spec([
      ("items.*.name", #""<items>": {"min": 1}, "<validators>": {"required": true}"#),
      ("items.*.qty", #""<type>": "integer", "<items>": {"max": 20}"#),
      ("tags.*", #""<items>": {"max": 5}"#),
      ("orders.*.lines.*.sku", ""),
    ])
    #expect(diagnose(spec) == [])
  }

  @Test func itemsMustBeBoundsOnAGroup() {
    #expect(
      diagnose(field(#""<key>": "a.*", "<items>": [1, 2]"#)) == [
        "5:36: error: '<items>' must be an object {\"min\": N, \"max\": M}, found an array [PF802]"
      ])
    #expect(
      diagnose(field(#""<key>": "a.*", "<items>": {"minimum": 1, "max": 1.5}"#)) == [
        "5:37: error: '<items>' takes 'min' and 'max', found 'minimum' [PF802]",
        "5:58: error: '<items>' 'max' must be a non-negative integer, found the number 1.5 [PF802]",
      ])
    #expect(
      diagnose(field(#""<key>": "a.*", "<items>": {"min": 3, "max": 2}"#)) == [
        "5:44: error: '<items>' 'min' 3 is greater than 'max' 2 [PF802]"
      ])
    #expect(
      diagnose(field(#""<key>": "a", "<items>": {"min": 1}"#)) == [
        "5:23: error: '<items>' bounds a repeated group, but key 'a' has no '*' [PF803]"
      ])
  }

  @Test func boundsMergePerGroupAndMustAgree() {
    let agreeing = Self.spec([
      ("items.*.a", #""<items>": {"min": 1}"#), ("items.*.b", #""<items>": {"min": 1, "max": 3}"#),
    ])
    #expect(diagnose(agreeing) == [])
    let conflicting = Self.spec([("items.*.a", #""<items>": {"max": 2}"#), ("items.*.b", #""<items>": {"max": 3}"#)])
    #expect(
      diagnose(conflicting) == ["3:70: error: group 'items' gets 'max' 3 here and 2 on another view [PF804]"])
    let crossing = Self.spec([("items.*.a", #""<items>": {"min": 4}"#), ("items.*.b", #""<items>": {"max": 3}"#)])
    #expect(
      diagnose(crossing) == ["3:70: error: group 'items' gets 'min' 4, greater than its 'max' 3 [PF802]"])
  }

  @Test func neighboursCompareWithinOneGroup() {
    let inside = Self.spec([
      ("items.*.password", #""<validators>": {"required": true}, "<items>": {"min": 1}"#),
      ("items.*.confirm", #""<validators>": {"required": true, "equal_previous": true}"#),
    ])
    #expect(diagnose(inside) == [])
    let outside = Self.spec([
      ("password", #""<validators>": {"required": true}"#),
      ("items.*.confirm", #""<validators>": {"required": true, "equal_previous": true}, "<items>": {"min": 1}"#),
    ])
    #expect(
      diagnose(outside) == [
        "3:92: error: 'equal_previous' compares a view in group 'items' with a neighbour outside any group [PF805]"
      ])
  }

  @Test func aKeyCannotNameAMemberOfAGroupsArray() {
    let spec = Self.spec([("items.*.name", ""), ("items.count", "")])
    #expect(
      diagnose(spec) == [
        "3:38: error: key 'items.count' puts a value inside 'items', which is the array of a repeated group [PF806]"
      ])
    // `items` itself collides with `items.*.name` as any prefix does.
    #expect(codes(Self.spec([("items.*.name", ""), ("items", "")])) == ["PF503"])
  }

  @Test func relativeAndParentPathsResolveInTheElement() throws {
    let spec = Self.spec([
      ("wrapping", ""),
      ("items.*.gift", ""),
      ("items.*.note", #""<visible_if>": "gift", "<required_if>": "../wrapping", "<same_as>": "/items/*/gift""#),
      ("orders.*.total", ""),
      ("orders.*.lines.*.sku", #""<visible_if>": {"<all>": ["../total", "../../wrapping"]}"#),
    ])
    let found = FormCompiler.compile(
      string: spec,
      options: CompileOptions(silencedWarnings: [
        .deviceIgnoresVisibleIf, .deviceIgnoresRequiredIf, .deviceIgnoresSameAs,
      ]))
    #expect(found.diagnostics.map(\.message) == [])
    let field = try #require(found.form?.model.cells[2].views[0].field)
    #expect(field.visibleIf?.condition.paths.map(\.key) == ["items.*.gift"])
    #expect(field.requiredIf?.condition.paths.map(\.key) == ["wrapping"])
    #expect(field.sameAs?.key == "items.*.gift")
    let line = try #require(found.form?.model.cells[4].views[0].field)
    #expect(line.visibleIf?.condition.paths.map(\.key) == ["orders.*.total", "wrapping"])
  }

  @Test func pathsCannotLeaveTheRootOrEnterAnotherGroup() {
    let options = CompileOptions(silencedWarnings: [.deviceIgnoresVisibleIf])
    let above = Self.spec([("x", ""), ("items.*.gift", #""<visible_if>": "../../x""#)])
    #expect(
      diagnose(above, options: options) == [
        "3:71: error: binding path '../../x' goes above the record's root [PF703]"
      ])
    let into = Self.spec([("items.*.gift", ""), ("wrapping", #""<visible_if>": "items/gift""#)])
    #expect(
      diagnose(into, options: options) == [
        "3:66: error: binding path 'items/gift' names view 'items.*.gift' inside group 'items', which view 'wrapping' is not in [PF807]"
      ])
    let sibling = Self.spec([("a.*.x", ""), ("b.*.y", #""<visible_if>": "/a/*/x""#)])
    #expect(
      diagnose(sibling, options: options) == [
        "3:63: error: binding path '/a/*/x' names view 'a.*.x' inside group 'a', which view 'b.*.y' is not in [PF807]"
      ])
  }

  @Test func requiredInAGroupThatMayBeEmptyIsTheDevicesDifference() {
    let spec = Self.spec([("items.*.name", #""<validators>": {"required": true}"#)])
    let found = FormCompiler.compile(string: spec).diagnostics
    #expect(
      found.map { "\($0.range.start.line):\($0.range.start.column): \($0.severity.rawValue): \($0.message)" } == [
        "2:71: warning: 'required' on 'items.*.name' passes when group 'items' is empty: the device fails its literal key there"
      ])
    #expect(
      found.first?.notes.map(\.message).last == "give a view of the group '<items>': {\"min\": 1} to require an element"
    )
    let bounded = Self.spec([("items.*.name", #""<validators>": {"required": true}, "<items>": {"min": 1}"#)])
    #expect(diagnose(bounded) == [])
    let nested = Self.spec([
      ("orders.*.id", #""<items>": {"min": 1}"#),
      ("orders.*.lines.*.sku", #""<validators>": {"required": true}"#),
    ])
    #expect(codes(nested) == ["PF808"])
  }
}

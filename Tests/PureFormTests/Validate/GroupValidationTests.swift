import Foundation
import Testing

@testable import PureForm

/// Repeated groups: arrays of objects and scalars, nested groups, flat indexed keys and
/// the device's literal key, per-element failures keyed and pathed by element, `<items>` counts, the
/// element limit, conditions and neighbours inside elements, output arrays, `--flat`, `--field`, and the
/// same bytes from the library, NDJSON (`--jobs 1` and 2) and the record validator.
@Suite struct GroupValidationTests {
  /// Line items (1 to 3, each a name and an integer quantity, a gift flag and a note shown for gifts), a
  /// customer outside the group, and tags (a group of scalars).
  static let order = ConditionTests.spec([
    ("customer", #""<validators>": {"required": true}"#),
    ("items.*.name", #""<validators>": {"required": true, "min_length": 2}, "<items>": {"min": 1, "max": 3}"#),
    ("items.*.qty", #""<type>": "integer", "<validators>": {"min_value": 1}"#),
    ("items.*.gift", #""<type>": "bool""#),
    ("items.*.gift_note", #""<visible_if>": "gift", "<required_if>": "../customer""#),
    ("tags.*", #""<validators>": {"max_length": 5}"#),
  ])

  /// The result line of `record`, after checking that NDJSON gives the same line with one and two workers.
  static func line(
    _ spec: String, _ record: String, options: ValidationOptions = ValidationOptions(),
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> String {
    let form = try #require(
      FormCompiler.compile(string: spec).form, "\(diagnose(spec))", sourceLocation: sourceLocation)
    let line = try form.validate(json: record, options: options).jsonText
    _ = try NDJSONStreamTests.compare(form, [Array(record.utf8)], options: options, sourceLocation: sourceLocation)
    for jobs in [1, 2] {
      let output = try form.validateNDJSON(Array((record + "\n").utf8), options: options, jobs: jobs).output
      #expect(
        String(decoding: output, as: UTF8.self) == "{\"line\":1," + line.dropFirst() + "\n", "jobs \(jobs)",
        sourceLocation: sourceLocation)
    }
    return line
  }

  /// Each failure of `record` as `key path validator`.
  static func failed(_ spec: String, _ record: String, options: ValidationOptions = ValidationOptions()) throws
    -> [String]
  {
    _ = try line(spec, record, options: options)
    return try validation(spec, record, options: options).failures.map { "\($0.key) \($0.path) \($0.validator)" }
  }

  @Test func anArrayOfObjectsIsValidatedElementByElementAndOutputInOrder() throws {
    let record =
      #"{"customer": "Ada", "items": [{"name": "Tea", "qty": "2"}, {"name": "Jam", "qty": 1, "gift": "on", "gift_note": "For Bob"}], "tags": ["red", "big"]}"#
    #expect(
      try Self.line(Self.order, record)
        == #"{"valid":true,"values":{"customer":"Ada","items":[{"name":"Tea","qty":2,"gift":""},{"name":"Jam","qty":1,"gift":true,"gift_note":"For Bob"}],"tags":["red","big"]},"hidden":["items.0.gift_note"]}"#
    )
    #expect(
      try Self.line(Self.order, record, options: ValidationOptions(flat: true))
        == #"{"valid":true,"values":{"customer":"Ada","items.0.name":"Tea","items.0.qty":2,"items.0.gift":"","items.1.name":"Jam","items.1.qty":1,"items.1.gift":true,"items.1.gift_note":"For Bob","tags.0":"red","tags.1":"big"},"hidden":["items.0.gift_note"]}"#
    )
  }

  @Test func failuresAreKeyedAndPathedByElementWithTheTemplatesLocation() throws {
    let record =
      #"{"customer": "Ada", "items": [{"name": "Tea"}, {"name": "J", "qty": 0}, {"name": "Oats", "qty": "many"}]}"#
    let result = try validation(Self.order, record)
    #expect(
      result.failures.map { "\($0.key) \($0.path) \($0.validator) \($0.row) \($0.tag) \($0.line):\($0.column)" } == [
        "items.1.name /items/1/name min_length 1 0 3:14",
        "items.1.qty /items/1/qty min_value 2 0 4:14",
        "items.2.qty /items/2/qty type_mismatch 2 0 4:14",
      ])
    _ = try Self.line(Self.order, record)
    let all = try Self.failed(Self.order, #"{"items": [{"qty": 0}]}"#, options: ValidationOptions(allFailures: true))
    #expect(
      all == [
        "customer /customer required", "items.0.name /items/0/name required",
        "items.0.name /items/0/name min_length", "items.0.qty /items/0/qty min_value",
      ])
  }

  @Test func flatIndexedKeysAndTheDevicesLiteralKeyAreElements() throws {
    // A form post: flat indices, and the device's literal key as element 0.
    #expect(
      try Self.line(
        Self.order, #"{"customer": "Ada", "items.*.name": "Tea", "items.*.qty": "2", "items.1.name": "Jam"}"#)
        == #"{"valid":true,"values":{"customer":"Ada","items":[{"name":"Tea","qty":2,"gift":""},{"name":"Jam","qty":"","gift":""}],"tags":[]},"hidden":["items.0.gift_note","items.1.gift_note"]}"#
    )
    // Indices may skip: the elements between are elements with every view missing.
    #expect(
      try Self.failed(
        Self.order, #"{"customer": "Ada", "items.*.name": "Tea", "items.2.name": "Jam", "tags.1": "toolong"}"#)
        == ["items.1.name /items/1/name required", "tags.1 /tags/1 max_length"])
    // An index with a leading zero or a sign names no element, and is ignored as an unknown key.
    #expect(
      try Self.failed(Self.order, #"{"customer": "Ada", "items.01.name": "T", "items.-1.name": "T"}"#) == [
        "items /items min_items"
      ])
  }

  @Test func absentOrNullIsEmptyAndOtherShapesAreMismatches() throws {
    #expect(try Self.failed(Self.order, #"{"customer": "Ada"}"#) == ["items /items min_items"])
    #expect(try Self.failed(Self.order, #"{"customer": "Ada", "items": null}"#) == ["items /items min_items"])
    #expect(
      try Self.failed(Self.order, #"{"customer": "Ada", "items": {"name": "Tea"}}"#) == ["items /items type_mismatch"])
    // An array and flat keys both: which one is meant is unknown.
    #expect(
      try Self.failed(Self.order, #"{"customer": "Ada", "items": [{"name": "Tea"}], "items.1.name": "Jam"}"#) == [
        "items /items type_mismatch"
      ])
    // An element that is not an object (null included) fails alone; its views are not validated.
    #expect(
      try Self.failed(Self.order, #"{"customer": "Ada", "items": [{"name": "Tea"}, null, "Jam", {"name": "J"}]}"#) == [
        "items /items max_items", "items.1 /items/1 type_mismatch", "items.2 /items/2 type_mismatch",
        "items.3.name /items/3/name min_length",
      ])
    // In a scalar group null is a missing value, and an array or object a mismatch at the element.
    #expect(
      try Self.failed(
        Self.order, #"{"customer": "Ada", "items": [{"name": "Tea"}], "tags": ["ok", null, [1], "toolong"]}"#)
        == ["tags.2 /tags/2 type_mismatch", "tags.3 /tags/3 max_length"])
    #expect(
      try Self.line(Self.order, #"{"customer": "Ada", "items": [{"name": "Tea"}], "tags": [null]}"#)
        == #"{"valid":true,"values":{"customer":"Ada","items":[{"name":"Tea","qty":"","gift":""}],"tags":[""]},"hidden":["items.0.gift_note"]}"#
    )
  }

  @Test func countsFailAtTheGroupsKeyWhereItemsIsWritten() throws {
    let result = try validation(Self.order, #"{"customer": "Ada", "items": []}"#)
    #expect(
      result.failures.map { "\($0.key) \($0.validator) \($0.argument) \($0.reason) \($0.line):\($0.column)" } == [
        "items min_items 1 At least 1 items are required 3:14"
      ])
    #expect(
      try Self.failed(
        Self.order,
        #"{"customer": "Ada", "items": [{"name": "Tea"}, {"name": "Tea"}, {"name": "Tea"}, {"name": "Tea"}]}"#)
        == ["items /items max_items"])
    let messages = ConditionTests.spec([
      ("tags.*", #""<items>": {"min": 2}, "<messages>": {"min_items": "Give two tags"}"#)
    ])
    #expect(try validation(messages, #"{"tags": ["a"]}"#).failures.map(\.reason) == ["Give two tags"])
  }

  @Test func conditionsAndNeighboursReadTheElement() throws {
    // `gift` is the element's own; `../customer` the root's.
    #expect(
      try Self.failed(
        Self.order, #"{"customer": "Ada", "items": [{"name": "Tea", "gift": true}, {"name": "Jam", "gift": false}]}"#)
        == ["items.0.gift_note /items/0/gift_note required_if"])
    let pairs = ConditionTests.spec([
      ("pairs.*.a", #""<items>": {"min": 1}, "<validators>": {"required": true}"#),
      ("pairs.*.b", #""<validators>": {"required": true, "equal_previous": true}"#),
    ])
    #expect(
      try Self.failed(pairs, #"{"pairs": [{"a": "x", "b": "x"}, {"a": "y", "b": "x"}]}"#) == [
        "pairs.1.b /pairs/1/b equal_previous"
      ])
  }

  @Test func nestedGroups() throws {
    let spec = ConditionTests.spec([
      ("orders.*.id", #""<items>": {"min": 1}, "<validators>": {"required": true}"#),
      ("orders.*.lines.*.sku", #""<items>": {"max": 2}, "<validators>": {"min_length": 3}"#),
    ])
    #expect(
      try Self.line(spec, #"{"orders": [{"id": "A", "lines": [{"sku": "abc"}]}, {"id": "B"}]}"#)
        == #"{"valid":true,"values":{"orders":[{"id":"A","lines":[{"sku":"abc"}]},{"id":"B","lines":[]}]}}"#)
    // Flat keys reach into nested groups; a missing `sku` fails `min_length`, as a missing value does.
    #expect(
      try Self.failed(
        spec, #"{"orders.0.id": "A", "orders.0.lines.1.sku": "x", "orders.1.id": "B", "orders.1.lines": [{}, {}, {}]}"#)
        == [
          "orders.0.lines.0.sku /orders/0/lines/0/sku min_length",
          "orders.0.lines.1.sku /orders/0/lines/1/sku min_length",
          "orders.1.lines /orders/1/lines max_items", "orders.1.lines.0.sku /orders/1/lines/0/sku min_length",
          "orders.1.lines.1.sku /orders/1/lines/1/sku min_length",
          "orders.1.lines.2.sku /orders/1/lines/2/sku min_length",
        ])
  }

  @Test func fieldValidatesOneTemplateInEveryElement() throws {
    let options = ValidationOptions(field: "items.*.name")
    #expect(
      try Self.line(Self.order, #"{"items": [{"name": "Tea", "qty": "x"}, {"name": "J"}]}"#, options: options)
        == #"{"valid":false,"failures":[{"key":"items.1.name","path":"/items/1/name","validator":"min_length","argument":2,"reason":"String length is too short, than expected (2)","section":0,"row":1,"tag":0,"line":3,"column":14}],"hidden":["items.0.gift_note","items.1.gift_note"]}"#
    )
    #expect(
      try Self.line(Self.order, #"{"items": [{"name": "Tea"}]}"#, options: options)
        == #"{"valid":true,"values":{"items":[{"name":"Tea"}]},"hidden":["items.0.gift_note"]}"#)
  }

  @Test func theLibraryReadsValuesAsItReadsJSON() throws {
    let form = try #require(FormCompiler.compile(string: Self.order).form)
    let record = #"{"customer": "Ada", "items": [{"name": "Tea", "qty": 2}], "tags": ["a"]}"#
    let value = try JSONDecoder().decode(FormValue.self, from: Data(record.utf8))
    #expect(try form.validate(value) == form.validate(json: record))
  }

  /// A million elements fail `max_items` (argument the limit) without being kept: the reader drops every
  /// element past the limit as it reads it, and nothing past it is validated (`HostileGroupInputTests` shows
  /// what the reader kept).
  @Test func aHugeArrayFailsUnread() throws {
    let element = #"{"name": "Tea", "qty": 1}"#
    let record =
      #"{"customer": "Ada", "items": ["# + Array(repeating: element, count: 1_000_000).joined(separator: ",") + "]}"
    let form = try #require(FormCompiler.compile(string: Self.order).form)
    let result = try form.validate(json: record)
    #expect(result.failures.map { "\($0.key) \($0.validator) \($0.argument)" } == ["items max_items 10000"])
    // A flat index past the limit makes the array too long without anything being allocated for it.
    #expect(
      try Self.failed(Self.order, #"{"customer": "Ada", "items.999999999999.name": "Tea"}"#) == [
        "items /items max_items"
      ])
    // At the limit exactly, every element is read.
    let atLimit =
      #"{"customer": "Ada", "tags": ["# + Array(repeating: #""a""#, count: 10_000).joined(separator: ",") + "]}"
    #expect(try validation(Self.order, atLimit).failures.map(\.key) == ["items"])
  }

  /// Groups nested as deep as a spec may nest them, and input nested past the reader's depth limit.
  @Test func deepNestingStaysBounded() throws {
    let depth = 40
    let key = (0..<depth).map { "g\($0).*" }.joined(separator: ".") + ".leaf"
    let spec = ConditionTests.spec([(key, #""<validators>": {"max_length": 1}"#)])
    var record = #""toolong""#
    for level in (0..<depth).reversed() {
      record = "{\"g\(level)\": [\(record == #""toolong""# ? "{\"leaf\": \(record)}" : record)]}"
    }
    let failures = try validation(spec, record).failures
    #expect(failures.map(\.validator) == ["max_length"])
    #expect(failures.first?.path == "/" + (0..<depth).map { "g\($0)/0" }.joined(separator: "/") + "/leaf")
    let tooDeep = #"{"items": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}"
    let form = try #require(FormCompiler.compile(string: Self.order).form)
    #expect(throws: InputError.self) { try form.validate(json: tooDeep) }
  }
}

import Foundation
import Testing

@testable import PureForm

/// Repeated groups on the rule kernel: generated orders (arrays of line items and of coupons, each member
/// absent or a value on either side of its rules, conditions inside elements) give byte for byte the lines
/// recorded for them under every option, and the same bytes with any job count; a group's failing shapes (not an
/// array, an element that is not an object, too many elements) fail on the kernel, and the records only the
/// shape the scanner reads as arrays still give its lines; a group under a dotted name (`cart.items`) and groups nested in
/// groups (`orders.*.lines.*.sku`) are read there too.
@Suite struct GroupKernelTests {
  /// The element members of `Specs/order.json`'s line items, each absent or one of its values.
  static let itemChoices: [(key: String, values: [String])] = [
    ("sku", [#""ABC-123""#, #""abc-12""#, #""""#, "null", "7", #""X\u0059Z-999""#]),
    ("quantity", ["1", "0", "99", "100", #""3""#, "2.5", "true", #""""#]),
    ("gift", ["true", "false", #""on""#, #""maybe""#, "0"]),
    ("gift_note", [#""With love""#, #""""#, "\"" + String(repeating: "x", count: 141) + "\"", #""caf\u00e9""#]),
    ("extra", ["{}", "[1,2]", #""ignored""#]),
  ]

  /// Records of the order form: an e-mail, zero to 22 items, zero to five coupons; about one in twelve in a
  /// shape read again as arrays.
  static func orders(count: Int, seed: UInt64) -> [[UInt8]] {
    var generator = NDJSONRecordGenerator(keys: [], seed: seed)
    let coupons = [#""SPRING24""#, #""WELCOME""#, #""THIRTEEN-CHARS""#, "null", "5", "{}", #""""#]
    return (0..<count).map { _ in
      var members: [String] = []
      if generator.below(5) > 0 { members.append(#""email": "ada@example.com""#) }
      let itemCount = [0, 1, 1, 2, 3, 6, 20, 21, 22][generator.below(9)]
      if generator.below(10) > 0 || itemCount > 0 {
        let items = (0..<itemCount).map { _ in
          let element = generator.members(of: itemChoices).map { "\"\($0.key)\":\($0.value)" }
          return "{" + element.joined(separator: ",") + "}"
        }
        members.append(#""items": ["# + items.joined(separator: ", ") + "]")
      }
      if generator.below(3) > 0 {
        let list = (0..<generator.below(6)).map { _ in coupons[generator.below(coupons.count)] }
        members.append(#""coupons":["# + list.joined(separator: ",") + "]")
      }
      switch generator.below(24) {
      case 0: members.append(#""items.0.sku": "ABC-123""#)
      case 1: members.append(#""items": "not an array""#)
      case 2: members.append(#""items": [1, {"sku": "ABC-123"}]"#)
      case 3: members.append(#""coupons": null"#)
      case 4: members.insert(#""items": [{"sku": "ZZZ-000"}]"#, at: 0)
      case 5: members.append(#""items": {"sku": "ABC-123"}"#)
      default: break
      }
      return Array(("{" + members.joined(separator: ", ") + "}").utf8)
    }
  }

  @Test(arguments: [
    ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(flat: true),
    ValidationOptions(field: "items.*.quantity"), ValidationOptions(field: "items.*.sku", liveOnly: true),
  ])
  func orderRecordsMatchTheirRecordedLines(options: ValidationOptions) throws {
    let form = try NDJSONStreamTests.form("order.json")
    let lines = Self.orders(count: generatedCount(1500), seed: 22)
    let (text, validated) = try recordedLines(form, lines, options: options, jobs: [1, 2])
    #expect(validated == lines.count, "arrays, flat keys and failing shapes take the kernel under every option")
    // Both verdicts, failures at elements and hidden notes at elements occur.
    #expect(text.contains(#""valid":true"#))
    guard options.field == nil else { return }
    #expect(text.contains(#"/items/3/"#))
    #expect(text.contains(#""key":"items","path":"/items","validator":"min_items""#))
    #expect(text.contains(#""items.0.gift_note""#))
  }

  @Test(arguments: [ValidationOptions(includesValues: false), ValidationOptions(idKey: "email")])
  func pipelineOptionsMatchTheirRecordedLines(options: ValidationOptions) throws {
    let form = try NDJSONStreamTests.form("order.json")
    let lines = Self.orders(count: 600, seed: 23)
    let (_, validated) = try recordedLines(form, lines, options: options, jobs: [2])
    #expect(validated > lines.count * 3 / 4)
  }

  /// A valid order's line, written by the kernel, exactly.
  @Test func aValidOrderIsWrittenWithItsArrays() throws {
    let form = try NDJSONStreamTests.form("order.json")
    var validator = try RecordValidator(form: form, options: ValidationOptions())
    let line =
      #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":2},{"sku":"XYZ-999","gift":true,"gift_note":"For you"}],"coupons":["VIP10"]}"#
    #expect(validator.validate(line: Array(line.utf8), number: 1) == .valid)
    #expect(
      String(decoding: validator.outputLine, as: UTF8.self)
        == #"{"line":1,"valid":true,"values":{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":2,"gift":false},{"sku":"XYZ-999","quantity":1,"gift":true,"gift_note":"For you"}],"coupons":["VIP10"]},"hidden":["items.0.gift_note"]}"#
        + "\n")
    #expect(validator.lineCounts.validated == 1)
  }

  /// The shapes that fail a group as a whole, on the kernel, each line the one recorded for it: a value that is not an
  /// array, elements that are not objects (each at its index; the object beside them is checked), and an
  /// array past `PlanGroup.elementLimit`, which fails `max_items` alone whatever its elements hold.
  @Test(arguments: [ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(field: "items.*.sku")])
  func groupShapesFailOnTheKernel(options: ValidationOptions) throws {
    let form = try NDJSONStreamTests.form("order.json")
    func order(_ items: String) -> [UInt8] { Array(#"{"email":"ada@example.com","items":\#(items)}"#.utf8) }
    func repeated(_ element: String, _ count: Int) -> String {
      "[" + Array(repeating: element, count: count).joined(separator: ",") + "]"
    }
    let lines = [
      order(#""not an array""#), order("{}"), order("7"), order(#"[1, {"sku": "abc", "quantity": 1}, null, [], "x"]"#),
      order(#"[ 1 ,{"sku":"ABC-123","quantity":2} ]"#),
      order(repeated(#"{"sku":"abc","quantity":1}"#, PlanGroup.elementLimit + 1)),
      order(repeated(#"{"sku":"ABC-123","quantity":1,"gift":"on"}"#, PlanGroup.elementLimit + 2)),
      order(repeated("1", PlanGroup.elementLimit)),
    ]
    let (output, validated) = try recordedLines(form, lines, options: options)
    #expect(validated == lines.count, "every shape on the kernel")
    let text = output.split(separator: "\n").map(String.init)
    let array = #"{"key":"items","path":"/items","validator":"type_mismatch","argument":"array","#
    let element = #"{"key":"items.4","path":"/items/4","validator":"type_mismatch","argument":"object","#
    let limit = #"{"key":"items","path":"/items","validator":"max_items","argument":10000,"#
    #expect(text[0].contains(array) && text[1].contains(array) && text[2].contains(array))
    #expect(text[3].contains(element) && text[3].contains(#""key":"items.0","#))
    #expect(text[3].contains(#""key":"items.1.sku""#))
    #expect(text[5].contains(limit) && text[6].contains(limit))
    #expect(!text[5].contains("items.0.sku") && !text[6].contains(#""hidden":["items"#))
    #expect(text[7].contains(#""key":"items.9999","#) && !text[7].contains(#""argument":10000"#))
  }

  /// A group whose elements hold nested views (`items.*.address.city`), sent nested or dotted inside the
  /// element (the dotted member winning, as `InputLookup` has it), on the kernel: each line the one recorded for it.
  @Test(arguments: [ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(flat: true)])
  func nestedViewsInElementsOnTheKernel(options: ValidationOptions) throws {
    let spec = #"""
      [{"<C + C>": {
        "a?": {"<key>": "items.*.name", "<validators>": {"required": true}},
        "b?": {"<key>": "items.*.address.city", "<validators>": {"min_length": 2}},
        "c?": {"<key>": "items.*.address.zip", "<type>": "integer", "<value>": 1000, "<visible_if>": "address/city"},
        "d?": {"<key>": "note"}
      }}]
      """#
    let form = try #require(FormCompiler.compile(string: spec, name: "nested-views.json").form)
    let elements = [
      #"{"name":"a","address":{"city":"Rome","zip":"10100"}}"#, #"{"name":"b","address.city":"P"}"#,
      #"{"address":{"city":"Oslo"},"address.city":"X","name":"c"}"#, #"{"address.city":"Lima","address":{"city":"Q"}}"#,
      #"{"name":"d","address":{"zip":"x"}}"#, #"{"name":"e","address":"flat"}"#, "{}",
      #"{"name":"f","address":{"city":"Kyiv"},"address":{"zip":12}}"#,
    ]
    let lines = pairLines(elements) { #"{"note":"n","items":[\#($0),\#($1)]}"# }
    let (text, validated) = try recordedLines(form, lines, options: options)
    #expect(validated == lines.count, "every record on the kernel")
    #expect(text.contains(#""key":"items.1.address.city","path":"/items/1/address/city""#))
    #expect(text.contains(#""valid":true"#))
  }

  /// Groups given by flat keys, as form posts send them, on the kernel, each line the one recorded for it: gaps
  /// (an empty element), `*` as element 0, a member naming the element itself (the last one wins over the
  /// element's members), names with no index (not read), an index past the limit, flat keys beside an array
  /// or `null`, and scalar groups.
  @Test(arguments: [ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(flat: true)])
  func flatKeysOnTheKernel(options: ValidationOptions) throws {
    let form = try NDJSONStreamTests.form("order.json")
    let members = [
      #""items.0.sku":"ABC-123","items.0.quantity":2"#, #""items.2.sku":"abc""#, #""items.*.sku":"XYZ-999""#,
      #""items.1":{"sku":"DEF-456","gift":true}"#, #""items.1.sku":"zzz""#, #""items.01.sku":"ABC-123""#,
      #""items.x.sku":"1""#, #""items.1..quantity":"3""#, #""items.3":7"#, #""items.20000.sku":"A""#,
      #""items":[]"#, #""items":null"#, #""coupons.0":"SPRING24""#, #""coupons.3":"WELCOME""#, #""coupons.*":5"#,
      #""coupons.1.x":"y""#, #""items.0.gift":"on","items.0.gift_note":"For you""#,
    ]
    let lines = pairLines(members) { #"{"email":"ada@example.com",\#($0),\#($1)}"# }
    let (text, validated) = try recordedLines(form, lines, options: options)
    #expect(validated == lines.count, "every record on the kernel")
    #expect(text.contains(#""valid":true"#) && text.contains(#""key":"items.2.sku""#))
    #expect(text.contains(#""validator":"max_items","argument":10000"#))
  }

  /// Member names with a non-ASCII character or escapes in a grouped form, on the kernel, every line the one
  /// recorded for it (`ReferenceOutputs`): a name no view has is left unread, and one that starts with a group's key and a dot
  /// (`items.0.skü`, `items.0.s\u006bu`: flat keys) has the record read again with its groups as arrays
  /// (`ValidationPlan.arrayedRecord`), its other members as sent (the `id` too).
  @Test(arguments: [ValidationOptions(), ValidationOptions(idKey: "café"), ValidationOptions(flat: true)])
  func nonASCIINamesInAGroupedForm(options: ValidationOptions) throws {
    let form = try NDJSONStreamTests.form("order.json")
    let order = #""email":"ada@example.com","items":[{"sku":"ABC-123"}]"#
    let unread = [#""café":"\u00e9t\u00e9""#, #""ítems.0.sku":"x""#, #""items":[{"sku":"ABC-123","skü":1}],"é":[]"#]
    let flat = [
      #""items.0.skü":"x""#, #""coupons.1.ñ":"y""#, #""items.0.s\u006bu":"x""#, #""items.1.s\u006bu":"bad""#,
      #""café":1.50,"items.2.quantity":"7""#, #""coupons.\u0030":"WELCOME""#,
    ]
    let lines = (unread + flat).map { Array("{\(order),\($0)}".utf8) } + flat.map { Array("{\($0)}".utf8) }
    let (text, validated) = try recordedLines(form, lines, options: options)
    #expect(validated == lines.count, "every record on the kernel")
    #expect(text.contains(#""valid":true"#))
  }

  /// A group under a dotted name (`cart.items`) on the kernel, each line the one recorded for it: its array nested
  /// (`"cart": {"items": […]}`, beside a view of the record in the same object) or under its dotted key (which
  /// wins, even when `null`), by flat keys (`cart.items.0.sku`), a `cart` that is no object or repeats (the
  /// last one wins), and every shape that fails.
  @Test(arguments: [
    ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(flat: true),
    ValidationOptions(field: "cart.items.*.sku"),
  ])
  func aGroupUnderADottedNameOnTheKernel(options: ValidationOptions) throws {
    let spec = #"""
      [{"<C + C>": {
        "a?": {"<key>": "cart.note", "<validators>": {"max_length": 5}},
        "b?": {"<key>": "cart.items.*.sku", "<items>": {"min": 1, "max": 2},
               "<validators>": {"required": true, "custom": "[A-Z]{3}"}},
        "c?": {"<key>": "cart.items.*.qty", "<type>": "integer", "<validators>": {"min_value": 1}},
        "e?": {"<key>": "email", "<visible_if>": "cart/note"}
      }}]
      """#
    let form = try #require(FormCompiler.compile(string: spec, name: "cart.json").form)
    let members = [
      #""cart":{"note":"hi","items":[{"sku":"ABC","qty":2}]}"#, #""cart":{"items":[{"sku":"ab"},{"qty":"0"}]}"#,
      #""cart":{"items":[]}"#, #""cart":{"items":null,"note":"longer"}"#, #""cart":{"items":"no"}"#,
      #""cart":{"items":[1,{"sku":"XYZ"}]}"#, #""cart":{"items":[{},{},{}]}"#, #""cart":7"#, #""cart":{}"#,
      #""cart.items":[{"sku":"DEF","qty":1}]"#, #""cart.items":null"#, #""cart.items":{"sku":"ABC"}"#,
      #""cart.items.0.sku":"GHI""#, #""cart.items.1.qty":3"#, #""cart.items.*.sku":"x""#, #""cart.items.0":5"#,
      #""cart.note":"dot""#, #""email":"ada@example.com""#,
    ]
    let lines = pairLines(members) { "{\($0),\($1)}" }
    let (text, validated) = try recordedLines(form, lines, options: options)
    #expect(validated == lines.count, "every record on the kernel")
    #expect(text.contains(#""valid":true"#))
    guard options.field == nil else { return }
    #expect(text.contains(#""key":"cart.items.1.qty","path":"/cart/items/1/qty""#))
    #expect(text.contains(#""key":"cart.items","path":"/cart/items","validator":"type_mismatch""#))
  }

  /// A form with groups nested in groups (`orders.*.lines.*.sku`, a group of scalars in an element, one under
  /// a dotted name in the element) on the kernel, each line the one recorded for it: elements missing members, every
  /// failing shape at each depth, conditions and `<required_if>` reading the enclosing element, `<same_as>`
  /// and neighbours in an element, hidden views at both depths.
  static let nestedSpec = #"""
    [
      {"<O + O>": {
        "a?": {"<key>": "orders.*.id", "<items>": {"min": 1, "max": 3},
               "<validators>": {"required": true, "custom": "[A-Z][0-9]{2}"}},
        "b?": {"<key>": "orders.*.ship.city", "<validators>": {"max_length": 8}}}},
      {"<L + L>": {
        "c?": {"<key>": "orders.*.lines.*.sku", "<items>": {"min": 1, "max": 2},
               "<validators>": {"required": true, "min_length": 2}},
        "d?": {"<value>": 1, "<key>": "orders.*.lines.*.count", "<type>": "integer", "<validators>": {"min_value": 1}},
        "e?": {"<key>": "orders.*.lines.*.note", "<visible_if>": "../ship/city", "<required_if>": "count",
               "<validators>": {"max_length": 4}}}},
      {"<= + =>": {"c?": {"<key>": "orders.*.lines.*.again", "<validators>": {"equal_previous": true}}}},
      {"<T + T>": {
        "g?": {"<key>": "orders.*.tags.*", "<type>": "number", "<items>": {"max": 2}, "<validators>": {"max_value": 10}},
        "h?": {"<key>": "orders.*.box.parts.*.name", "<visible_if>": "../../email", "<validators>": {"required": true}},
        "i?": {"<key>": "email", "<validators>": {"required": true}}}}
    ]
    """#

  /// Records of `nestedSpec`: zero to four orders, each with members absent or on either side of their rules.
  static func nestedOrders(count: Int, seed: UInt64) -> [[UInt8]] {
    var generator = NDJSONRecordGenerator(keys: [], seed: seed)
    // The first value (a valid one) half the time, else any value or none.
    func pick(_ values: [String]) -> String? {
      guard generator.below(2) > 0 else { return values[0] }
      let index = generator.below(values.count + 1)
      return index < values.count ? values[index] : nil
    }
    func line() -> String {
      var members: [String] = []
      for (key, values) in [
        ("sku", [#""AB""#, #""A""#, "null", "7", #""""#]), ("count", ["1", "0", #""2""#, "true", "null"]),
        ("note", [#""ok""#, #""too long""#, "5"]), ("again", [#""AB""#, #""x""#]),
      ] {
        if let value = pick(values) { members.append("\"\(key)\":\(value)") }
      }
      return "{" + members.joined(separator: ",") + "}"
    }
    func order() -> String {
      var members: [String] = []
      if let id = pick([#""A12""#, #""a1""#, "null", "12"]) { members.append(#""id":"# + id) }
      if let ship = pick([#"{"city":"Paris"}"#, #"{"city":"Llanfairpwll"}"#, "{}", #""Paris""#]) {
        members.append(#""ship":"# + ship)
      }
      if generator.below(8) == 0 { members.append(#""ship.city":"Oslo""#) }
      switch generator.below(16) {
      case 0: members.append(#""lines":"none""#)
      case 1: members.append(#""lines":[1,{"sku":"AB"}]"#)
      case 2: members.append(#""lines":null"#)
      case 3: break
      case 4: members.append(#""lines.0.sku":"AB""#)
      default:
        let lines = (0..<[0, 1, 1, 2, 3][generator.below(5)]).map { _ in line() }
        members.append(#""lines":["# + lines.joined(separator: ",") + "]")
      }
      if let tags = pick(["[1,2]", "[11]", "[1,2,3]", #"["x"]"#, "{}"]) { members.append(#""tags":"# + tags) }
      if let parts = pick([#"{"parts":[{"name":"n"},{}]}"#, #"{"parts":[]}"#, #"{"parts":7}"#]) {
        members.append(#""box":"# + parts)
      }
      if generator.below(10) == 0 { members.append(#""box.parts":[{"name":"dot"}]"#) }
      return "{" + members.joined(separator: ",") + "}"
    }
    return (0..<count).map { _ in
      var members: [String] = []
      if generator.below(8) > 0 { members.append(#""email":"ada@example.com""#) }
      switch generator.below(16) {
      case 0: members.append(#""orders":{"id":"A12"}"#)
      case 1: members.append(#""orders":[5]"#)
      case 2: members.append(#""orders.0.id":"A12""#)
      default:
        let orders = (0..<[0, 1, 1, 1, 2, 4][generator.below(6)]).map { _ in order() }
        members.append(#""orders":["# + orders.joined(separator: ",") + "]")
      }
      return Array(("{" + members.joined(separator: ",") + "}").utf8)
    }
  }

  @Test(arguments: [
    ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(flat: true),
    ValidationOptions(field: "orders.*.lines.*.sku"),
    ValidationOptions(field: "orders.*.id"), ValidationOptions(field: "orders.*.lines.*.note", liveOnly: true),
  ])
  func nestedGroupsOnTheKernel(options: ValidationOptions) throws {
    let form = try #require(FormCompiler.compile(string: Self.nestedSpec, name: "nested.json").form)
    let lines = Self.nestedOrders(count: 600, seed: 41)
    let (text, validated) = try recordedLines(form, lines, options: options)
    // Flat keys naming a nested group's elements (`lines.0.sku`, `orders.0.id`) are read again as arrays.
    #expect(validated == lines.count, "every record on the kernel")
    #expect(text.contains(#""valid":true"#))
    guard options == ValidationOptions() else { return }
    #expect(text.contains(#""key":"orders.0.lines.1.sku","path":"/orders/0/lines/1/sku""#))
    #expect(text.contains(#""key":"orders.1.lines","path":"/orders/1/lines","validator":"type_mismatch""#))
    #expect(text.contains(#""hidden":["orders.0.lines.0.note""#))
  }

  /// Nested groups under the pipeline's options (no values, an `id`), held to their recordings, and
  /// with two jobs.
  @Test(arguments: [ValidationOptions(includesValues: false), ValidationOptions(idKey: "email")])
  func nestedGroupsUnderPipelineOptions(options: ValidationOptions) throws {
    let form = try #require(FormCompiler.compile(string: Self.nestedSpec, name: "nested.json").form)
    let lines = Self.nestedOrders(count: 600, seed: 43)
    let (_, validated) = try recordedLines(form, lines, options: options, jobs: [2])
    #expect(validated > lines.count * 3 / 4)
  }

  /// A member that starts with a group's key and a dot but names no index is left unread, whatever its name.
  ///
  /// As `GroupInput.read` leaves it: in an element (`lines.x`, `lines.x.sku`, `lines.01.sku`), and at the root
  /// with escapes or a non-ASCII character (`items.x.s\u006bu`, `items.x.café`). The record gives the result of
  /// the same record without it, in the library and on NDJSON, not "could not be read".
  @Test func aMemberNamingNoIndexIsLeftUnread() throws {
    let nested = try #require(FormCompiler.compile(string: Self.nestedSpec, name: "nested.json").form)
    let order = try NDJSONStreamTests.form("order.json")
    let cases: [(form: CompiledForm, record: (String) -> String, extras: [String])] = [
      (
        nested, { #"{"email":"a","orders":[{"id":"A12","lines":[{"sku":"ab","again":"ab"}]\#($0)}]}"# },
        [#","lines.x":1"#, #","lines.x.sku":"q","lines.01.sku":"q""#]
      ),
      (
        order, { #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":1}]\#($0)}"# },
        [#","items.x.s\u006bu":1"#, #","items.x.café":1"#, #","items.01.sk\u00fc":1"#]
      ),
    ]
    for (form, record, extras) in cases {
      let plain = try form.validate(json: Array(record("").utf8))
      let plainLine = try form.validateNDJSON(Array((record("") + "\n").utf8)).output
      #expect(String(decoding: plainLine, as: UTF8.self).hasPrefix(#"{"line":1,"valid":"#))
      for extra in extras {
        #expect(try form.validate(json: Array(record(extra).utf8)) == plain, "\(extra)")
        #expect(try form.validateNDJSON(Array((record(extra) + "\n").utf8)).output == plainLine, "\(extra)")
      }
    }
  }

  /// Keys a JSON string escapes (`"`, `\`, a control character) and a path `~` and `/` escape, in a group and
  /// a group nested in it, on the kernel: each line the one recorded for it, and the library's keys unescaped.
  static let escapedKeysSpec = #"""
    [
      {"<A + A>": {
        "a?": {"<key>": "it\"ems.*.na\\me", "<items>": {"min": 1, "max": 3},
               "<validators>": {"required": true, "min_length": 2}},
        "b?": {"<key>": "it\"ems.*.sub~/x.*", "<type>": "number", "<items>": {"max": 2},
               "<validators>": {"max_value": 3}},
        "c?": {"<key>": "it\"ems.*.t\u0001ab", "<visible_if>": "na\\me", "<validators>": {"max_length": 3}},
        "d?": {"<key>": "e\"mail", "<validators>": {"required": true}}}}
    ]
    """#

  @Test(arguments: [
    ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(flat: true),
    ValidationOptions(field: "it\"ems.*.sub~/x.*"), ValidationOptions(includesValues: false),
  ])
  func escapedKeysOnTheKernel(options: ValidationOptions) throws {
    let form = try #require(FormCompiler.compile(string: Self.escapedKeysSpec, name: "escaped.json").form)
    let lines = [
      #"{"e\"mail":"x","it\"ems":[{"na\\me":"ab","sub~/x":[1,2],"t\u0001ab":"abc"}]}"#,
      #"{"e\"mail":"x","it\"ems":[{"na\\me":"a","sub~/x":[1,5,6],"t\u0001ab":"abcd"},{"sub~/x":"no"},3]}"#,
      #"{"it\"ems":[]}"#, #"{"it\"ems":[{"na\\me":"ab"},{"na\\me":"ab"},{"na\\me":"ab"},{"na\\me":"ab"}]}"#,
      #"{"e\"mail":"x","it\"ems.0.na\\me":"a","it\"ems.1.t\u0001ab":"long"}"#,
      #"{"e\"mail":"x","it\"ems":[{"t\u0001ab":"long"}]}"#,
    ].map { Array($0.utf8) }
    let (text, validated) = try recordedLines(form, lines, options: options)
    #expect(validated == lines.count, "every record on the kernel")
    guard options == ValidationOptions() else { return }
    #expect(text.contains(#""key":"it\"ems.0.sub~/x.1","path":"/it\"ems/0/sub~0~1x/1""#))
    #expect(text.contains(#""hidden":["it\"ems.1.t\u0001ab"]"#))
    let result = try form.validate(json: lines[1])
    #expect(result.failures.map(\.key).prefix(3) == ["it\"ems.0.na\\me", "it\"ems.1.na\\me", "it\"ems.2"])
    #expect(result.hidden == ["it\"ems.1.t\u{1}ab"])
  }
}

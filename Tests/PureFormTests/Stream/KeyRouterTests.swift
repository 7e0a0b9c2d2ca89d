import Testing

@testable import PureForm

/// `KeyRouter`, the byte-keyed routing tables of the rule kernel.
///
/// Member names route to field numbers through one open-addressing table per node, in agreement with
/// `InputLookup`; names whose hashes collide (wholly, or only in their bucket) are told apart by their bytes.
@Suite struct KeyRouterTests {
  /// The router of a form with one field per key (field `n` is `keys[n]`).
  static func router(_ keys: [String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> KeyRouter {
    let form = try #require(FormCompiler.compile(string: keysSpec(keys)).form, sourceLocation: sourceLocation)
    return KeyRouter(form.plan.lookup)
  }

  static func hash(_ key: String) -> UInt32 {
    let bytes = Array(key.utf8)
    return bytes.withUnsafeBufferPointer { KeyRouter.hash($0.baseAddress, $0.count) }
  }

  /// The name of entry `entry`.
  static func name(_ router: KeyRouter, _ entry: Int) -> String {
    let start = Int(router.entries[entry].start)
    return String(decoding: router.names[start..<start + Int(router.entries[entry].length)], as: UTF8.self)
  }

  /// The entry of `key` in `node`'s table, found as the scanner does (probe from the hash's slot until an
  /// empty one), or -1.
  static func find(_ router: KeyRouter, _ key: String, node: Int = 0) -> Int {
    let hash = Self.hash(key)
    let table = router.nodes[node]
    var slot = hash & table.slotMask
    while true {
      let entry = Int(router.slots[Int(table.slotStart) + Int(slot)])
      if entry < 0 { return -1 }
      if router.entries[entry].hash == hash, name(router, entry) == key { return entry }
      slot = (slot + 1) & table.slotMask
    }
  }

  /// Where `key` leads from `node`: `field N` (a nested node reaching field N), `node N` (a node with
  /// fields below it), `dotted N` (only a dotted key), both joined by `+`; `unknown` when it is not there.
  static func route(_ router: KeyRouter, _ key: String, node: Int = 0) -> String {
    let entry = find(router, key, node: node)
    guard entry >= 0 else { return "unknown" }
    var parts: [String] = []
    let child = Int(router.entries[entry].child)
    if child >= 0 {
      let field = router.nodes[child].field
      parts.append(field >= 0 ? "field \(field)" : "node \(child)")
    }
    if router.entries[entry].dotted >= 0 { parts.append("dotted \(router.entries[entry].dotted)") }
    return parts.joined(separator: " + ")
  }

  /// `node`'s entry names in table order.
  static func names(_ router: KeyRouter, node: Int) -> [String] {
    let table = router.nodes[node]
    return (Int(table.entryStart)..<Int(table.entryStart + table.entryCount)).map { name(router, $0) }
  }

  /// The values line of a record the kernel validates (it must read the record, not write an error line).
  static func values(
    _ keys: [String], _ record: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> String {
    var validator = RecordValidator(plan: try recordPlan(keysSpec(keys)))
    _ = validator.validate(line: record)
    #expect(validator.lineCounts == (1, 0), "the kernel validates \(record)", sourceLocation: sourceLocation)
    return String(decoding: validator.outputLine, as: UTF8.self)
  }

  // MARK: Tables

  @Test func nodesEntriesAndSlotsOfANestedForm() throws {
    let router = try Self.router(["name", "age", "address.city", "address.zip"])
    // The record, `name`, `age`, `address` and its `city` and `zip`.
    #expect(router.nodes.count == 6)
    // The record: its members in spec order (a parent before the dotted keys of its first field).
    #expect(Self.names(router, node: 0) == ["name", "age", "address", "address.city", "address.zip"])
    #expect(router.nodes[0].slotMask == 15)
    #expect(router.nodes[0].field == -1)
    #expect(
      Array(
        router.below[Int(router.nodes[0].belowStart)..<Int(router.nodes[0].belowStart + router.nodes[0].belowCount)])
        == [0, 1, 2, 3])
    #expect(Self.route(router, "name") == "field 0")
    #expect(Self.route(router, "age") == "field 1")
    #expect(Self.route(router, "address.city") == "dotted 2")
    #expect(Self.route(router, "address.zip") == "dotted 3")
    let address = Self.route(router, "address")
    #expect(address.hasPrefix("node "))
    let node = try #require(Int(address.dropFirst(5)))
    #expect(Self.names(router, node: node) == ["city", "zip"])
    #expect(router.nodes[node].slotMask == 3)
    #expect(Self.route(router, "city", node: node) == "field 2")
    #expect(Self.route(router, "zip", node: node) == "field 3")
    let below = router.nodes[node]
    #expect(Array(router.below[Int(below.belowStart)..<Int(below.belowStart + below.belowCount)]) == [2, 3])
    // Every node's table holds each of its entries once and is at least twice as large.
    for table in router.nodes {
      let slots = router.slots[Int(table.slotStart)...Int(table.slotStart + Int32(table.slotMask))]
      #expect(slots.filter { $0 >= 0 }.sorted() == Array(table.entryStart..<table.entryStart + table.entryCount))
      #expect(Int(table.slotMask) + 1 >= max(2, 2 * Int(table.entryCount)))
    }
  }

  @Test func unknownNamesRouteNowhere() throws {
    let router = try Self.router(["name", "age", "address.city"])
    for key in [
      "", "nam", "names", "Name", "NAME", "ag", "agee", "city", "address.", ".city", "address.zip", "address ",
    ] {
      #expect(Self.route(router, key) == "unknown", "\(key)")
    }
    let node = try #require(Int(Self.route(router, "address").dropFirst(5)))
    #expect(Self.route(router, "name", node: node) == "unknown")
    #expect(Self.route(router, "address.city", node: node) == "unknown")
  }

  @Test func deeperPathsHaveATopLevelDottedKeyAndANodePerSegment() throws {
    let router = try Self.router(["x.y.z", "x.w"])
    #expect(Self.names(router, node: 0) == ["x", "x.y.z", "x.w"])
    #expect(Self.route(router, "x.y.z") == "dotted 0")
    #expect(Self.route(router, "x.w") == "dotted 1")
    #expect(Self.route(router, "x.y") == "unknown")
    let x = try #require(Int(Self.route(router, "x").dropFirst(5)))
    #expect(Self.names(router, node: x) == ["y", "w"])
    #expect(Self.route(router, "w", node: x) == "field 1")
    #expect(Self.route(router, "y.z", node: x) == "unknown")
    let y = try #require(Int(Self.route(router, "y", node: x).dropFirst(5)))
    #expect(Self.route(router, "z", node: y) == "field 0")
    #expect(
      try Self.values(["x.y.z", "x.w"], #"{"x":{"w":1,"y":{"z":2}}}"#)
        == #"{"line":1,"valid":true,"values":{"x":{"y":{"z":2},"w":1}}}"# + "\n")
  }

  @Test func nonASCIIKeysAreFoundByTheirCanonicalForm() throws {
    #expect(try recordPlan(keysSpec(["name", "café.prix"])).takesRecords)
    // The record's name in any canonically equivalent form: precomposed, decomposed, escaped.
    let expected = #"{"line":1,"valid":true,"values":{"name":"","café":{"prix":3}}}"# + "\n"
    #expect(try Self.values(["name", "café.prix"], #"{"café":{"prix":3}}"#) == expected)
    #expect(try Self.values(["name", "café.prix"], "{\"cafe\u{301}\":{\"prix\":3}}") == expected)
    #expect(try Self.values(["name", "café.prix"], #"{"caf\u00e9.prix":3}"#) == expected)
    #expect(try Self.values(["name", "café.prix"], #"{"cafe\u0301":{"prix":3}}"#) == expected)
    // A key equal to ASCII text with other bytes (a Kelvin sign is "K") is entered by that text: a member
    // named "Key" in ASCII bytes finds it, and so does one with the Kelvin sign's own bytes, escaped or not.
    let kelvin = ["name", "\u{212A}ey"]
    #expect(try recordPlan(keysSpec(kelvin)).takesRecords)
    let expectedKelvin = "{\"line\":1,\"valid\":true,\"values\":{\"name\":\"\",\"\u{212A}ey\":3}}\n"
    #expect(try Self.values(kelvin, #"{"Key":3}"#) == expectedKelvin)
    #expect(try Self.values(kelvin, "{\"\u{212A}ey\":3}") == expectedKelvin)
    #expect(try Self.values(kelvin, #"{"\u212Aey":3}"#) == expectedKelvin)
    #expect(try Self.values(kelvin, #"{"key":3}"#) != expectedKelvin)
  }

  // MARK: Hash collisions

  @Test func theHashReadsOnlyTheLengthAndTheFirstSecondAndLastBytes() {
    #expect(Self.hash("") == 0)
    #expect(Self.hash("ab1z") == Self.hash("ab2z"))
    #expect(Self.hash("abXYZc") == Self.hash("ab---c"))
    #expect(Self.hash("ab1z") != Self.hash("ab1y"))
    #expect(Self.hash("ab1z") != Self.hash("ab11z"))
    #expect(Self.hash("ab1z") != Self.hash("ac1z"))
    #expect(Self.hash("ab1z") != Self.hash("bb1z"))
  }

  @Test func namesWithTheSameHashAreToldApartByTheirBytes() throws {
    let keys = ["ab1z", "ab2z", "ab3z"]
    let router = try Self.router(keys)
    #expect(Set(router.entries.map(\.hash)).count == 1)
    #expect(Self.route(router, "ab1z") == "field 0")
    #expect(Self.route(router, "ab2z") == "field 1")
    #expect(Self.route(router, "ab3z") == "field 2")
    // Same hash, not a field.
    #expect(Self.hash("ab9z") == Self.hash("ab1z"))
    #expect(Self.route(router, "ab9z") == "unknown")
    // The scanner routes them by their bytes too, in any order.
    #expect(
      try Self.values(keys, #"{"ab3z":"c","ab9z":"x","ab1z":"a","ab2z":"b"}"#)
        == #"{"line":1,"valid":true,"values":{"ab1z":"a","ab2z":"b","ab3z":"c"}}"# + "\n")
  }

  @Test func namesInOneBucketProbeOnWithWrapAround() throws {
    // Three names get a table of 8 slots: find three two-letter names with different hashes in the last
    // bucket, so that probing for the second and third wraps around to slots 0 and 1, and a fourth in the
    // same bucket that is no field.
    var found: [String] = []
    var hashes: Set<UInt32> = []
    search: for first in UInt8(ascii: "a")...UInt8(ascii: "z") {
      for second in UInt8(ascii: "a")...UInt8(ascii: "z") {
        let key = String(decoding: [first, second], as: UTF8.self)
        let hash = Self.hash(key)
        if hash & 7 == 7, hashes.insert(hash).inserted {
          found.append(key)
          if found.count == 4 { break search }
        }
      }
    }
    try #require(found.count == 4)
    let keys = Array(found.prefix(3))
    let router = try Self.router(keys)
    #expect(router.nodes[0].slotMask == 7)
    // Entries are in spec order; each took the next free slot from 7.
    #expect(Self.names(router, node: 0) == keys)
    #expect(Array(router.slots[0..<8]) == [1, 2, -1, -1, -1, -1, -1, 0])
    for (field, key) in keys.enumerated() {
      #expect(Self.route(router, key) == "field \(field)")
    }
    #expect(Self.route(router, found[3]) == "unknown")
    let record = "{" + found.reversed().map { #""\#($0)":"\#($0)""# }.joined(separator: ",") + "}"
    let expected = keys.map { #""\#($0)":"\#($0)""# }.joined(separator: ",")
    #expect(try Self.values(keys, record) == #"{"line":1,"valid":true,"values":{"# + expected + "}}\n")
  }

  // MARK: Routing records

  @Test func recordsRouteNestedDottedAndUnknownKeys() throws {
    let keys = ["name", "address.city", "address.zip"]
    #expect(
      try Self.values(keys, #"{"address":{"zip":"75001","city":"Paris"},"x":{"name":"no"},"name":"Ada"}"#)
        == #"{"line":1,"valid":true,"values":{"name":"Ada","address":{"city":"Paris","zip":"75001"}}}"# + "\n")
    // A dotted key wins over the nested member, whichever comes first.
    #expect(
      try Self.values(keys, #"{"address.city":"Rome","address":{"city":"Paris"}}"#)
        == #"{"line":1,"valid":true,"values":{"name":"","address":{"city":"Rome","zip":""}}}"# + "\n")
    #expect(
      try Self.values(keys, #"{"address":{"city":"Paris"},"address.city":"Rome"}"#)
        == #"{"line":1,"valid":true,"values":{"name":"","address":{"city":"Rome","zip":""}}}"# + "\n")
    #expect(
      try Self.values(keys, #"{"city":"Paris","address.name":"x","Name":"y"}"#)
        == #"{"line":1,"valid":true,"values":{"name":"","address":{"city":"","zip":""}}}"# + "\n")
  }
}

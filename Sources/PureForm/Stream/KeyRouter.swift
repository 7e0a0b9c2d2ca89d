import Foundation

/// `InputLookup`'s routing tables keyed by UTF-8 bytes, for the byte-level record scanner: built once per
/// form, searched without making a `String` per member.
///
/// Node 0 is the record object. Each node has an open-addressing hash table of its member names; an entry
/// names the node a member leads to (`child`), and at the top level the field whose dotted key it is
/// (`dotted`); a node's `field` is a slot number (`RecordScanner.nested`): a field's number, or past the fields,
/// a repeated group's array. A member name of ASCII bytes is found by its bytes: an ASCII string equals another `String`
/// exactly when their bytes are equal, or when the other's canonical form is that ASCII string (a Kelvin
/// sign is "K"), so such a key is entered by the bytes of its canonical form. A member name with a
/// non-ASCII character is found as a `String` in its node's `unicodeNames`, as the `[String: Int]`
/// dictionaries of `InputLookup` find it (canonical equivalence: a decomposed "é" is the precomposed one).
struct KeyRouter {
  /// One member name of one node.
  struct Entry {
    /// Where the name's bytes are in `names`.
    var start: Int32
    var length: Int32
    var hash: UInt32
    /// The node this member leads to, or -1.
    var child: Int32
    /// The slot whose dotted key this is (top level only), or -1.
    var dotted: Int32
    /// Whether the name is written as is inside a JSON string (no quote, backslash or control character),
    /// so that input bytes equal to it, followed by a quote, are that member name.
    var isPlain: Bool
  }

  /// One step of the nested walk.
  struct Node {
    /// The node's entries in `entries`, in spec order of the fields they lead to.
    var entryStart: Int32
    var entryCount: Int32
    /// Where the node's hash table starts in `slots`, and its size minus one (a power of two minus one).
    var slotStart: Int32
    var slotMask: UInt32
    /// The slot this node reaches (a field, or a group's array), or -1.
    var field: Int32
    /// The slots at or below this node, in `below`.
    var belowStart: Int32
    var belowCount: Int32
  }

  var entries: [Entry] = []
  var nodes: [Node] = []
  /// Entry numbers, -1 for an empty slot.
  var slots: [Int32] = []
  /// The member names' bytes.
  var names: [UInt8] = []
  /// Slot numbers.
  var below: [Int32] = []
  /// Each node's entries by member name as a `String`: how a member name with a non-ASCII character is found.
  var unicodeNames: [[String: Int32]] = []

  /// The router of `lookup`.
  init(_ lookup: InputLookup) {
    _ = append(lookup, field: { $0 }, order: { $0 })
  }

  /// The router of a form with repeated groups.
  ///
  /// `lookup` routes the fields outside groups and, after them, each group's array as the slot past the
  /// fields' (`fieldCount` + its number): nested (`cart` → `items`) or by its dotted key (`cart.items`), as
  /// `GroupInput.read` finds it; an array is met in spec order at its group's first field (`groupAnchors`).
  /// Then come each element lookup's nodes, whose positions `slots` maps to slot numbers (its fields', then
  /// the arrays of the groups nested in the element). `elementRoots` holds the node of each element lookup.
  init(
    _ lookup: InputLookup, fieldCount: Int, groupAnchors: [Int], elements: [(lookup: InputLookup, slots: [Int])]
  ) {
    let order = { (slot: Int) in slot < fieldCount ? slot : groupAnchors[slot - fieldCount] }
    _ = append(lookup, field: { $0 }, order: order)
    for element in elements {
      elementRoots.append(Int32(append(element.lookup, field: { element.slots[$0] }, order: order)))
    }
  }

  /// The node of each element lookup (`init(_:fieldCount:groupAnchors:elements:)`).
  var elementRoots: [Int32] = []

  /// Appends the nodes of `lookup`, its slot positions mapped by `field` and put in spec order by `order`;
  /// returns its root node.
  private mutating func append(_ lookup: InputLookup, field: (Int) -> Int, order: (Int) -> Int) -> Int {
    let offset = Int32(nodes.count)
    typealias Name = (name: String, child: Int32, dotted: Int32)
    for (index, node) in lookup.nodes.enumerated() {
      var names: [Name] = node.children.map { ($0.key, Int32($0.value), -1) }
      if index == 0 {
        for (key, number) in lookup.dottedKeys {
          if let existing = names.firstIndex(where: { $0.name == key }) {
            names[existing].dotted = Int32(field(number))
          } else {
            names.append((key, -1, Int32(field(number))))
          }
        }
      }
      // In spec order, so that a record listing its members in that order finds each where the scanner
      // looks first: right after the one before.
      func firstField(_ name: Name) -> Int {
        order(name.child >= 0 ? field(lookup.nodes[Int(name.child)].fields.first ?? 0) : Int(name.dotted))
      }
      names.sort { (firstField($0), $0.name.utf8.count) < (firstField($1), $1.name.utf8.count) }
      var size = 2
      while size < names.count * 2 { size *= 2 }
      let entryStart = entries.count
      let slotStart = slots.count
      slots.append(contentsOf: repeatElement(-1, count: size))
      var unicode: [String: Int32] = [:]
      for name in names {
        let bytes = KeyRouter.lookupBytes(of: name.name)
        unicode[name.name] = Int32(entries.count)
        let hash = bytes.withUnsafeBufferPointer { KeyRouter.hash($0.baseAddress, $0.count) }
        entries.append(
          Entry(
            start: Int32(self.names.count), length: Int32(bytes.count), hash: hash,
            child: name.child >= 0 ? name.child + offset : -1, dotted: name.dotted,
            isPlain: !bytes.contains(where: JSONEscape.isEscaped)))
        self.names.append(contentsOf: bytes)
        var slot = Int(hash & UInt32(size - 1))
        while slots[slotStart + slot] >= 0 { slot = (slot + 1) & (size - 1) }
        slots[slotStart + slot] = Int32(entries.count - 1)
      }
      nodes.append(
        Node(
          entryStart: Int32(entryStart), entryCount: Int32(entries.count - entryStart), slotStart: Int32(slotStart),
          slotMask: UInt32(size - 1), field: node.field.map { Int32(field($0)) } ?? -1,
          belowStart: Int32(below.count), belowCount: Int32(node.fields.count)))
      below.append(contentsOf: node.fields.map { Int32(field($0)) })
      unicodeNames.append(unicode)
    }
    return Int(offset)
  }

  /// The bytes an ASCII member name is compared with to find `name`: its canonical form where that is ASCII
  /// (a Kelvin sign's "K", which a member named "K" equals as a `String`), else its own.
  static func lookupBytes(of name: String) -> [UInt8] {
    let bytes = Array(name.utf8)
    guard !bytes.allSatisfy({ $0 < 0x80 }) else { return bytes }
    let canonical = name.precomposedStringWithCanonicalMapping
    return canonical.utf8.allSatisfy { $0 < 0x80 } ? Array(canonical.utf8) : bytes
  }

  /// A cheap hash of a member name: its length and its first, second and last bytes.
  ///
  /// Names that collide are told apart by comparing bytes.
  @inline(__always)
  static func hash(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> UInt32 {
    guard let bytes, count > 0 else { return 0 }
    var hash = UInt32(truncatingIfNeeded: count) &* 0x9E37_79B1
    hash ^= UInt32(bytes[0]) &* 0x85EB_CA6B
    hash ^= UInt32(bytes[count - 1]) &* 0xC2B2_AE35
    if count > 1 { hash ^= UInt32(bytes[1]) &* 0x27D4_EB2F }
    return hash ^ (hash >> 15)
  }
}

extension KeyRouter {
  /// What the scanner reads to find a member name with a non-ASCII character: each node's names as
  /// `String`s, and the `id` member's name.
  struct UnicodeNames {
    var nodes: [[String: Int32]]
    var idKey: String?
  }
}

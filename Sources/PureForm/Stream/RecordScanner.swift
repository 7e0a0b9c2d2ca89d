import Foundation

/// A member value the scanner kept for a field: its kind and where its bytes are in the line.
struct ValueSlot {
  /// What the value is.
  enum Kind: UInt8 {
    /// A string without escapes: all ASCII, or not.
    case absent, asciiString, string, escapedString, number, trueLiteral, falseLiteral, null, container
  }

  var kind: Kind
  /// For strings the bytes between the quotes; for numbers the number text.
  var start: Int
  var end: Int

  static let absent = ValueSlot(kind: .absent, start: 0, end: 0)
}

/// Reads one record straight from its bytes, checking its syntax and routing its members to fields.
///
/// It checks that the line is strict RFC 8259 JSON (exactly what `JSONReader` accepts without a
/// diagnostic) and routes the members of the record object to field numbers as `InputLookup` does, keeping
/// each field's raw value as a `ValueSlot`. Nothing is decoded or allocated.
///
/// `scan()` returns false for anything it does not handle: a syntax error of any kind, a line that is not
/// an object. The caller then asks `JSONReader`, which has the message for each case.
struct RecordScanner {
  /// The line.
  let base: UnsafePointer<UInt8>
  let count: Int
  /// The read position.
  var index = 0
  /// Whether a dotted top-level key was read (else `dotted` is untouched).
  var usesDotted = false
  /// The bytes of the last top-level member named as the plan's `id` key (`idStart` -1 when none was read).
  var idStart = -1
  var idEnd = -1
  /// The plan's routing tables, held without a reference count.
  ///
  /// The engine that makes the scanner holds the plan that holds them; a count that every worker changed on
  /// every record would make the tables' first cache line bounce between the cores. The router's nodes,
  /// entries and names, which every member reads, are copied out (`tables.nodes`, …).
  unowned(unsafe) let tables: PlanTables
  let nodes: UnsafePointer<KeyRouter.Node>
  let entries: UnsafePointer<KeyRouter.Entry>
  let names: UnsafePointer<UInt8>
  /// The value of each slot (each field, then each repeated group's array: `PlanTables.slotCount`) from
  /// nested objects (or a top-level single-segment key), and from dotted top-level keys; a dotted one wins.
  let nested: UnsafeMutablePointer<ValueSlot>
  let dotted: UnsafeMutablePointer<ValueSlot>
  /// Room to decode a member name with escapes; at least `count` bytes.
  let keyScratch: UnsafeMutablePointer<UInt8>
  /// The open containers of a skipped value (1 object, 0 array); `JSONReader.maximumDepth` bytes.
  let stack: UnsafeMutablePointer<UInt8>
  /// Whether a record member names a group's element by a flat key (`items.0.sku`): `flatMembers()` then
  /// lists them. (A flag, not the list: the scanner stays a plain value the hot loop copies freely.)
  var sawFlatKey = false
  /// Whether the scan stopped at a flat key it does not read (a name with escapes or a non-ASCII character,
  /// or one naming a nested group's element): the record is read again with its groups as arrays
  /// (`ValidationPlan.arrayedRecord`).
  var namesFlatKeysElsewhere = false

  /// The deepest nesting `JSONReader` reads.
  static let maximumDepth = JSONReader.maximumDepth

  /// A scanner of the `count` bytes at `base`, routed by `tables` into the slots `nested` and `dotted`;
  /// `keyScratch` holds at least `count` bytes and `stack` `maximumDepth` + 1.
  init(
    base: UnsafePointer<UInt8>, count: Int, tables: PlanTables, nested: UnsafeMutablePointer<ValueSlot>,
    dotted: UnsafeMutablePointer<ValueSlot>, keyScratch: UnsafeMutablePointer<UInt8>, stack: UnsafeMutablePointer<UInt8>
  ) {
    self.base = base
    self.count = count
    self.tables = tables
    (nodes, entries, names) = (tables.nodes, tables.entries, tables.names)
    self.nested = nested
    self.dotted = dotted
    self.keyScratch = keyScratch
    self.stack = stack
  }

  /// Reads the whole line; false when it holds no record the scanner reads.
  mutating func scan() -> Bool {
    skipWhitespace()
    guard index < count, base[index] == UInt8(ascii: "{") else { return false }
    index &+= 1
    guard scanObject(node: 0, depth: 1) else { return false }
    skipWhitespace()
    return index == count
  }

  // MARK: Objects the plan routes

  /// Reads the members of an object whose `{` is read, routing them from `node`; `depth` is the object's.
  mutating func scanObject(node: Int, depth: Int) -> Bool {
    skipWhitespace()
    guard index < count else { return false }
    if base[index] == UInt8(ascii: "}") {
      index &+= 1
      return true
    }
    let table = nodes[node]
    // Members usually come in spec order: the entry after the last one found is tried first.
    var expected = Int(table.entryStart)
    let entryEnd = expected + Int(table.entryCount)
    // Only the record object's own members can be its `id`.
    let watchesID = depth == 1 && tables.hasID
    while true {
      guard index < count, base[index] == UInt8(ascii: "\"") else { return false }
      index &+= 1
      var entry = -1
      var isID = false
      if expected < entryEnd {
        // The expected name, then a quote: the member name is read and checked at once.
        let candidate = entries[expected]
        let length = Int(candidate.length)
        if candidate.isPlain, index &+ length < count, base[index &+ length] == UInt8(ascii: "\""),
          RecordScanner.equal(base + index, names + Int(candidate.start), length)
        {
          entry = expected
          if watchesID { isID = isIDKey(base + index, length) }
          index &+= length &+ 1
        }
      }
      if entry < 0 {
        guard let found = readName(node: node, depth: depth, watchesID: watchesID) else { return false }
        entry = found.entry
        isID = found.isID
      }
      skipWhitespace()
      guard index < count, base[index] == UInt8(ascii: ":") else { return false }
      index &+= 1
      skipWhitespace()
      guard index < count else { return false }
      let valueStart = index
      if entry < 0 {
        guard skipValue(depth: depth) else { return false }
      } else {
        expected = entry + 1
        let child = nestedNode(of: entry)
        guard child < 0 ? scanLeaf(entry, depth: depth) : scanNested(child, depth: depth) else { return false }
      }
      if isID {
        // The last member of that name wins, as it does for fields.
        idStart = valueStart
        idEnd = index
      }
      skipWhitespace()
      guard index < count else { return false }
      let byte = base[index]
      index &+= 1
      if byte == UInt8(ascii: "}") { return true }
      guard byte == UInt8(ascii: ",") else { return false }
      skipWhitespace()
    }
  }

  /// Reads a member name that is not the one `scanObject` expected next (the quote read) and finds its entry
  /// among `node`'s (-1 for none), and whether it is the `id` key; nil when the scanner does not read the line.
  ///
  /// Out of line, so that `scanObject` stays small enough for the compiler to inline `scanLeaf` into it.
  @inline(never)
  private mutating func readName(node: Int, depth: Int, watchesID: Bool) -> (entry: Int, isID: Bool)? {
    let table = nodes[node]
    var entry = -1
    var isID = false
    let keyStart = index
    guard let flags = scanStringBody() else { return nil }
    var key = base + keyStart
    var keyLength = index &- 1 - keyStart
    var isASCII = flags & RecordScanner.nonASCII == 0
    if flags & RecordScanner.escaped != 0 {
      keyLength = JSONStringBody.decode(UnsafeBufferPointer(start: key, count: keyLength), into: keyScratch)
      key = UnsafePointer(keyScratch)
      if isASCII { isASCII = !(0..<keyLength).contains { key[$0] >= 0x80 } }
    }
    if isASCII {
      if watchesID { isID = isIDKey(key, keyLength) }
      entry = find(key, keyLength, in: table)
      // A group given by flat keys (`items.0.name`): read as elements once the record's own members
      // are (`flatMembers()`); a name with escapes that names an element (`namesElement`) has the record
      // read again with its groups as arrays.
      if entry < 0, depth == 1, tables.groupCount > 0, groupNamed(by: key, keyLength) != nil {
        if flags & RecordScanner.escaped == 0 {
          sawFlatKey = true
        } else if namesElement(key, keyLength, depth) {
          namesFlatKeysElsewhere = true
          return nil
        }
      }
      // An element naming an element of a group nested in it by a flat key (`lines.0.sku`) has the record
      // read again with its groups as arrays.
      if entry < 0, depth > 1, tables.groupCount > 0, groupNamed(by: key, keyLength, nested: true) != nil,
        namesElement(key, keyLength, depth)
      {
        namesFlatKeysElsewhere = true
        return nil
      }
    } else {
      // Found as a `String`, as `InputLookup` finds it: equal names may have other bytes.
      let name = String(decoding: UnsafeBufferPointer(start: key, count: keyLength), as: UTF8.self)
      let unicodeNames = tables.unicodeNames
      entry = Int(unicodeNames.pointee.nodes[node][name] ?? -1)
      if watchesID { isID = name == unicodeNames.pointee.idKey }
      // A non-ASCII name that names a group's element (`items.0.café`) has the record read again with its
      // groups as arrays; any other name no field has is left unread.
      if entry < 0, tables.groupCount > 0, namesElement(name, depth) {
        namesFlatKeysElsewhere = true
        return nil
      }
    }
    return (entry, isID)
  }

  /// Routes the member value at `index` (inside an object at `depth`) by router entry `entry`: through the
  /// nested object it leads to (`scanNested`), or into a slot (`scanLeaf`).
  ///
  /// Written out at each call, not as a function: one that called `scanNested` would be in the recursion
  /// of `scanObject`, and the compiler leaves such a function out of line, a call more for each member.
  @inline(__always)
  func nestedNode(of entry: Int) -> Int {
    let child = Int(entries[entry].child)
    return child >= 0 && nodes[child].field < 0 ? child : -1
  }

  /// Routes the member value at `index` (inside an object at `depth`) by router entry `entry`, which leads to
  /// no nested object (`nestedNode(of:)` is -1): into its field's slot (and its dotted slot), or as a group's
  /// array.
  ///
  /// Transparent, not `@inline(__always)`: the optimizer leaves calls out of line in `scanObject`, which is
  /// recursive (through `scanNested`), and a call for each member costs 2-3 % of a record's time.
  @_transparent
  mutating func scanLeaf(_ entry: Int, depth: Int) -> Bool {
    let route = entries[entry]
    let child = Int(route.child)
    // The value is written straight into its slot: a copy through a temporary would load sixteen
    // bytes just stored as two eight-byte halves, which store forwarding cannot serve.
    if child >= 0 {
      let target = nested + Int(nodes[child].field)
      guard scanValue(depth: depth, into: target) else { return false }
      if route.dotted >= 0 {
        dotted[Int(route.dotted)] = target.pointee
        usesDotted = true
      }
    } else {
      guard scanValue(depth: depth, into: dotted + Int(route.dotted)) else { return false }
      usesDotted = true
    }
    return true
  }

  /// Reads the value at `index` of a member leading to nested fields (router node `child`).
  ///
  /// The member is inside an object at `depth`, and replaces what an earlier member with that name gave.
  /// Not inlined: it reads the object through `scanObject`.
  @inline(never)
  mutating func scanNested(_ child: Int, depth: Int) -> Bool {
    let below = nodes[child]
    for offset in 0..<Int(below.belowCount) {
      nested[Int(tables.below[Int(below.belowStart) + offset])] = .absent
    }
    guard base[index] == UInt8(ascii: "{") else { return skipValue(depth: depth) }
    guard depth < RecordScanner.maximumDepth else { return false }
    index &+= 1
    return scanObject(node: child, depth: depth + 1)
  }

  /// Routes the value at `index` of a member named `key` (ASCII, `length` bytes) from router node `node`,
  /// inside an object at `depth`; a name the node does not have leaves it unread (its syntax was checked).
  mutating func scanMember(named key: UnsafePointer<UInt8>, _ length: Int, node: Int, depth: Int) -> Bool {
    let entry = find(key, length, in: nodes[node])
    guard entry >= 0 else { return true }
    let child = nestedNode(of: entry)
    return child < 0 ? scanLeaf(entry, depth: depth) : scanNested(child, depth: depth)
  }

  /// The record's members that name a group's element by a flat key, in the record's order, read again
  /// from the line `scan()` has read (the names that name no index left out, as `GroupInput.read` does).
  func flatMembers() -> [FlatMember] {
    var scanner = self
    var members: [FlatMember] = []
    scanner.index = 0
    scanner.skipWhitespace()
    scanner.index += 1
    scanner.skipWhitespace()
    guard base[scanner.index] != UInt8(ascii: "}") else { return [] }
    while true {
      scanner.index += 1
      let keyStart = scanner.index
      let flags = scanner.scanStringBody() ?? RecordScanner.escaped
      let keyLength = scanner.index - 1 - keyStart
      var member: FlatMember?
      if flags & (RecordScanner.escaped | RecordScanner.nonASCII) == 0,
        let group = groupNamed(by: base + keyStart, keyLength)
      {
        member = FlatMember(
          group: group, prefix: Int(tables.groups[Int(group)].name.count), key: base + keyStart, keyLength, base: base)
      }
      scanner.skipWhitespace()
      scanner.index += 1
      scanner.skipWhitespace()
      let valueStart = scanner.index
      _ = scanner.skipValue(depth: 1)
      if var member {
        member.value = valueStart
        member.valueLength = scanner.index - valueStart
        members.append(member)
      }
      scanner.skipWhitespace()
      let byte = base[scanner.index]
      scanner.index += 1
      if byte != UInt8(ascii: ",") { return members }
      scanner.skipWhitespace()
    }
  }

  /// The repeated group at the record's root (or with `nested`, nested in another's elements, its key from
  /// the element) whose key and a dot the member name `key` starts with, or nil.
  private func groupNamed(by key: UnsafePointer<UInt8>, _ length: Int, nested: Bool = false) -> Int32? {
    for group in 0..<tables.groupCount where (tables.groups[group].parent != nil) == nested {
      let name = tables.groups[group].name
      let nameLength = Int(name.count)
      if length > nameLength, key[nameLength] == UInt8(ascii: "."),
        RecordScanner.equal(key, tables.bytes(name), nameLength)
      {
        return Int32(group)
      }
    }
    return nil
  }

  /// Whether the member name `name`, inside an object at `depth`, names a group's element by a flat key.
  ///
  /// As `GroupInput.read` reads one (compared as `String`s): the key of a group at the record's root
  /// (deeper, of a group nested in another's elements, its key from the element), a dot and an index. Any
  /// other name no field has is left unread.
  private func namesElement(_ name: String, _ depth: Int) -> Bool {
    (0..<tables.groupCount).contains { group in
      guard (tables.groups[group].parent != nil) == (depth > 1) else { return false }
      let key = tables.groups[group].name
      let prefix = String(decoding: UnsafeBufferPointer(start: tables.bytes(key), count: Int(key.count)), as: UTF8.self)
      guard name.hasPrefix(prefix + ".") else { return false }
      return GroupInput.index(name.dropFirst(prefix.count + 1).prefix { $0 != "." }) != nil
    }
  }

  /// `namesElement` of the `length` bytes of a member name at `key`.
  private func namesElement(_ key: UnsafePointer<UInt8>, _ length: Int, _ depth: Int) -> Bool {
    namesElement(String(decoding: UnsafeBufferPointer(start: key, count: length), as: UTF8.self), depth)
  }

  /// Whether the member name `key` (decoded, ASCII) is the plan's `id` key.
  @inline(__always)
  private func isIDKey(_ key: UnsafePointer<UInt8>, _ length: Int) -> Bool {
    Int(tables.idKey.count) == length && RecordScanner.equal(key, tables.bytes(tables.idKey), length)
  }

  /// Whether `key` is the member name of `entry`.
  @inline(__always)
  private func matches(_ key: UnsafePointer<UInt8>, _ length: Int, _ entry: KeyRouter.Entry) -> Bool {
    Int(entry.length) == length && RecordScanner.equal(key, names + Int(entry.start), length)
  }

  /// The entry of the member name `key` among `node`'s, or -1.
  @inline(__always)
  private func find(_ key: UnsafePointer<UInt8>, _ length: Int, in node: KeyRouter.Node) -> Int {
    let hash = KeyRouter.hash(key, length)
    var slot = hash & node.slotMask
    while true {
      let entry = Int(tables.slots[Int(node.slotStart) + Int(slot)])
      if entry < 0 { return -1 }
      let candidate = entries[entry]
      if candidate.hash == hash, matches(key, length, candidate) { return entry }
      slot = (slot &+ 1) & node.slotMask
    }
  }

  /// Whether `count` bytes at `lhs` and `rhs` are equal; short runs are compared with overlapping loads
  /// that stay inside both.
  @inline(__always)
  static func equal(_ lhs: UnsafePointer<UInt8>, _ rhs: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    let left = UnsafeRawPointer(lhs)
    let right = UnsafeRawPointer(rhs)
    if count >= 8 {
      if count > 16 { return memcmp(lhs, rhs, count) == 0 }
      return left.loadUnaligned(as: UInt64.self) == right.loadUnaligned(as: UInt64.self)
        && left.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
          == right.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
    }
    if count >= 4 {
      return left.loadUnaligned(as: UInt32.self) == right.loadUnaligned(as: UInt32.self)
        && left.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
          == right.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
    }
    if count >= 2 {
      return left.loadUnaligned(as: UInt16.self) == right.loadUnaligned(as: UInt16.self)
        && left.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
          == right.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
    }
    return count == 0 || lhs[0] == rhs[0]
  }

  // MARK: Values

  /// Reads a value inside a container at `depth` into `slot`; false when it is not valid.
  @inline(__always)
  mutating func scanValue(depth: Int, into slot: UnsafeMutablePointer<ValueSlot>) -> Bool {
    let start = index
    switch base[index] {
    case UInt8(ascii: "\""):
      index &+= 1
      guard let flags = scanStringBody() else { return false }
      slot.pointee.kind =
        flags & RecordScanner.escaped != 0
        ? .escapedString : flags & RecordScanner.nonASCII != 0 ? .string : .asciiString
      slot.pointee.start = start &+ 1
      slot.pointee.end = index &- 1
      return true
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
      guard scanNumber() else { return false }
      slot.pointee.kind = .number
    case UInt8(ascii: "{"), UInt8(ascii: "["):
      guard skipContainer(depth: depth &+ 1) else { return false }
      slot.pointee.kind = .container
    default:
      guard let kind = scanLiteral() else { return false }
      slot.pointee.kind = kind
    }
    slot.pointee.start = start
    slot.pointee.end = index
    return true
  }

  /// Skips a value inside a container at `depth`, checking it all the same.
  @inline(__always)
  mutating func skipValue(depth: Int) -> Bool {
    switch base[index] {
    case UInt8(ascii: "\""):
      index &+= 1
      return scanStringBody() != nil
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return scanNumber()
    case UInt8(ascii: "{"), UInt8(ascii: "["): return skipContainer(depth: depth &+ 1)
    default: return scanLiteral() != nil
    }
  }

  /// Checks a string, number or literal.
  @inline(__always)
  private mutating func scanScalar() -> Bool {
    switch base[index] {
    case UInt8(ascii: "\""):
      index &+= 1
      return scanStringBody() != nil
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return scanNumber()
    default: return scanLiteral() != nil
    }
  }

  /// Skips the array or object at `index`, which sits at nesting `depth`, checking everything inside.
  private mutating func skipContainer(depth first: Int) -> Bool {
    guard first <= RecordScanner.maximumDepth else { return false }
    var open = 1
    stack[0] = base[index] == UInt8(ascii: "{") ? 1 : 0
    index &+= 1
    var closeAllowed = true
    while true {
      // An element (or member) or, right after the opening bracket, the close.
      skipWhitespace()
      guard index < count else { return false }
      var byte = base[index]
      let isObject = stack[open - 1] == 1
      if closeAllowed && byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
        index &+= 1
        open &-= 1
        if open == 0 { return true }
      } else {
        if isObject {
          guard byte == UInt8(ascii: "\"") else { return false }
          index &+= 1
          guard scanStringBody() != nil else { return false }
          skipWhitespace()
          guard index < count, base[index] == UInt8(ascii: ":") else { return false }
          index &+= 1
          skipWhitespace()
          guard index < count else { return false }
          byte = base[index]
        }
        if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
          guard first &+ open <= RecordScanner.maximumDepth else { return false }
          stack[open] = byte == UInt8(ascii: "{") ? 1 : 0
          open &+= 1
          index &+= 1
          closeAllowed = true
          continue
        }
        guard scanScalar() else { return false }
      }
      // After a value: a comma, or closes.
      while true {
        skipWhitespace()
        guard index < count else { return false }
        let byte = base[index]
        index &+= 1
        if byte == UInt8(ascii: ",") {
          closeAllowed = false
          break
        }
        guard byte == (stack[open - 1] == 1 ? UInt8(ascii: "}") : UInt8(ascii: "]")) else { return false }
        open &-= 1
        if open == 0 { return true }
      }
    }
  }

  /// Reads `true`, `false` or `null`.
  @inline(__always)
  private mutating func scanLiteral() -> ValueSlot.Kind? {
    let rest = count &- index
    let word = base + index
    if rest >= 4, word[0] == UInt8(ascii: "t"), word[1] == UInt8(ascii: "r"), word[2] == UInt8(ascii: "u"),
      word[3] == UInt8(ascii: "e")
    {
      index &+= 4
      return .trueLiteral
    }
    if rest >= 4, word[0] == UInt8(ascii: "n"), word[1] == UInt8(ascii: "u"), word[2] == UInt8(ascii: "l"),
      word[3] == UInt8(ascii: "l")
    {
      index &+= 4
      return .null
    }
    if rest >= 5, word[0] == UInt8(ascii: "f"), word[1] == UInt8(ascii: "a"), word[2] == UInt8(ascii: "l"),
      word[3] == UInt8(ascii: "s"), word[4] == UInt8(ascii: "e")
    {
      index &+= 5
      return .falseLiteral
    }
    return nil
  }

  /// Reads a number by RFC 8259's grammar (`JSONNumberGrammar`).
  ///
  /// What may follow it is checked by the caller: only whitespace, `,` and closes are accepted there,
  /// which rejects every run `JSONReader` reads as a bad number.
  @inline(__always)
  private mutating func scanNumber() -> Bool {
    guard case .number(let parts) = JSONNumberGrammar.scan(UnsafeBufferPointer(start: base, count: count), from: index)
    else { return false }
    index = parts.end
    return true
  }

  // MARK: Strings

  /// `scanStringBody` flag: the string has a backslash escape.
  static let escaped: UInt8 = 1
  /// `scanStringBody` flag: the string has a non-ASCII character.
  static let nonASCII: UInt8 = 2

  /// Reads a string whose opening quote is read, up to and past its closing quote; returns its flags, or
  /// nil when it is not a valid JSON string (control character, bad escape, lone surrogate, bad UTF-8,
  /// no closing quote): what `JSONStringElement.classify`, the reader's check, finds a mistake in.
  @inline(__always)
  private mutating func scanStringBody() -> UInt8? {
    let bytes = UnsafeBufferPointer(start: base, count: count)
    var flags: UInt8 = 0
    var at = index
    while true {
      at = JSONStringBody.plainEnd(from: at, in: bytes)
      guard at < count else { return nil }
      let byte = base[at]
      if byte == UInt8(ascii: "\"") {
        index = at &+ 1
        return flags
      }
      switch JSONStringElement.classify(at: at, in: bytes) {
      case .character(let length):
        flags |= RecordScanner.nonASCII
        at &+= length
      case .escape(let length, _):
        flags |= RecordScanner.escaped
        at &+= length
      default:
        return nil
      }
    }
  }

  // MARK: Characters

  /// Moves past the separator that follows an array's element, and the whitespace around it: true when
  /// another element follows (`,`), false at the array's end (`]`), nil when neither follows.
  @inline(__always)
  mutating func nextElement() -> Bool? {
    skipWhitespace()
    guard index < count else { return nil }
    let byte = base[index]
    index &+= 1
    if byte == UInt8(ascii: "]") { return false }
    guard byte == UInt8(ascii: ",") else { return nil }
    skipWhitespace()
    return true
  }

  /// Skips JSON whitespace: space, tab, line feed, carriage return.
  @inline(__always)
  mutating func skipWhitespace() {
    // Any byte above space is not whitespace: compact JSON costs one comparison.
    guard index < count, base[index] <= 0x20 else { return }
    while index < count {
      let byte = base[index]
      guard byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D else { return }
      index &+= 1
    }
  }
}

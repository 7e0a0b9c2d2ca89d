/// One repeated group's elements as a record sent them: a JSON array (`"items": [{…}]`, nested objects or a
/// dotted key leading to it) or flat keys with indices (`"items.0.name"`, as form posts send them; the
/// device's literal key `items.*.name` is element 0).
enum GroupInput: Equatable {
  /// Absent or `null`: an empty array.
  case empty
  /// Not an array, or an array and flat keys both: a `type_mismatch` at the group's key.
  case mismatch
  /// More elements than `PlanGroup.elementLimit`: fails `max_items`, unread.
  case tooLong
  /// The elements in order. A flat index that was skipped is an element with every view missing (`{}` in an
  /// object group, `null` in a scalar one).
  case elements([FormValue])

  /// The group at `path` among an object's `members` (the record's root, or an element of the enclosing
  /// group); `scalar` for a group of scalars (`tags.*`).
  static func read(_ members: [(key: String, value: FormValue)], path: [String], scalar: Bool) -> GroupInput {
    let dotted = path.joined(separator: ".")
    var nested = members.last { $0.key == dotted }?.value
    if nested == nil, path.count > 1 { nested = walk(members, path[...]) }
    let prefix = dotted + "."
    var flat: [Int: [(key: String, value: FormValue)]] = [:]
    var count = 0
    for member in members where member.key.hasPrefix(prefix) {
      let rest = member.key.dropFirst(prefix.count)
      let indexText = rest.prefix { $0 != "." }
      guard let index = Self.index(indexText) else { continue }
      let key = String(rest.dropFirst(indexText.count).drop { $0 == "." })
      count = Swift.max(count, index + 1)
      // An index past the limit makes the array too long; nothing of it is kept.
      if count > PlanGroup.elementLimit { return .tooLong }
      flat[index, default: []].append((key, member.value))
    }
    switch nested {
    case nil, .null?:
      guard count > 0 else { return .empty }
      return .elements((0..<count).map { element(flat[$0] ?? [], scalar: scalar) })
    case .array(let elements)?:
      guard flat.isEmpty else { return .mismatch }
      return elements.count > PlanGroup.elementLimit ? .tooLong : .elements(elements)
    default:
      return .mismatch
    }
  }

  /// The value at `path` through nested objects (the last member of each name, as keys are read).
  private static func walk(_ members: [(key: String, value: FormValue)], _ path: ArraySlice<String>) -> FormValue? {
    guard let first = path.first, let value = members.last(where: { $0.key == first })?.value else { return nil }
    guard path.count > 1 else { return value }
    guard case .object(let inner) = value else { return nil }
    return walk(inner, path.dropFirst())
  }

  /// An element given by flat keys: the value of its key alone (`items.0`, `tags.2`) when one was sent, else
  /// an object of its members (`name` from `items.0.name`); a scalar element without one is missing.
  private static func element(_ entries: [(key: String, value: FormValue)], scalar: Bool) -> FormValue {
    if let whole = entries.last(where: { $0.key.isEmpty }) { return whole.value }
    return scalar ? .null : .object(entries)
  }

  /// The element index a flat key's segment names; nil for a segment that names none, which is not read.
  ///
  /// `*` (the device's literal key) is 0; otherwise decimal digits without a leading zero.
  static func index(_ text: Substring) -> Int? {
    if text == "*" { return 0 }
    guard let first = text.utf8.first, (0x30...0x39).contains(first),
      text.utf8.allSatisfy({ (0x30...0x39).contains($0) })
    else { return nil }
    if first == 0x30 { return text.utf8.count == 1 ? 0 : nil }
    // Past the limit's digits the index is too large whatever it is; it stays representable.
    return text.utf8.count > 9 ? Int.max / 2 : Int(text)
  }
}

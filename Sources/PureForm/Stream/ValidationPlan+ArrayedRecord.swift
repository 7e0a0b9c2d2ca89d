extension ValidationPlan {
  /// A record the kernel handed back for flat keys it does not read, written again with each group as one
  /// array member (`RecordEngine.retryingArrayed` reads it).
  ///
  /// Such keys are names with escapes or a non-ASCII character, or names of a nested group's elements
  /// (`orders.0.lines.1.sku`). Each group's member holds what `GroupInput.read` reads there: its elements as
  /// an array (the groups nested in each element written the same way), `null` for none, `false` for a value
  /// that is no array, and one element past the limit for an array too long. The kernel then reads the
  /// groups as `GroupInput.read` reads them, with the same verdicts, keys and values.
  ///
  /// The record's other members are copied as they are in `bytes` (the `id` member's value too, whose range
  /// there is returned for `idKey`); nil when `bytes` hold no JSON object.
  func arrayedRecord(_ bytes: [UInt8], idKey: String?) -> (bytes: [UInt8], id: Range<Int>?)? {
    let (root, diagnostics) = JSONReader.read(
      SourceFile(name: "<input>", bytes: bytes), arrayLimit: PlanGroup.elementLimit + 1)
    guard !diagnostics.contains(where: { $0.severity == .error }), let root, case .object(let members) = root.kind
    else { return nil }
    let roots = groups.indices.filter { groups[$0].parent == nil }
    var output: [UInt8] = [UInt8(ascii: "{")]
    for member in members where !roots.contains(where: { feeds(member.key, group: $0) }) {
      if output.count > 1 { output.append(UInt8(ascii: ",")) }
      output += bytes[member.keyRange.start.offset..<member.value.range.end.offset]
    }
    let values = members.map { (key: $0.key, value: FormValue($0.value)) }
    for group in roots {
      if output.count > 1 { output.append(UInt8(ascii: ",")) }
      output += OutputJSON.object([(groupKey(group), arrayed(group, in: values).outputJSON)]).rendered().utf8
        .dropFirst()
        .dropLast()
    }
    output.append(UInt8(ascii: "}"))
    // The id is the value of the last member named `idKey` (`String` equality, as field keys are matched).
    let id = idKey.flatMap { key in members.last { $0.key == key } }.map(\.value.range)
    return (output, id.map { $0.start.offset..<$0.end.offset })
  }

  /// Group `group` among an object's `members` (the record's, or an enclosing element's), as one value the
  /// kernel reads the way `GroupInput.read` reads the members.
  private func arrayed(_ group: Int, in members: [(key: String, value: FormValue)]) -> FormValue {
    let planned = groups[group]
    switch GroupInput.read(members, path: planned.arraySegments, scalar: planned.scalarField != nil) {
    case .empty: return .null
    case .mismatch: return .bool(false)
    case .tooLong: return .array(Array(repeating: .null, count: PlanGroup.elementLimit + 1))
    case .elements(let elements):
      guard !planned.children.isEmpty else { return .array(elements) }
      return .array(
        elements.map { element in
          guard case .object(let inner) = element else { return element }
          var kept = inner.filter { member in !planned.children.contains { feeds(member.key, group: $0) } }
          for child in planned.children { kept.append((groupKey(child), arrayed(child, in: inner))) }
          return .object(kept)
        })
    }
  }

  /// The key of group `group`'s array from the object holding it (`items`, `cart.items`, `lines`).
  private func groupKey(_ group: Int) -> String {
    groups[group].arraySegments.joined(separator: ".")
  }

  /// Whether `GroupInput.read` reads the member named `key` for group `group`: its dotted key, or a flat key
  /// naming an element (`items.0.sku`); such members give way to the one member `arrayed` writes.
  private func feeds(_ key: String, group: Int) -> Bool {
    let dotted = groupKey(group)
    guard key != dotted else { return true }
    guard key.hasPrefix(dotted + ".") else { return false }
    let rest = key.dropFirst(dotted.count + 1)
    return GroupInput.index(rest.prefix { $0 != "." }) != nil
  }
}

extension FormValue {
  /// This value with `patch` applied as an RFC 7396 JSON merge patch.
  ///
  /// An object patch merges member by member: `null` removes the member, an object merges into the
  /// member (or into an empty object when there is none, or it is not an object), any other value
  /// replaces it; members the patch does not name stay, in their order, and new ones come last. Any other
  /// patch replaces the whole value. A key repeated in this object counts once, its last value winning.
  ///
  /// ```swift
  /// let record: FormValue = .object([("email", .string("a@b.co")), ("phone", .string("555"))])
  /// record.applyingMergePatch(.object([("phone", .null), ("name", .string("Ada"))]))
  /// // {"email":"a@b.co","name":"Ada"}
  /// ```
  public func applyingMergePatch(_ patch: FormValue) -> FormValue {
    guard case .object(let changes) = patch else { return patch }
    var members: [(key: String, value: FormValue)]
    if case .object(let existing) = self {
      // The last of a repeated key is the member JSON readers keep.
      var seen = Set<String>()
      members = existing.reversed().filter { seen.insert($0.key).inserted }.reversed()
    } else {
      members = []
    }
    for (key, change) in changes {
      let index = members.firstIndex { $0.key == key }
      if case .null = change {
        if let index { members.remove(at: index) }
      } else if let index {
        members[index].value = members[index].value.applyingMergePatch(change)
      } else {
        members.append((key, FormValue.object([]).applyingMergePatch(change)))
      }
    }
    return .object(members)
  }
}

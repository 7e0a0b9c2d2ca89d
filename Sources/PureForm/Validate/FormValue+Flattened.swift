extension FormValue {
  /// An output object with its nested objects and arrays spelled as dotted keys (`items.0.name`), in order;
  /// an empty array stays a member of its own (`"items": []`).
  func flattened() -> FormValue {
    var members: [(key: String, value: FormValue)] = []
    func add(_ value: FormValue, prefix: String?) {
      func join(_ key: String) -> String { prefix.map { $0 + "." + key } ?? key }
      switch value {
      case .object(let inner) where prefix == nil || !inner.isEmpty:
        for member in inner { add(member.value, prefix: join(member.key)) }
      case .array(let elements) where !elements.isEmpty:
        for (index, element) in elements.enumerated() { add(element, prefix: join(String(index))) }
      default:
        if let prefix { members.append((prefix, value)) }
      }
    }
    add(self, prefix: nil)
    return .object(members)
  }
}

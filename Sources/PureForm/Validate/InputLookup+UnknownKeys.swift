extension InputLookup {
  /// The dotted paths of `object`'s members that no field reads, in input order: a member whose name no
  /// field's key path continues with, or a value where the walk needed an object (it is not read).
  ///
  /// The same walk as `inputs(from:fieldCount:)`: a top-level dotted member is read when it is a whole key,
  /// nested objects are followed along key paths.
  func unknownKeys(in object: FormValue) -> [String] {
    guard case .object(let members) = object else { return [] }
    var unknown: [String] = []
    for (key, value) in members where dottedKeys[key] == nil {
      collectUnknown(key, value, from: 0, path: key, into: &unknown)
    }
    return unknown
  }

  private func collectUnknown(
    _ key: String, _ value: FormValue, from node: Int, path: String, into unknown: inout [String]
  ) {
    guard let child = nodes[node].children[key] else {
      unknown.append(path)
      return
    }
    if nodes[child].field != nil { return }
    guard case .object(let members) = value else {
      unknown.append(path)
      return
    }
    for (inner, innerValue) in members {
      collectUnknown(inner, innerValue, from: child, path: path + "." + inner, into: &unknown)
    }
  }
}

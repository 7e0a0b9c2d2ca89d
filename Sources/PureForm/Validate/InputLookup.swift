/// One field's submitted value: nil when the input has none (the field then takes its `<value>`); a
/// present `null` is `.null`.
typealias FieldInput = FormValue?

/// Routes an input object's keys to field numbers, built once per form.
///
/// A field with key path `a.b.c` reads the top-level member `"a.b.c"` when there is one, else walks nested
/// objects `a` → `b` → `c`. When a key repeats in one object the last member wins, as in most JSON
/// parsers. Keys no field has are ignored.
struct InputLookup: Sendable {
  /// One step of the nested walk: the member names below it, or the field it reaches.
  struct Node: Sendable {
    var children: [String: Int] = [:]
    var field: Int?
    /// Every field number at or below this node, to reset when a later member repeats the key.
    var fields: [Int] = []
  }

  /// Field numbers by dotted key, for keys of two or more segments (`"a.b.c"` at the top level).
  var dottedKeys: [String: Int] = [:]
  /// The nested walk; node 0 is the input object itself.
  var nodes: [Node] = [Node()]

  /// The lookup of the fields outside repeated groups (a group's fields are read element by element).
  init(fields: [PlanField]) {
    self.init(paths: fields.map { $0.group == nil ? $0.segments : nil })
  }

  /// The lookup of fields by their key's segments, by position; a nil path is a field no key reaches.
  init(paths: [[String]?]) {
    for (number, path) in paths.enumerated() {
      guard let segments = path else { continue }
      if segments.count > 1 { dottedKeys[segments.joined(separator: ".")] = number }
      var node = 0
      nodes[0].fields.append(number)
      for segment in segments {
        if let next = nodes[node].children[segment] {
          node = next
        } else {
          nodes.append(Node())
          nodes[node].children[segment] = nodes.count - 1
          node = nodes.count - 1
        }
        nodes[node].fields.append(number)
      }
      nodes[node].field = number
    }
  }

  /// The value of every field in `object`, by field number; nil when `object` is not an object.
  func inputs(from object: FormValue, fieldCount: Int) -> [FieldInput]? {
    guard case .object(let members) = object else { return nil }
    var nested = [FieldInput](repeating: nil, count: fieldCount)
    var dotted = [FieldInput](repeating: nil, count: fieldCount)
    for (key, value) in members {
      if let number = dottedKeys[key] { dotted[number] = value }
      walk(key, value, from: 0, into: &nested)
    }
    for number in 0..<fieldCount where dotted[number] != nil { nested[number] = dotted[number] }
    return nested
  }

  /// Follows one member from `node`: stores a field's value, or descends into a nested object.
  private func walk(_ key: String, _ value: FormValue, from node: Int, into inputs: inout [FieldInput]) {
    guard let child = nodes[node].children[key] else { return }
    if let number = nodes[child].field {
      inputs[number] = value
      return
    }
    // A repeated key replaces what an earlier member with that key gave: the last one wins.
    for number in nodes[child].fields { inputs[number] = nil }
    guard case .object(let members) = value else { return }
    for (key, member) in members { walk(key, member, from: child, into: &inputs) }
  }
}

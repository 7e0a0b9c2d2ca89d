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
  init(fields: [PlannedField]) {
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
  func inputs<Input: InputObject>(from object: Input, fieldCount: Int) -> [FieldInput]? {
    var nested = [FieldInput](repeating: nil, count: fieldCount)
    var dotted = [FieldInput](repeating: nil, count: fieldCount)
    let isObject = object.forEachMember { key, value in
      if let number = dottedKeys[key] { dotted[number] = value.formValue }
      walk(key, value, from: 0, into: &nested)
    }
    guard isObject else { return nil }
    for number in 0..<fieldCount where dotted[number] != nil { nested[number] = dotted[number] }
    return nested
  }

  /// Follows one member from `node`: stores a field's value, or descends into a nested object.
  private func walk<Input: InputObject>(_ key: String, _ value: Input, from node: Int, into inputs: inout [FieldInput])
  {
    guard let child = nodes[node].children[key] else { return }
    if let number = nodes[child].field {
      inputs[number] = value.formValue
      return
    }
    // A repeated key replaces what an earlier member with that key gave: the last one wins.
    for number in nodes[child].fields { inputs[number] = nil }
    _ = value.forEachMember { key, member in walk(key, member, from: child, into: &inputs) }
  }
}

/// A JSON value an input can be read from: the reader's tree or a `FormValue`.
protocol InputObject {
  /// Calls `body` with each member in order and returns true, or returns false when this is not an object.
  func forEachMember(_ body: (String, Self) -> Void) -> Bool
  /// The value as a `FormValue`.
  var formValue: FormValue { get }
}

extension JSONNode: InputObject {
  func forEachMember(_ body: (String, JSONNode) -> Void) -> Bool {
    guard case .object(let members) = kind else { return false }
    for member in members { body(member.key, member.value) }
    return true
  }

  var formValue: FormValue { FormValue(self) }
}

extension FormValue: InputObject {
  func forEachMember(_ body: (String, FormValue) -> Void) -> Bool {
    guard case .object(let members) = self else { return false }
    for member in members { body(member.key, member.value) }
    return true
  }

  var formValue: FormValue { self }
}

extension ValidationPlan {
  /// The inputs of a record given as JSON bytes, as `CompiledForm.validate(json:options:)` reads them; throws
  /// `notJSON` for the first syntax error, `notAnObject` for other JSON.
  func inputs(json bytes: [UInt8]) throws(InputError) -> [FieldInput] {
    try record(json: bytes).inputs
  }

  /// The record read from JSON bytes (its tree, for members beside the fields such as an NDJSON `id`) and
  /// its inputs; throws as `inputs(json:)` does.
  func record(json bytes: [UInt8]) throws(InputError) -> (root: JSONNode, inputs: [FieldInput]) {
    // A grouped form keeps at most one element past the limit of any array: a longer one fails unread, and
    // its elements are dropped as they are read, so memory does not grow with it.
    let (root, diagnostics) = JSONReader.read(
      SourceFile(name: "<input>", bytes: bytes), arrayLimit: groups.isEmpty ? nil : PlannedGroup.elementLimit + 1)
    if let error = diagnostics.first(where: { $0.severity == .error }) {
      throw .notJSON(line: error.range.start.line, column: error.range.start.column, message: error.message)
    }
    guard let root else { throw .notJSON(line: 1, column: 1, message: "the input holds no JSON value") }
    guard let inputs = inputs(from: root) else {
      throw .notAnObject(found: root.kind.describedWithArticle)
    }
    return (root, inputs)
  }
}

extension ValidationPlan {
  /// The inputs of a record object, by field number; nil when `object` is not an object.
  ///
  /// For a form with groups, the last input is the members that may hold them (`groupMembers(of:)`).
  func inputs<Input: InputObject>(from object: Input) -> [FieldInput]? {
    guard var inputs = lookup.inputs(from: object, fieldCount: fields.count) else { return nil }
    if !groups.isEmpty { inputs.append(groupMembers(of: object)) }
    return inputs
  }
}

extension JSONNode {
  /// The byte range of the value of this object's last member named `key` (`String` equality, as field
  /// keys are matched), nil when it is not an object or has no such member.
  func lastMemberRange(named key: String) -> Range<Int>? {
    guard case .object(let members) = kind, let member = members.last(where: { $0.key == key }) else { return nil }
    return member.value.range.start.offset..<member.value.range.end.offset
  }
}

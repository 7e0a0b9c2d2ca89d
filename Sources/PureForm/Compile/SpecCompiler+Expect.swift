extension JSONNode.Kind {
  /// The text of a string; nil for any other kind.
  var asString: String? { if case .string(let text) = self { text } else { nil } }
  /// The members of an object; nil for any other kind.
  var asObject: [JSONMember]? { if case .object(let members) = self { members } else { nil } }
  /// The elements of an array; nil for any other kind.
  var asArray: [JSONNode]? { if case .array(let elements) = self { elements } else { nil } }
  /// The value of `true` or `false`; nil for any other kind.
  var asBool: Bool? { if case .bool(let value) = self { value } else { nil } }
}

extension SpecCompiler {
  /// What `kind` reads from `node` (`\.asString`: its text), or nil after reporting `code` at the node with
  /// `message` and what the node holds instead (`… must be a string, found an array`).
  mutating func expect<Payload>(
    _ kind: KeyPath<JSONNode.Kind, Payload?>, of node: JSONNode, _ code: DiagnosticCode, _ message: String
  ) -> Payload? {
    guard let payload = node.kind[keyPath: kind] else {
      report(code, "\(message), found \(node.kind.describedWithArticle)", at: node.range)
      return nil
    }
    return payload
  }
}

extension SpecCompiler {
  /// Reports every key that appears twice in one JSON object (`PF213`), anywhere in the spec.
  ///
  /// RFC 8259 leaves duplicate names to the implementation; PureForm's `NSJSONSerialization` silently keeps
  /// one of them, which hides mistakes, so pureform reports them. Walks with an explicit stack.
  mutating func checkDuplicateKeys(in root: JSONNode) {
    var pending = [root]
    while let node = pending.popLast() {
      switch node.kind {
      case .array(let elements):
        pending.append(contentsOf: elements.reversed())
      case .object(let members):
        var firstRange: [String: SourceRange] = [:]
        for member in members {
          if let first = firstRange[member.key] {
            report(
              .duplicateObjectKey, "duplicate key '\(member.key)' in one object", at: member.keyRange,
              notes: [DiagnosticNote("first given here; this one is ignored", at: first)])
          } else {
            firstRange[member.key] = member.keyRange
          }
        }
        pending.append(contentsOf: members.reversed().map(\.value))
      default:
        break
      }
    }
  }
}

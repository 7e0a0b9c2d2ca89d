extension SpecCompiler {
  /// Reports every key that appears twice in one JSON object (`PF213`), anywhere in the spec.
  ///
  /// RFC 8259 leaves duplicate names to the implementation; PureForm's `NSJSONSerialization` silently keeps
  /// one of them, which hides mistakes, so pureform reports them. Walks with an explicit stack, in document
  /// order, in one pass: only containers are pushed, and an object's keys are compared pairwise when it has
  /// few members (no hashing, no allocation) and through a dictionary otherwise.
  mutating func checkDuplicateKeys(in root: JSONNode) {
    var pending = [root]
    while let node = pending.popLast() {
      switch node.kind {
      case .array(let elements):
        for element in elements.reversed() where element.isContainer { pending.append(element) }
      case .object(let members):
        if members.count <= 16 {
          for later in members.indices {
            // The first earlier member with the same key is where the key was first given.
            for earlier in 0..<later where members[earlier].key == members[later].key {
              reportDuplicate(members[later], first: members[earlier].keyRange)
              break
            }
          }
        } else {
          var firstRange: [String: SourceRange] = [:]
          for member in members {
            if let first = firstRange[member.key] {
              reportDuplicate(member, first: first)
            } else {
              firstRange[member.key] = member.keyRange
            }
          }
        }
        for member in members.reversed() where member.value.isContainer { pending.append(member.value) }
      default:
        break
      }
    }
  }

  /// Reports `member` repeating a key first given at `first`.
  private mutating func reportDuplicate(_ member: JSONMember, first: SourceRange) {
    report(
      .duplicateObjectKey, "duplicate key '\(member.key)' in one object", at: member.keyRange,
      notes: [DiagnosticNote("first given here; this one is ignored", at: first)])
  }
}

extension JSONNode {
  /// Whether the node is an array or an object.
  fileprivate var isContainer: Bool {
    switch kind {
    case .array, .object: return true
    default: return false
    }
  }
}

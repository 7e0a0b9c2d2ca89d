/// Finds every key that appears twice in one JSON object (`PF213`), anywhere in a value.
///
/// RFC 8259 leaves duplicate names to the implementation; PureForm's `NSJSONSerialization` silently keeps
/// one of them, which hides mistakes, so pureform reports them. A pure function of the tree, apart from the
/// compiler's state, so that the thread reading a large spec can run it on each element it reads
/// (`SpecCompiler.compileElement(_:duplicateKeys:)` takes the result).
struct DuplicateKeyCheck {
  /// The findings so far, in document order.
  private var diagnostics: [Diagnostic] = []

  /// The `PF213` diagnostics of `root` and everything inside it, in document order.
  static func diagnostics(in root: JSONNode) -> [Diagnostic] {
    var check = DuplicateKeyCheck()
    check.checkDuplicateKeys(in: root)
    return check.diagnostics
  }

  /// Walks with an explicit stack, in document order, in one pass: only containers are pushed, and an
  /// object's keys are compared pairwise when it has few members (no hashing, no allocation) and through a
  /// dictionary otherwise.
  private mutating func checkDuplicateKeys(in root: JSONNode) {
    // Objects without containers inside, nearly every one in a spec, are checked without the stack.
    if case .object(let members) = root.kind, !members.contains(where: { $0.value.isContainer }) {
      checkDuplicateKeys(among: members)
      return
    }
    // Sized for a cell's usual nesting, so that it is allocated once; members are looked at in place, by
    // index, not copied (each copy retained a key and a value) to be skipped.
    var pending: [JSONNode] = []
    pending.reserveCapacity(16)
    pending.append(root)
    while let node = pending.popLast() {
      switch node.kind {
      case .array(let elements):
        for index in elements.indices.reversed() where elements[index].isContainer { pending.append(elements[index]) }
      case .object(let members):
        checkDuplicateKeys(among: members)
        for index in members.indices.reversed() where members[index].value.isContainer {
          pending.append(members[index].value)
        }
      default:
        break
      }
    }
  }

  /// Reports every key of one object's `members` that an earlier member gave already.
  private mutating func checkDuplicateKeys(among members: [JSONMember]) {
    guard members.count <= 16 else {
      var firstRange: [String: SourceRange] = [:]
      for member in members {
        if let first = firstRange[member.key] {
          reportDuplicate(member, first: first)
        } else {
          firstRange[member.key] = member.keyRange
        }
      }
      return
    }
    for later in members.indices {
      let length = members[later].key.utf8.count
      // The first earlier member with the same key is where the key was first given. Lengths are compared
      // first: they are at hand, and keys of one object rarely share one.
      for earlier in 0..<later
      where members[earlier].key.utf8.count == length && members[earlier].key == members[later].key {
        reportDuplicate(members[later], first: members[earlier].keyRange)
        break
      }
    }
  }

  /// Reports `member` repeating a key first given at `first`.
  private mutating func reportDuplicate(_ member: JSONMember, first: SourceRange) {
    diagnostics.append(
      Diagnostic(
        .duplicateObjectKey, "duplicate key '\(member.key)' in one object", at: member.keyRange,
        notes: [DiagnosticNote("first given here; this one is ignored", at: first)]))
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

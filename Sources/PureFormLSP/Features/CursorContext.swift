import Foundation
import PureForm

/// Where a position stands in a spec's tolerant tree: the containers around it and the key or value under it.
struct CursorContext {
  /// One container around the cursor, outermost first, with the member key that leads into it (nil for the
  /// top-level value and for array elements).
  struct Level {
    let node: JSONNode
    let key: String?
  }

  /// What is under the cursor.
  enum Place {
    /// A key of the innermost object: the one under the cursor (its text and range) or none yet.
    case key(String?, SourceRange?)
    /// The value of member `key` of the innermost object; `node` is the value read, possibly `invalid`.
    case value(key: String, node: JSONNode)
    /// Neither (an array element, the space between values).
    case elsewhere
  }

  /// The containers around the cursor, outermost first.
  var levels: [Level] = []
  /// What is under the cursor.
  var place = Place.elsewhere

  /// The context of byte `offset` in the tree `root`.
  init(root: JSONNode, offset: Int, bytes: [UInt8]) {
    var node = root
    var key: String?
    while true {
      guard Self.isInside(offset, node, bytes) else { return }
      levels.append(Level(node: node, key: key))
      switch node.kind {
      case .object(let members):
        place = .key(nil, nil)
        var next: (JSONNode, String)?
        for member in members {
          let keyRange = member.keyRange
          if keyRange.start.offset < offset && offset <= keyRange.end.offset && keyRange.end != keyRange.start {
            place = .key(member.key, keyRange)
            break
          }
          let value = member.value.range
          let isContainer = Self.isContainer(member.value)
          if isContainer && Self.isInside(offset, member.value, bytes) {
            next = (member.value, member.key)
            break
          }
          if offset > keyRange.end.offset
            && (offset <= value.start.offset || (!isContainer && offset <= value.end.offset))
            && (offset <= value.end.offset || Self.isEmpty(member.value))
          {
            place = .value(key: member.key, node: member.value)
            break
          }
        }
        guard let (child, childKey) = next else { return }
        node = child
        key = childKey
      case .array(let elements):
        place = .elsewhere
        guard let child = elements.first(where: { Self.isContainer($0) && Self.isInside(offset, $0, bytes) }) else {
          return
        }
        node = child
        key = nil
      default:
        return
      }
    }
  }

  /// Whether `offset` is inside a container's brackets (after its opener, up to its close or the text's end).
  private static func isInside(_ offset: Int, _ node: JSONNode, _ bytes: [UInt8]) -> Bool {
    let range = node.range
    guard range.start.offset < offset else { return false }
    if offset < range.end.offset { return true }
    // At the end: inside unless the range ends with its close bracket (an unclosed one ends where the text does).
    guard offset == range.end.offset, offset > 0, offset <= bytes.count else { return false }
    return bytes[offset - 1] != UInt8(ascii: "}") && bytes[offset - 1] != UInt8(ascii: "]")
  }

  /// Arrays and objects.
  private static func isContainer(_ node: JSONNode) -> Bool {
    switch node.kind {
    case .array, .object: true
    default: false
    }
  }

  /// A value not written yet.
  private static func isEmpty(_ node: JSONNode) -> Bool {
    if case .invalid = node.kind { return node.range.start == node.range.end }
    return false
  }

  /// The member keys leading from the top-level value to the innermost container (nil for array elements).
  var keys: [String?] { levels.dropFirst().map(\.key) }

  /// The innermost object's members.
  var members: [JSONMember] {
    if case .object(let members)? = levels.last?.node.kind { return members }
    return []
  }
}

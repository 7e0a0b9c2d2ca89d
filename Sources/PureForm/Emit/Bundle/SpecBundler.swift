/// Writes the one plain spec the device reads from a spec with `<include>`s: a text edit, as `fill` is.
///
/// Each `{"<include>": …}` element is replaced by the included file's elements as they are written (the
/// text from its first element to its last), themselves bundled; in a file included with a `<key>` prefix,
/// each form view's `<key>` gets the prefix and each relative binding path of its `<visible_if>`,
/// `<required_if>` and `<same_as>` gets it as leading segments, so that it names the same view. Every other
/// byte keeps its place: comments the device never sees, the order of members, numbers as written.
struct SpecBundler {
  /// The spec and the files it includes, as compiled.
  let sources: SpecSources

  /// The bundle's text.
  func text() -> String {
    String(decoding: bundled(nil).whole, as: UTF8.self)
  }

  /// The bundled bytes of the spec (nil) or of inclusion `number`: the whole file, and the part from its
  /// first element to its last (nil when it has none).
  private func bundled(_ number: Int?) -> (whole: [UInt8], elements: [UInt8]?) {
    let file = sources.file(number)
    let base = sources.base(number)
    guard let root = JSONReader.read(file).value, case .array(let elements) = root.kind else {
      return (file.bytes, nil)
    }
    let prefix = number.flatMap { sources.included[$0].prefix }
    // The inclusions this file makes, by where their element starts in it.
    var children: [Int: Int] = [:]
    for (child, included) in sources.included.enumerated() where included.parent == number {
      children[included.element.start.offset - base] = child
    }
    var edits: [(range: Range<Int>, text: [UInt8])] = []
    for (index, element) in elements.enumerated() {
      let range = element.range.start.offset..<element.range.end.offset
      if let child = children[range.lowerBound] {
        if let inner = bundled(child).elements {
          edits.append((range, inner))
        } else {
          // An included file without elements: the element goes, with the comma that separates it.
          let start = index > 0 ? elements[index - 1].range.end.offset : range.lowerBound
          let end = index == 0 && elements.count > 1 ? elements[1].range.start.offset : range.upperBound
          edits.append((start..<end, []))
        }
      } else if let prefix {
        edits += keyEdits(in: element, prefix: prefix)
      }
    }
    var bytes = file.bytes
    for edit in edits.sorted(by: { $0.range.lowerBound > $1.range.lowerBound }) {
      bytes.replaceSubrange(edit.range, with: edit.text)
    }
    guard let first = elements.first, let last = elements.last else { return (bytes, nil) }
    // The last element's end, moved by the edits before it.
    let shift = edits.reduce(0) {
      $0 + ($1.range.lowerBound < last.range.end.offset ? $1.text.count - $1.range.count : 0)
    }
    return (bytes, Array(bytes[first.range.start.offset..<(last.range.end.offset + shift)]))
  }

  /// The edits that put `prefix` before the `<key>`s and relative binding paths of the views of a cell.
  private func keyEdits(in element: JSONNode, prefix: String) -> [(range: Range<Int>, text: [UInt8])] {
    guard case .object(let members) = element.kind else { return [] }
    var edits: [(range: Range<Int>, text: [UInt8])] = []
    let slashed = prefix.split(separator: ".", omittingEmptySubsequences: false).joined(separator: "/")
    for member in members where member.key.hasPrefix("<") && member.key.contains("+") {
      guard case .object(let views) = member.value.kind else { continue }
      for view in views {
        guard case .object(let words) = view.value.kind else { continue }
        // A relative path of a view in a repeated group starts at its element: only one that goes up out of
        // every group reaches the root, which the prefix moves.
        var depth = 0
        if let key = words.last(where: { $0.key == ReservedWord.key.rawValue }), case .string(let text) = key.value.kind
        {
          depth = DottedKey.segments(of: text).filter { $0 == GroupKey.star }.count
        }
        for word in words {
          switch word.key {
          case ReservedWord.key.rawValue:
            if case .string(let key) = word.value.kind {
              edits.append(Self.replacing(word.value, with: "\(prefix).\(key)"))
            }
          case ReservedWord.visibleIf.rawValue, ReservedWord.requiredIf.rawValue:
            edits += conditionEdits(word.value, under: slashed, depth: depth)
          case ReservedWord.sameAs.rawValue:
            if case .string(let path) = word.value.kind, let moved = Self.moved(path, under: slashed, depth: depth) {
              edits.append(Self.replacing(word.value, with: moved))
            }
          default: continue
          }
        }
      }
    }
    return edits
  }

  /// The edits that move the relative paths of a condition under `slashed`: strings (`!` kept), and the
  /// path keys of `{"path": V}` objects, through `<all>`, `<any>` and `<not>`.
  private func conditionEdits(_ condition: JSONNode, under slashed: String, depth: Int) -> [(
    range: Range<Int>, text: [UInt8]
  )] {
    switch condition.kind {
    case .string(let text):
      let negated = text.hasPrefix("!")
      guard let moved = Self.moved(negated ? String(text.dropFirst()) : text, under: slashed, depth: depth) else {
        return []
      }
      return [Self.replacing(condition, with: (negated ? "!" : "") + moved)]
    case .object(let members):
      return members.flatMap { member -> [(range: Range<Int>, text: [UInt8])] in
        switch member.key {
        case "<not>": return conditionEdits(member.value, under: slashed, depth: depth)
        case "<all>", "<any>":
          guard case .array(let conditions) = member.value.kind else { return [] }
          return conditions.flatMap { conditionEdits($0, under: slashed, depth: depth) }
        default:
          guard let moved = Self.moved(member.key, under: slashed, depth: depth) else { return [] }
          return [(member.keyRange.start.offset..<member.keyRange.end.offset, Self.jsonString(moved))]
        }
      }
    default: return []
    }
  }

  /// A relative binding path put under `slashed`; nil for an absolute one, which stays as written.
  ///
  /// `depth` is the number of repeated groups the view is in: a path that goes up fewer times (`..`) stays
  /// in an element, under the prefix already, and is left as written; one that goes up out of them all gets
  /// the prefix after its `..` segments.
  private static func moved(_ path: String, under slashed: String, depth: Int) -> String? {
    guard !path.hasPrefix("/") else { return nil }
    var ups = 0
    var rest = Substring(path)
    while rest == ".." || rest.hasPrefix("../") {
      ups += 1
      rest = rest.dropFirst(min(3, rest.count))
    }
    guard ups >= depth else { return nil }
    return String(repeating: "../", count: ups) + "\(slashed)/\(rest)"
  }

  /// The edit that writes `text` as the JSON string in the place of `node`.
  private static func replacing(_ node: JSONNode, with text: String) -> (range: Range<Int>, text: [UInt8]) {
    (node.range.start.offset..<node.range.end.offset, jsonString(text))
  }

  /// `text` as a JSON string literal.
  private static func jsonString(_ text: String) -> [UInt8] {
    Array(OutputJSON.string(text).rendered().utf8)
  }
}

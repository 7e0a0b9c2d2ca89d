import Foundation
import PureForm

/// The cells, form views and includes of a spec's tolerant tree, as an editor needs them: read from the JSON
/// as written, so they are there while the text does not compile.
struct SpecViews {
  /// A view of a cell.
  struct View {
    /// The property name as written (`textField?`).
    let name: String
    /// The span of the property name.
    let nameRange: SourceRange
    /// The view's object.
    let node: JSONNode
    /// The `<key>` value, for form views that have one.
    let key: String?
    /// The span of the `<key>` value.
    let keyRange: SourceRange?

    /// Whether the view is a form view (its name ends with `?`).
    var isFormView: Bool { name.hasSuffix("?") }
  }

  /// A cell: its combined key and views.
  struct Cell {
    /// The class name and identifier, `=` resolved from the cell before.
    let className: String
    let identifier: String
    /// The span of the combined key.
    let keyRange: SourceRange
    /// The whole element.
    let range: SourceRange
    /// Its section and row (rows counted from 0 in each section).
    let section: Int
    let row: Int
    let views: [View]
  }

  /// An `<include>` element.
  struct Include {
    /// The path as written.
    let path: String
    /// The span of the path string.
    let pathRange: SourceRange
    /// The whole element.
    let range: SourceRange
    /// Its `<key>` prefix, if any.
    let prefix: String?
  }

  /// An element in spec order.
  enum Element {
    case cell(Cell)
    case include(Include)
  }

  /// The elements in spec order.
  private(set) var elements: [Element] = []

  /// The cells and includes of `root` (a top-level array; anything else has none).
  init(root: JSONNode) {
    guard case .array(let items) = root.kind else { return }
    var section = 0
    var rows: [Int: Int] = [:]
    var previous: (String, String)?
    for item in items {
      guard case .object(let members) = item.kind else { continue }
      if let include = members.first(where: { $0.key == ReservedWord.include.rawValue }) {
        guard case .string(let path) = include.value.kind else { continue }
        var prefix: String?
        if case .string(let key)? = members.first(where: { $0.key == ReservedWord.key.rawValue })?.value.kind {
          prefix = key
        }
        elements.append(
          .include(Include(path: path, pathRange: include.value.range, range: item.range, prefix: prefix)))
        continue
      }
      if let marker = members.first(where: { $0.key == ReservedWord.section.rawValue }) {
        if case .number(let text) = marker.value.kind, let number = Int(text) { section = number }
        continue
      }
      guard let combined = members.first(where: { Self.parts(of: $0.key) != nil }),
        let (classPart, identifierPart) = Self.parts(of: combined.key)
      else { continue }
      let className = classPart == "=" ? previous?.0 ?? "=" : classPart
      let identifier = identifierPart == "=" ? previous?.1 ?? "=" : identifierPart
      previous = (className, identifier)
      var views: [View] = []
      if case .object(let viewMembers) = combined.value.kind {
        for member in viewMembers {
          var key: String?
          var keyRange: SourceRange?
          if case .object(let properties) = member.value.kind,
            let keyMember = properties.last(where: { $0.key == ReservedWord.key.rawValue }),
            case .string(let text) = keyMember.value.kind
          {
            key = text
            keyRange = keyMember.value.range
          }
          views.append(
            View(name: member.key, nameRange: member.keyRange, node: member.value, key: key, keyRange: keyRange))
        }
      }
      let row = rows[section, default: 0]
      rows[section] = row + 1
      elements.append(
        .cell(
          Cell(
            className: className, identifier: identifier, keyRange: combined.keyRange, range: item.range,
            section: section, row: row, views: views)))
    }
  }

  /// `(A, B)` of a combined key `<A + B>`, nil for any other key.
  static func parts(of key: String) -> (String, String)? {
    guard key.hasPrefix("<"), key.hasSuffix(">"), key.count >= 2 else { return nil }
    let parts = key.dropFirst().dropLast().split(separator: "+", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let first = parts[0].trimmingCharacters(in: .whitespaces)
    let second = parts[1].trimmingCharacters(in: .whitespaces)
    guard !first.isEmpty, !second.isEmpty else { return nil }
    return (first, second)
  }

  /// Every form view with a `<key>`, in spec order.
  var formViews: [View] {
    elements.flatMap { element -> [View] in
      guard case .cell(let cell) = element else { return [] }
      return cell.views.filter { $0.isFormView && $0.key != nil }
    }
  }

  /// The form view whose object is `node` (found by its range).
  func view(at node: JSONNode) -> View? {
    formViews.first { $0.node.range == node.range }
  }
}

extension Substring {
  /// The text without leading and trailing characters of `set`.
  fileprivate func trimmingCharacters(in set: Set<Character>) -> String {
    String(drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}

extension Set where Element == Character {
  /// Spaces and tabs.
  fileprivate static let whitespaces: Set<Character> = [" ", "\t"]
}

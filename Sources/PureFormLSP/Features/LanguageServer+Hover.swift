import Foundation
import PureForm

extension LanguageServer {
  /// `textDocument/hover`: what a validator, reserved word, `<key>` value or UIKit constant means; null elsewhere.
  func hover(_ params: Params) throws(RPCError) -> Any {
    let (document, root, offset) = try tree(params)
    let context = CursorContext(root: root, offset: offset, bytes: document.lines.bytes)
    var text: String?
    var token: SourceRange?
    switch context.place {
    case .key(let key?, let range):
      token = range
      if context.keys.count == 4, context.keys[3] == ReservedWord.validators.rawValue {
        text = HoverText.validator(key)
      } else {
        text = HoverText.reservedWord(key)
      }
    case .value(let key, let node):
      guard case .string(let value) = node.kind, node.range.start.offset < offset,
        offset <= node.range.end.offset
      else { break }
      token = node.range
      if key == ReservedWord.key.rawValue, context.levels.count > 3 {
        text = keySummary(of: context.levels[3].node, key: value)
      } else {
        text = HoverText.constant(value)
      }
    default:
      break
    }
    guard let text, let token else { return NSNull() }
    let contents: [String: Any] =
      hoverMarkdown
      ? ["kind": "markdown", "value": text]
      : [
        "kind": "plaintext",
        "value": text.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: ""),
      ]
    return ["contents": contents, "range": document.lines.range(token, encoding: encoding)]
  }

  /// A form view's validators with their arguments, its `<type>` and its conditions.
  private func keySummary(of view: JSONNode, key: String) -> String {
    guard case .object(let members) = view.kind else { return "**\(key)**" }
    var lines = ["**\(key)**"]
    for member in members {
      switch member.key {
      case ReservedWord.validators.rawValue:
        guard case .object(let validators) = member.value.kind else { continue }
        let list = validators.map { "`\($0.key)`: `\(Self.written($0.value))`" }
        lines.append("- validators: " + (list.isEmpty ? "none" : list.joined(separator: ", ")))
      case ReservedWord.type.rawValue, ReservedWord.visibleIf.rawValue, ReservedWord.requiredIf.rawValue,
        ReservedWord.sameAs.rawValue:
        lines.append("- \(member.key): `\(Self.written(member.value))`")
      default:
        continue
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A value as a short JSON text.
  private static func written(_ node: JSONNode) -> String {
    switch node.kind {
    case .null: "null"
    case .bool(let value): String(value)
    case .number(let text): text
    case .string(let text): jsonString(text)
    case .array(let elements): "[" + elements.map(written).joined(separator: ", ") + "]"
    case .object(let members):
      "{" + members.map { jsonString($0.key) + ": " + written($0.value) }.joined(separator: ", ") + "}"
    case .invalid: "…"
    }
  }
}

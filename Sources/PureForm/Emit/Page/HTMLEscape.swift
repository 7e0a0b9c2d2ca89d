/// Escaping for the page `pureform render` writes: text and attribute values, and JSON inside `<script>`.
enum HTMLEscape {
  /// `text` as HTML text or a double-quoted attribute value: `&`, `<`, `>`, `"` and `'` become character
  /// references, so no label or placeholder can open a tag or end an attribute.
  static func text(_ text: String) -> String {
    replacing(text) { scalar in
      switch scalar {
      case "&": return "&amp;"
      case "<": return "&lt;"
      case ">": return "&gt;"
      case "\"": return "&quot;"
      case "'": return "&#39;"
      default: return nil
      }
    }
  }

  /// JSON text made safe to sit inside a `<script>` element: `<`, `>` and `&` (which only occur inside JSON
  /// strings) become `\u003C`, `\u003E` and `\u0026`, so no string can close the element or open a comment.
  static func scriptJSON(_ json: String) -> String {
    replacing(json) { scalar in
      switch scalar {
      case "<", ">", "&", "\u{2028}", "\u{2029}":
        return "\\u" + HexDigit.text(scalar.value, width: 4, uppercase: true)
      default: return nil
      }
    }
  }

  /// `text` with each scalar that `replacement` names replaced by its text.
  private static func replacing(_ text: String, _ replacement: (Unicode.Scalar) -> String?) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if let replaced = replacement(scalar) { escaped += replaced } else { escaped.unicodeScalars.append(scalar) }
    }
    return escaped
  }
}

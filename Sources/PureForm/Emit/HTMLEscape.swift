/// Escaping for the page `pureform render` writes: text and attribute values, and JSON inside `<script>`.
enum HTMLEscape {
  /// `text` as HTML text or a double-quoted attribute value: `&`, `<`, `>`, `"` and `'` become character
  /// references, so no label or placeholder can open a tag or end an attribute.
  static func text(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&#39;"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }

  /// JSON text made safe to sit inside a `<script>` element: `<`, `>` and `&` (which only occur inside JSON
  /// strings) become `\u003C`, `\u003E` and `\u0026`, so no string can close the element or open a comment.
  static func scriptJSON(_ json: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(json.utf8.count)
    for scalar in json.unicodeScalars {
      switch scalar {
      case "<": escaped += "\\u003C"
      case ">": escaped += "\\u003E"
      case "&": escaped += "\\u0026"
      case "\u{2028}": escaped += "\\u2028"
      case "\u{2029}": escaped += "\\u2029"
      default: escaped.unicodeScalars.append(scalar)
      }
    }
    return escaped
  }
}

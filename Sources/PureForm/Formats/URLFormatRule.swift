/// The rule of `<format>: url`: the value parses as sent, its scheme is listed, and the schemes that need a host
/// have one.
///
/// `URLFormatRule.accepts("https://example.com/a b")` is `true`; `" https://x.io"` (needs trimming),
/// `"javascript:alert(1)"` (scheme not listed) and `"https://"` (no host) are refused.
enum URLFormatRule {
  /// The schemes a `<format>: url` accepts when the view sets no `<schemes>`.
  static let defaultSchemes = ["http", "https"]

  /// Whether `value` passes with `schemes` (names in any case) as the allowed list.
  static func accepts(_ value: String, schemes: [String] = defaultSchemes) -> Bool {
    guard let parsed = WebURLParser.parse(value), !parsed.neededCleanUp else { return false }
    let url = parsed.url
    guard schemes.contains(where: { $0.lowercased() == url.scheme }) else { return false }
    switch url.scheme {
    case "http", "https", "ws", "wss", "ftp": return !url.hasEmptyHost
    default: return true
    }
  }

  /// Whether `name` can be a `<schemes>` element: an ASCII letter, then ASCII letters, digits, `+`, `-` or `.`
  /// (the URL Standard's scheme code points), in any case.
  static func isSchemeName(_ name: String) -> Bool {
    guard let first = name.utf8.first, (first | 0x20) &- UInt8(ascii: "a") < 26 else { return false }
    return name.utf8.allSatisfy { byte in
      (byte | 0x20) &- UInt8(ascii: "a") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "+")
        || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }
  }
}

/// The rule of `<format>: url`: the value parses as sent, its scheme is listed, and the schemes that need a host
/// have one.
///
/// `URLFormatRule.accepts("https://example.com/a b")` is `true`; `" https://x.io"` (needs trimming),
/// `"javascript:alert(1)"` (scheme not listed) and `"https://"` (no host) are refused.
enum URLFormatRule {
  /// The schemes a `<format>: url` accepts when the view sets no `<schemes>`.
  static let defaultSchemes = ["http", "https"]

  /// The special schemes whose URLs must have a host that is not empty (`file`'s may be empty).
  static let schemesNeedingHost = ["http", "https", "ws", "wss", "ftp"]

  /// Whether `value` passes with `schemes` (names in any case) as the allowed list.
  static func accepts(_ value: String, schemes: [String] = defaultSchemes) -> Bool {
    var value = value
    let lowercase = schemes.map { $0.lowercased() }
    return value.withUTF8 { accepts(utf8: $0, schemes: lowercase) }
  }

  /// Whether the text of `utf8` passes with `schemes` (lowercase names) as the allowed list.
  ///
  /// The kernel's call: a text of the common shape (`URLShortcut`) is answered without running the parser.
  static func accepts(utf8: UnsafeBufferPointer<UInt8>, schemes: [String]) -> Bool {
    if let scheme = URLShortcut.scheme(of: utf8) { return schemes.contains(scheme) }
    return parserAccepts(String(decoding: utf8, as: UTF8.self), schemes: schemes)
  }

  /// The rule as the standard's parser states it, for any text (`schemes` lowercase).
  static func parserAccepts(_ value: String, schemes: [String]) -> Bool {
    guard let parsed = WebURLParser.parse(value), !parsed.neededCleanUp else { return false }
    let url = parsed.url
    guard schemes.contains(url.scheme) else { return false }
    return !schemesNeedingHost.contains(url.scheme) || !url.hasEmptyHost
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

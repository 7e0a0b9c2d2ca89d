/// The shape most URLs a form receives have, recognised in one pass over their bytes.
///
/// `<format>: url` need not run `WebURLParser` on a text of this shape: `scheme://host`, then nothing or a path,
/// query or fragment, where
/// - the scheme is a special scheme that needs a host (`http`, `https`, `ws`, `wss`, `ftp`), in any case;
/// - the host is ASCII letters, digits, `-` and `.`, no label of it starts with `xn--` (in any case), and its
///   last label (one trailing `.` aside) starts with a letter, so it is no IPv4 address;
/// - nothing but host bytes come before the first `/`, `\`, `?` or `#` (no credentials, no port);
/// - the first and last bytes are no C0 control or space, and no tab, LF or CR occurs anywhere.
///
/// On such a text the standard's parser succeeds, with that scheme and a non-empty host: domain to ASCII only
/// lowercases an ASCII host without `xn--` labels (§3.5's own fast path), and the path, query and fragment
/// states percent-encode but never fail. Every other text gives `nil` and is parsed in full. `URLFormatTests`
/// holds `URLFormatRule` with and without the shortcut to the same answer on every vector and on every case of
/// urltestdata.json.
enum URLShortcut {
  /// The lowercase scheme of a text of this shape, or `nil` when the text needs the parser.
  ///
  /// `scheme(of: "HTTPS://Example.com/a b")` is `"https"`; `"https://user@x.io"`, `"https://1.2.3.4"` and
  /// `"mailto:a@b.example"` give `nil`.
  static func scheme(of bytes: UnsafeBufferPointer<UInt8>) -> String? {
    let count = bytes.count
    guard count > 0, bytes[0] > 0x20, bytes[count - 1] > 0x20 else { return nil }
    var index = 0
    while index < count, isLetter(bytes[index]) { index += 1 }
    guard index >= 2, index <= 5, index + 3 < count, bytes[index] == UInt8(ascii: ":"),
      bytes[index + 1] == UInt8(ascii: "/"), bytes[index + 2] == UInt8(ascii: "/")
    else { return nil }
    let length = index
    guard
      // `file` has its own host rules, so it is left to the parser.
      let scheme = URLFormatRule.schemesNeedingHost.first(where: { name in
        name.utf8.count == length && name.utf8.enumerated().allSatisfy { bytes[$0.offset] | 0x20 == $0.element }
      })
    else { return nil }
    index += 3
    guard let hostEnd = hostEnd(bytes, from: index) else { return nil }
    index = hostEnd
    while index < count {
      switch bytes[index] {
      case 0x09, 0x0A, 0x0D: return nil
      default: index += 1
      }
    }
    return scheme
  }

  /// Where a host of letters, digits, `-` and `.` that starts at `start` ends (at a `/`, `\`, `?`, `#` or the
  /// end), or `nil` when another byte comes first, a label starts with `xn--`, or the last label does not start
  /// with a letter.
  private static func hostEnd(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
    var index = start
    var labelStart = start
    var lastLabelStart = start
    while index < bytes.count {
      let byte = bytes[index]
      if byte == UInt8(ascii: ".") {
        if index > labelStart { lastLabelStart = labelStart }
        labelStart = index + 1
      } else if isLetter(byte) || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "-") {
        if index == labelStart, index + 4 <= bytes.count, bytes[index] | 0x20 == UInt8(ascii: "x"),
          bytes[index + 1] | 0x20 == UInt8(ascii: "n"), bytes[index + 2] == UInt8(ascii: "-"),
          bytes[index + 3] == UInt8(ascii: "-")
        {
          return nil
        }
      } else if byte == UInt8(ascii: "/") || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "?")
        || byte == UInt8(ascii: "#")
      {
        break
      } else {
        return nil
      }
      index += 1
    }
    // The last non-empty label: the standard's last label (one trailing dot aside) when the host ends in one or
    // in a dot, and an empty one, which is no number either, when it ends in two dots.
    if index > labelStart { lastLabelStart = labelStart }
    guard index > start, isLetter(bytes[lastLabelStart]) else { return nil }
    return index
  }

  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) &- UInt8(ascii: "a") < 26
  }
}

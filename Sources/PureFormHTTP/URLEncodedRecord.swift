public import PureForm

/// An HTML form post (`application/x-www-form-urlencoded`) read as a record.
///
/// Each name is a `<key>`, each value a string, as a browser sends them. Dotted names stay flat, which the form's input lookup reads as
/// nested (`address.city` is the `city` of `address`); a name sent twice keeps its last value, as a JSON
/// object's repeated key does. Bracketed names, as PHP, Rails and most form libraries write repeated
/// groups, are the dotted key they spell: `items[0][name]` is `items.0.name`, and each `tags[]` is the
/// next element of `tags` (`tags.0`, `tags.1`, …).
public enum URLEncodedRecord {
  /// The record of `body`: `+` is a space, `%XX` a byte, invalid UTF-8 replaced; pairs without `=` have
  /// an empty value, empty pairs are skipped.
  public static func parse<Bytes: Collection<UInt8>>(_ body: Bytes) -> FormValue {
    var members: [(key: String, value: FormValue)] = []
    var appended: [String: Int] = [:]
    for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let key = dotted(decode(parts[0]), appended: &appended)
      let value = parts.count > 1 ? decode(parts[1]) : ""
      members.append((key, .string(value)))
    }
    return .object(members)
  }

  /// The dotted key a bracketed name spells (`items[0][name]` → `items.0.name`; `tags[]` → the next index
  /// of `tags`, counted in `appended`); any other name as it is.
  static func dotted(_ name: String, appended: inout [String: Int]) -> String {
    guard let open = name.firstIndex(of: "["), open != name.startIndex, name.hasSuffix("]") else { return name }
    var segments = [String(name[..<open])]
    var rest = name[open...]
    while let first = rest.first, first == "[", let close = rest.firstIndex(of: "]") {
      segments.append(String(rest[rest.index(after: rest.startIndex)..<close]))
      rest = rest[rest.index(after: close)...]
    }
    // Not brackets all the way (`a[b]c]`), or a bracket inside a segment: a name like any other.
    guard rest.isEmpty, !segments.contains(where: { $0.contains("[") || $0.contains("]") }) else { return name }
    for index in segments.indices.dropFirst() where segments[index].isEmpty {
      let prefix = segments[..<index].joined(separator: ".")
      segments[index] = String(appended[prefix, default: 0])
      appended[prefix, default: 0] += 1
    }
    return segments.joined(separator: ".")
  }

  /// Percent-decodes one name or value: `+` is a space, a `%` without two hex digits after it is kept.
  static func decode<Bytes: Collection<UInt8>>(_ text: Bytes) -> String {
    String(decoding: PercentDecoding.bytes(of: text, plusIsSpace: true).bytes, as: UTF8.self)
  }
}

/// A request's query read into names and values, as Hummingbird's `URI.queryParameters` reads it, so that
/// every server of the routes takes the same options from the same request target.
///
/// Pairs are split at `&` (an empty pair between two `&`s is a name of its own, a trailing `&` is none),
/// each at its first `=`. A name is kept as sent; a value is percent-decoded (`%41` is `A`; `+` stays a `+`),
/// or kept as sent when its escapes are malformed. A pair without `=` is a name with the empty value.
enum QueryParameters {
  /// The pairs of `query`, the part of the request target after `?` (nil or empty: none), in order.
  static func pairs(_ query: String?) -> [(name: String, value: String)] {
    guard let query, !query.isEmpty else { return [] }
    var sections = query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: false)
    if query.utf8.last == UInt8(ascii: "&") { sections.removeLast() }
    return sections.map { section in
      guard let equals = section.firstIndex(of: UInt8(ascii: "=")) else {
        return (String(decoding: section, as: UTF8.self), "")
      }
      let name = String(decoding: section[..<equals], as: UTF8.self)
      let value = section[section.index(after: equals)...]
      return (name, percentDecoded(value) ?? String(decoding: value, as: UTF8.self))
    }
  }

  /// `text` with each `%XX` replaced by its byte, invalid UTF-8 replaced; nil when a `%` is not followed
  /// by two hex digits.
  static func percentDecoded(_ text: Substring.UTF8View) -> String? {
    let (bytes, malformed) = PercentDecoding.bytes(of: text, plusIsSpace: false)
    return malformed ? nil : String(decoding: bytes, as: UTF8.self)
  }
}

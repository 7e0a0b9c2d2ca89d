/// The request bodies the validate route reads, by their `Content-Type`.
enum MediaType {
  case json, formURLEncoded, ndjson

  /// The type of a `Content-Type` value, parameters (`; charset=utf-8`) and case ignored; nil for any other.
  init?(_ contentType: String?) {
    guard let contentType else { return nil }
    let essence = contentType.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
    switch essence.trimmingSpaces.lowercased() {
    case "application/json": self = .json
    case "application/x-www-form-urlencoded": self = .formURLEncoded
    case "application/x-ndjson": self = .ndjson
    default: return nil
    }
  }
}

extension String {
  /// The text without leading and trailing spaces and tabs.
  fileprivate var trimmingSpaces: Substring {
    let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
    guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
      return ""
    }
    return self[first...last]
  }
}

/// The repeated groups a `<key>` lies in: each `*` segment stands for "every element" of the array named by
/// the segments before it.
///
/// `orders.*.lines.*.sku` lies in the group `orders` and, inside each of its elements, the group
/// `orders.*.lines`; `tags.*` is the element itself of the scalar group `tags`. Keys and groups are named by
/// their template text, the `*` kept.
enum GroupKey {
  /// The segment that marks a repeated group.
  static let star = "*"

  /// The template keys of the arrays `key` lies in, outermost first: `["orders", "orders.*.lines"]` for
  /// `orders.*.lines.*.sku`; empty outside groups.
  static func groups(of key: String) -> [String] {
    guard key.utf8Contains(UInt8(ascii: "*")) else { return [] }
    let segments = DottedKey.segments(of: key)
    var groups: [String] = []
    for (index, segment) in segments.enumerated() where segment == star && index > 0 {
      groups.append(segments[..<index].joined(separator: "."))
    }
    return groups
  }

  /// The innermost group of `key`, nil outside groups.
  static func innermostGroup(of key: String) -> String? { groups(of: key).last }

  /// The segments of `key` after its innermost group's `*`: `["name"]` for `items.*.name`, `[]` for
  /// `tags.*` (the element itself); the whole key outside groups.
  static func relativeSegments(of key: String) -> [String] {
    let segments = DottedKey.segments(of: key)
    guard let last = segments.lastIndex(of: star) else { return segments }
    return Array(segments[(last + 1)...])
  }

  /// The segments of the group `group` after its enclosing group's `*`: `["lines"]` for `orders.*.lines`.
  static func arraySegments(of group: String) -> [String] { relativeSegments(of: group) }

  /// The key of one element's place: `items.*.name` with its stars replaced by `indices` in order
  /// (`items.3.name`); stars beyond the indices are kept.
  static func concrete(_ key: String, indices: [Int]) -> String {
    guard !indices.isEmpty else { return key }
    var next = 0
    return DottedKey.segments(of: key).map { segment in
      guard segment == star, next < indices.count else { return segment }
      next += 1
      return String(indices[next - 1])
    }.joined(separator: ".")
  }
}

/// The parts of a combined key `"<ClassName + Identifier>"`; either part may be `=` ("as the previous cell").
struct CombinedKey: Hashable, Sendable {
  /// The cell class name, or `=`.
  var className: String
  /// The cell identifier, or `=`.
  var identifier: String

  /// Splits `<A + B>`, ignoring the spaces around the parts.
  ///
  /// Nil unless there are exactly two non-empty parts without spaces inside them.
  init?(_ key: String) {
    guard ReservedWord.hasReservedSyntax(key) else { return nil }
    let inner = key.dropFirst().dropLast()
    let parts = inner.split(separator: "+", omittingEmptySubsequences: false)
    guard parts.count == 2 else { return nil }
    let className = parts[0].trimmingSpaces
    let identifier = parts[1].trimmingSpaces
    guard !className.isEmpty, !identifier.isEmpty,
      !className.contains(where: \.isWhitespace), !identifier.contains(where: \.isWhitespace)
    else { return nil }
    self.className = className
    self.identifier = identifier
  }
}

extension Substring {
  /// The text without leading and trailing whitespace.
  ///
  /// Found by index from both ends and copied once; every cell's combined key passes through here.
  var trimmingSpaces: String {
    guard let first = firstIndex(where: { !$0.isWhitespace }), let last = lastIndex(where: { !$0.isWhitespace })
    else { return "" }
    return String(self[first...last])
  }
}

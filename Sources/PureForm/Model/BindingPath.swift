/// A binding path as OKit writes one: the `<key>` of another form view, its segments separated by `/`.
///
/// `/a/b` is absolute (from the record's root); `a/b` is relative (from the current repeated-group element,
/// which is the root outside groups); each leading `..` goes up one group level. The path `a/b` names the
/// form view whose `<key>` is `a.b`. Parsing checks only the text; which view a path names is the
/// compiler's business (`SpecCompiler`), since it needs every view's key.
struct BindingPath: Sendable, Hashable, CustomStringConvertible {
  /// Whether the path started with `/`.
  var isAbsolute: Bool
  /// The number of leading `..` segments (0 for an absolute path).
  var levelsUp: Int
  /// The name segments after the leading `/` or `..`s: the dotted key's segments.
  var segments: [String]

  /// The dotted key the segments spell (`a/b` → `a.b`).
  var dottedKey: String { segments.joined(separator: ".") }

  /// The path as written, normalized: `/a/b`, `../a`, `a/b`.
  var description: String {
    let names = segments.joined(separator: "/")
    if isAbsolute { return "/" + names }
    return String(repeating: "../", count: levelsUp) + names
  }

  /// Why a text is not a binding path, with the byte range inside the text the error is about.
  struct ParseError: Error, Sendable, Equatable {
    /// What is wrong.
    enum Kind: Sendable, Equatable {
      /// The text is empty (or only `/`).
      case empty
      /// Two `/` in a row, or a `/` at the end.
      case emptySegment
      /// A `..` after a name, or in an absolute path: `..` only starts a relative path.
      case misplacedParent
      /// A segment with a `.`: keys are dotted, paths use `/` (the suggestion is the path with slashes).
      case dottedSegment(suggestion: String)
    }

    var kind: Kind
    /// The byte offsets, within the text, of the part that is wrong.
    var range: Range<Int>
  }

  /// Reads `text` as a binding path.
  static func parse(_ text: String) -> Result<BindingPath, ParseError> {
    let bytes = Array(text.utf8)
    var index = 0
    let isAbsolute = bytes.first == UInt8(ascii: "/")
    if isAbsolute { index = 1 }
    guard index < bytes.count else { return .failure(ParseError(kind: .empty, range: 0..<bytes.count)) }
    var levelsUp = 0
    var segments: [String] = []
    var firstDotted: Range<Int>?
    while true {
      var end = index
      while end < bytes.count, bytes[end] != UInt8(ascii: "/") { end += 1 }
      let segment = bytes[index..<end]
      if segment.isEmpty { return .failure(ParseError(kind: .emptySegment, range: index..<min(end + 1, bytes.count))) }
      if segment.elementsEqual("..".utf8) {
        guard !isAbsolute, segments.isEmpty else {
          return .failure(ParseError(kind: .misplacedParent, range: index..<end))
        }
        levelsUp += 1
      } else {
        if firstDotted == nil, segment.contains(UInt8(ascii: ".")) { firstDotted = index..<end }
        segments.append(String(decoding: segment, as: UTF8.self))
      }
      guard end < bytes.count else { break }
      index = end + 1
      if index == bytes.count { return .failure(ParseError(kind: .emptySegment, range: end..<bytes.count)) }
    }
    if segments.isEmpty { return .failure(ParseError(kind: .empty, range: 0..<bytes.count)) }
    if let range = firstDotted {
      let slashed = segments.flatMap { $0.split(separator: ".", omittingEmptySubsequences: false).map(String.init) }
      let suggestion = BindingPath(isAbsolute: isAbsolute, levelsUp: levelsUp, segments: slashed).description
      return .failure(ParseError(kind: .dottedSegment(suggestion: suggestion), range: range))
    }
    return .success(BindingPath(isAbsolute: isAbsolute, levelsUp: levelsUp, segments: segments))
  }
}

/// The URL Standard's host parser (§3.5): IPv6 in brackets, opaque hosts for non-special URLs, and for
/// special ones percent-decoding, domain-to-ASCII, then IPv4 when the domain ends in a number.
enum URLHostParser {
  /// Parses `input` (code points as the URL held them), or `nil` on failure.
  static func parse(_ input: ArraySlice<Unicode.Scalar>, isOpaque: Bool) -> URLHost? {
    if input.first == "[" {
      guard input.count >= 2, input.last == "]" else { return nil }
      return IPv6Parser.parse(input.dropFirst().dropLast()).map(URLHost.ipv6)
    }
    if isOpaque { return parseOpaque(input) }
    let decoded =
      input.allSatisfy { $0.isASCII && $0 != "%" }
      ? String(decoding: input.map { UInt8(truncatingIfNeeded: $0.value) }, as: UTF8.self)
      : String(decoding: URLPercentEncoding.decode(input), as: UTF8.self)
    guard let ascii = DomainToASCII.convert(decoded) else { return nil }
    if ascii.unicodeScalars.contains(where: isForbiddenDomainCodePoint) { return nil }
    let labels = Array(ascii.unicodeScalars)
    if IPv4Parser.endsInNumber(labels[...]) {
      return IPv4Parser.parse(labels[...]).map(URLHost.ipv4)
    }
    return .domain(ascii)
  }

  /// The opaque-host parser: fails on a forbidden host code point, else percent-encodes C0 controls and non-ASCII.
  private static func parseOpaque(_ input: ArraySlice<Unicode.Scalar>) -> URLHost? {
    if input.isEmpty { return .empty }
    guard !input.contains(where: isForbiddenHostCodePoint) else { return nil }
    var output = ""
    for scalar in input { URLPercentEncoding.append(scalar, encodedBy: .c0Control, to: &output) }
    return .opaque(output)
  }

  /// NUL, tab, LF, CR, space, `#`, `/`, `:`, `<`, `>`, `?`, `@`, `[`, `\`, `]`, `^`, `|`.
  static func isForbiddenHostCodePoint(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar {
    case "\0", "\t", "\n", "\r", " ", "#", "/", ":", "<", ">", "?", "@", "[", "\\", "]", "^", "|": true
    default: false
    }
  }

  /// A forbidden host code point, a C0 control, `%` or DEL.
  static func isForbiddenDomainCodePoint(_ scalar: Unicode.Scalar) -> Bool {
    isForbiddenHostCodePoint(scalar) || scalar.value < 0x20 || scalar == "%" || scalar == "\u{7F}"
  }
}

/// A URL's host (URL Standard §3.1): a domain, an IP address, an opaque host or the empty host.
enum URLHost: Equatable, Sendable {
  /// An ASCII domain, after domain-to-ASCII (`example.com`, `xn--fa-hia.example`).
  case domain(String)
  /// An IPv4 address as one 32-bit number.
  case ipv4(UInt32)
  /// An IPv6 address as eight 16-bit pieces.
  case ipv6([UInt16])
  /// A non-special URL's host, percent-encoded but otherwise as written.
  case opaque(String)
  /// The empty host (`file:///x`, `sc://`).
  case empty

  /// The host serializer (§3.6).
  var serialized: String {
    switch self {
    case .domain(let text), .opaque(let text): text
    case .empty: ""
    case .ipv4(let address):
      [24, 16, 8, 0].map { String((address >> UInt32($0)) & 0xFF) }.joined(separator: ".")
    case .ipv6(let pieces): "[" + Self.serialize(ipv6: pieces) + "]"
    }
  }

  /// The IPv6 serializer: lowercase hex pieces, the first longest run of two or more zero pieces as `::`.
  private static func serialize(ipv6 pieces: [UInt16]) -> String {
    var compress: Int?
    var longest = 1
    var index = 0
    while index < 8 {
      guard pieces[index] == 0 else {
        index += 1
        continue
      }
      var end = index
      while end < 8, pieces[end] == 0 { end += 1 }
      if end - index > longest {
        longest = end - index
        compress = index
      }
      index = end
    }
    var output = ""
    var ignoreZero = false
    for index in 0..<8 {
      if ignoreZero, pieces[index] == 0 { continue }
      ignoreZero = false
      if compress == index {
        output += index == 0 ? "::" : ":"
        ignoreZero = true
        continue
      }
      output += String(pieces[index], radix: 16)
      if index != 7 { output += ":" }
    }
    return output
  }
}

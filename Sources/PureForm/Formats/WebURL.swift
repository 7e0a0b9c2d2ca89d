/// A URL record of the WHATWG URL Standard (§4.1), as its basic URL parser leaves it.
///
/// Built by `WebURLParser.parse(_:)`; `href` is the standard's serialisation.
struct WebURL: Equatable, Sendable {
  /// The path: a list of segments, or one opaque string (`mailto:a@b.example`'s `a@b.example`).
  enum Path: Equatable, Sendable {
    case segments([String])
    case opaque(String)
  }

  /// The scheme, lowercase ASCII (`https`).
  var scheme: String
  /// The username, percent-encoded.
  var username = ""
  /// The password, percent-encoded.
  var password = ""
  /// The host, or `nil` when the URL has none (`mailto:…`, `sc:/x`).
  var host: URLHost?
  /// The port, or `nil` when absent or the scheme's default.
  var port: Int?
  /// The path.
  var path: Path = .segments([])
  /// The query without its `?`, or `nil`.
  var query: String?
  /// The fragment without its `#`, or `nil`.
  var fragment: String?

  /// Whether the scheme is one of the standard's special schemes (`ftp`, `file`, `http`, `https`, `ws`, `wss`).
  var isSpecial: Bool { Self.defaultPort(ofSpecial: scheme) != nil }

  /// Whether the host is missing or the empty host.
  var hasEmptyHost: Bool {
    guard let host else { return true }
    return host == .empty
  }

  /// For a special scheme, its default port (`-1` for `file`, which has none); `nil` for other schemes.
  static func defaultPort(ofSpecial scheme: String) -> Int? {
    switch scheme {
    case "http", "ws": 80
    case "https", "wss": 443
    case "ftp": 21
    case "file": -1
    default: nil
    }
  }

  /// The URL serializer (§4.5) without exclusions: what `new URL(…).href` gives.
  var href: String {
    var output = scheme + ":"
    if let host {
      output += "//"
      if !username.isEmpty || !password.isEmpty {
        output += username
        if !password.isEmpty { output += ":" + password }
        output += "@"
      }
      output += host.serialized
      if let port { output += ":\(port)" }
    }
    switch path {
    case .opaque(let text):
      output += text
    case .segments(let segments):
      if host == nil, segments.count > 1, segments[0].isEmpty { output += "/." }
      for segment in segments { output += "/" + segment }
    }
    if let query { output += "?" + query }
    if let fragment { output += "#" + fragment }
    return output
  }
}

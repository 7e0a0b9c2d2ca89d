/// The WHATWG URL Standard's basic URL parser (§4.4), with no base URL and no state override.
///
/// Written here because no Swift package this project can resolve implements the standard: Foundation's
/// `URL` and `URLComponents` follow RFC 3986 and differ on real inputs (`https://example.com/a b`, `http://0x7f.1/`,
/// backslashes, IDNA hosts), and the mirrored packages carry no WHATWG parser. The states follow the
/// standard's names and steps; validation errors that do not fail the parse are not recorded, except
/// whether the input needed clean-up (trimming, or removing tabs and newlines), which `<format>: url` refuses.
/// Held to the web-platform-tests' `urltestdata.json` (Tests/PureFormTests/Fixtures/whatwg-url).
struct WebURLParser {
  /// What parsing gave: the URL record, and whether the input needed the parser's clean-up first.
  struct Result: Equatable, Sendable {
    /// The parsed URL.
    let url: WebURL
    /// Whether the input had leading or trailing C0 controls or spaces, or a tab, LF or CR anywhere.
    let neededCleanUp: Bool
  }

  /// Parses `input` as the standard does with no base: `nil` on failure.
  ///
  /// `WebURLParser.parse("https://EXAMPLE.com/a b")?.url.href` is `"https://example.com/a%20b"`.
  static func parse(_ input: String) -> Result? {
    var scalars = Array(input.unicodeScalars)
    let isC0OrSpace: (Unicode.Scalar) -> Bool = { $0.value <= 0x20 }
    var neededCleanUp = false
    if let first = scalars.first, let last = scalars.last, isC0OrSpace(first) || isC0OrSpace(last) {
      neededCleanUp = true
      let start = scalars.firstIndex { !isC0OrSpace($0) } ?? scalars.count
      let end = scalars.lastIndex { !isC0OrSpace($0) }.map { $0 + 1 } ?? start
      scalars = Array(scalars[start..<max(start, end)])
    }
    if scalars.contains(where: { $0 == "\t" || $0 == "\n" || $0 == "\r" }) {
      neededCleanUp = true
      scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    }
    var parser = WebURLParser(input: scalars)
    guard let url = parser.run() else { return nil }
    return Result(url: url, neededCleanUp: neededCleanUp)
  }

  private enum State {
    case schemeStart, scheme, specialAuthoritySlashes, specialAuthorityIgnoreSlashes, pathOrAuthority
    case authority, host, port, file, fileSlash, fileHost, pathStart, path, opaquePath, query, fragment
  }

  private let input: [Unicode.Scalar]
  private var pointer = 0
  private var url = WebURL(scheme: "")
  private var segments: [String] = []
  private var opaquePath: String?
  /// Whether the scheme is special, read once when the scheme is set (the states ask on every code point).
  private var isSpecial = false

  private init(input: [Unicode.Scalar]) {
    self.input = input
  }

  /// The code point at `index`, or `nil` for the end of the input (the standard's EOF code point).
  private func at(_ index: Int) -> Unicode.Scalar? {
    index >= 0 && index < input.count ? input[index] : nil
  }

  /// Whether the code points after the pointer start with `text`.
  private func remainingStarts(with text: String) -> Bool {
    var index = pointer + 1
    for scalar in text.unicodeScalars {
      guard at(index) == scalar else { return false }
      index += 1
    }
    return true
  }

  private mutating func run() -> WebURL? {
    var state = State.schemeStart
    var buffer = ""
    var rawBuffer: [Unicode.Scalar] = []
    rawBuffer.reserveCapacity(input.count)
    var atSignSeen = false
    var insideBrackets = false
    var passwordTokenSeen = false
    while true {
      let c = at(pointer)
      switch state {
      case .schemeStart:
        guard let c, Self.isASCIIAlpha(c) else { return nil }  // the no-scheme state fails without a base
        buffer.unicodeScalars.append(Self.lowercased(c))
        state = .scheme
      case .scheme:
        if let c, Self.isASCIIAlphanumeric(c) || c == "+" || c == "-" || c == "." {
          buffer.unicodeScalars.append(Self.lowercased(c))
        } else if c == ":" {
          url.scheme = buffer
          isSpecial = url.isSpecial
          buffer = ""
          if url.scheme == "file" {
            state = .file
          } else if isSpecial {
            state = .specialAuthoritySlashes
          } else if remainingStarts(with: "/") {
            state = .pathOrAuthority
            pointer += 1
          } else {
            opaquePath = ""
            state = .opaquePath
          }
        } else {
          return nil  // no scheme, and no base to be relative to
        }
      case .specialAuthoritySlashes:
        if c == "/", remainingStarts(with: "/") {
          state = .specialAuthorityIgnoreSlashes
          pointer += 1
        } else {
          state = .specialAuthorityIgnoreSlashes
          pointer -= 1
        }
      case .specialAuthorityIgnoreSlashes:
        if c != "/" && c != "\\" {
          state = .authority
          pointer -= 1
        }
      case .pathOrAuthority:
        if c == "/" {
          state = .authority
        } else {
          state = .path
          pointer -= 1
        }
      case .authority:
        if c == "@" {
          if atSignSeen { rawBuffer.insert(contentsOf: ["%", "4", "0"], at: 0) }
          atSignSeen = true
          for scalar in rawBuffer {
            if scalar == ":" && !passwordTokenSeen {
              passwordTokenSeen = true
              continue
            }
            if passwordTokenSeen {
              URLPercentEncoding.append(scalar, encodedBy: .userinfo, to: &url.password)
            } else {
              URLPercentEncoding.append(scalar, encodedBy: .userinfo, to: &url.username)
            }
          }
          rawBuffer.removeAll(keepingCapacity: true)
        } else if c == nil || c == "/" || c == "?" || c == "#" || (isSpecial && c == "\\") {
          if atSignSeen && rawBuffer.isEmpty { return nil }
          pointer -= rawBuffer.count + 1
          rawBuffer.removeAll(keepingCapacity: true)
          state = .host
        } else if let c {
          rawBuffer.append(c)
        }
      case .host:
        if c == ":" && !insideBrackets {
          guard !rawBuffer.isEmpty, let host = URLHostParser.parse(rawBuffer[...], isOpaque: !isSpecial) else {
            return nil
          }
          url.host = host
          rawBuffer.removeAll(keepingCapacity: true)
          state = .port
        } else if c == nil || c == "/" || c == "?" || c == "#" || (isSpecial && c == "\\") {
          pointer -= 1
          if isSpecial && rawBuffer.isEmpty { return nil }
          guard let host = URLHostParser.parse(rawBuffer[...], isOpaque: !isSpecial) else { return nil }
          url.host = host
          rawBuffer.removeAll(keepingCapacity: true)
          state = .pathStart
        } else if let c {
          if c == "[" { insideBrackets = true }
          if c == "]" { insideBrackets = false }
          rawBuffer.append(c)
        }
      case .port:
        if let c, ("0"..."9").contains(c) {
          rawBuffer.append(c)
        } else if c == nil || c == "/" || c == "?" || c == "#" || (isSpecial && c == "\\") {
          if !rawBuffer.isEmpty {
            var port = 0
            for digit in rawBuffer {
              port = port * 10 + Int(digit.value - 0x30)
              guard port <= 65535 else { return nil }
            }
            url.port = port == WebURL.defaultPort(ofSpecial: url.scheme) ? nil : port
            rawBuffer.removeAll(keepingCapacity: true)
          }
          state = .pathStart
          pointer -= 1
        } else {
          return nil
        }
      case .file:
        url.host = .empty
        if c == "/" || c == "\\" {
          state = .fileSlash
        } else {
          state = .path
          pointer -= 1
        }
      case .fileSlash:
        if c == "/" || c == "\\" {
          state = .fileHost
        } else {
          state = .path
          pointer -= 1
        }
      case .fileHost:
        if c == nil || c == "/" || c == "\\" || c == "?" || c == "#" {
          pointer -= 1
          if Self.isWindowsDriveLetter(rawBuffer[...]) {
            buffer = String(String.UnicodeScalarView(rawBuffer))
            rawBuffer.removeAll(keepingCapacity: true)
            state = .path
          } else if rawBuffer.isEmpty {
            url.host = .empty
            state = .pathStart
          } else {
            guard var host = URLHostParser.parse(rawBuffer[...], isOpaque: false) else { return nil }
            if host == .domain("localhost") { host = .empty }
            url.host = host
            rawBuffer.removeAll(keepingCapacity: true)
            state = .pathStart
          }
        } else if let c {
          rawBuffer.append(c)
        }
      case .pathStart:
        if isSpecial {
          state = .path
          if c != "/" && c != "\\" { pointer -= 1 }
        } else if c == "?" {
          url.query = ""
          state = .query
        } else if c == "#" {
          url.fragment = ""
          state = .fragment
        } else if c != nil {
          state = .path
          if c != "/" { pointer -= 1 }
        }
      case .path:
        let isSlash = c == "/" || (isSpecial && c == "\\")
        if c == nil || isSlash || c == "?" || c == "#" {
          if Self.isDoubleDotSegment(buffer) {
            shortenPath()
            if !isSlash { segments.append("") }
          } else if Self.isSingleDotSegment(buffer) {
            if !isSlash { segments.append("") }
          } else {
            if url.scheme == "file", segments.isEmpty, Self.isWindowsDriveLetter(Array(buffer.unicodeScalars)[...]) {
              var scalars = Array(buffer.unicodeScalars)
              scalars[1] = ":"
              buffer = String(String.UnicodeScalarView(scalars))
            }
            segments.append(buffer)
          }
          buffer = ""
          if c == "?" {
            url.query = ""
            state = .query
          } else if c == "#" {
            url.fragment = ""
            state = .fragment
          }
        } else if let c {
          URLPercentEncoding.append(c, encodedBy: .path, to: &buffer)
        }
      case .opaquePath:
        if c == "?" {
          url.query = ""
          state = .query
        } else if c == "#" {
          url.fragment = ""
          state = .fragment
        } else if c == " " {
          let escaped = remainingStarts(with: "?") || remainingStarts(with: "#")
          opaquePath?.append(escaped ? "%20" : " ")
        } else if let c {
          var text = opaquePath ?? ""
          URLPercentEncoding.append(c, encodedBy: .c0Control, to: &text)
          opaquePath = text
        }
      case .query:
        if c == nil || c == "#" {
          var query = url.query ?? ""
          let set: URLPercentEncodeSet = isSpecial ? .specialQuery : .query
          for scalar in rawBuffer { URLPercentEncoding.append(scalar, encodedBy: set, to: &query) }
          url.query = query
          rawBuffer.removeAll(keepingCapacity: true)
          if c == "#" {
            url.fragment = ""
            state = .fragment
          }
        } else if let c {
          rawBuffer.append(c)
        }
      case .fragment:
        if let c {
          var fragment = url.fragment ?? ""
          URLPercentEncoding.append(c, encodedBy: .fragment, to: &fragment)
          url.fragment = fragment
        }
      }
      if pointer >= input.count { break }
      pointer += 1
    }
    url.path = opaquePath.map(WebURL.Path.opaque) ?? .segments(segments)
    return url
  }

  /// Shorten a URL's path: drop the last segment, unless it is a `file:` URL's lone normalized drive letter.
  private mutating func shortenPath() {
    if url.scheme == "file", segments.count == 1, Self.isNormalizedWindowsDriveLetter(segments[0]) { return }
    if !segments.isEmpty { segments.removeLast() }
  }

  private static func isSingleDotSegment(_ text: String) -> Bool {
    text == "." || (text.utf8.count == 3 && text.lowercased() == "%2e")
  }

  private static func isDoubleDotSegment(_ text: String) -> Bool {
    guard (2...6).contains(text.utf8.count) else { return false }
    return switch text.lowercased() {
    case "..", ".%2e", "%2e.", "%2e%2e": true
    default: false
    }
  }

  /// Two code points: an ASCII letter, then `:` or `|`.
  private static func isWindowsDriveLetter(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
    guard scalars.count == 2, let first = scalars.first, let second = scalars.last else { return false }
    return isASCIIAlpha(first) && (second == ":" || second == "|")
  }

  private static func isNormalizedWindowsDriveLetter(_ text: String) -> Bool {
    let scalars = Array(text.unicodeScalars)
    return scalars.count == 2 && isASCIIAlpha(scalars[0]) && scalars[1] == ":"
  }

  private static func isASCIIAlpha(_ c: Unicode.Scalar) -> Bool {
    ("a"..."z").contains(c) || ("A"..."Z").contains(c)
  }

  private static func isASCIIAlphanumeric(_ c: Unicode.Scalar) -> Bool {
    isASCIIAlpha(c) || ("0"..."9").contains(c)
  }

  private static func lowercased(_ c: Unicode.Scalar) -> Unicode.Scalar {
    ("A"..."Z").contains(c) ? Unicode.Scalar(c.value + 0x20) ?? c : c
  }
}

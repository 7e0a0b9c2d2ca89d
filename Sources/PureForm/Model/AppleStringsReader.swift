/// Reads Apple's `.strings` format, the entries of an old-style property list dictionary.
///
/// `"key" = "value";` entries, `/* … */` and `// …` comments, keys and values quoted (or bare words of
/// letters, digits and `_$+/:.-`), and the escapes Foundation's reader takes: `\n \t \r \" \\ \'`, `\a \b
/// \f \v`, octal `\0`–`\377`, and `\Uxxxx` (a UTF-16 unit; two for a pair). `"key";` alone means the text
/// is the key.
///
/// Written by hand because no mirrored package reads this format, and Foundation's property list reader
/// reports no line or column.
struct AppleStringsReader {
  /// The text, UTF-8 without a byte order mark (`StringsEncoding`).
  private let bytes: [UInt8]
  private var index = 0

  /// A reader of `bytes`.
  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Why the text does not parse, or its bytes are no text (`StringsEncoding`): what is wrong, and the byte
  /// offset where it starts.
  struct Problem: Error {
    var message: String
    var offset: Int
  }

  /// The entries in file order (a key written twice keeps its last text), or the first problem.
  mutating func entries() -> Result<[(key: String, text: String)], Problem> {
    var entries: [(key: String, text: String)] = []
    do throws(Problem) {
      while true {
        try skipTrivia()
        guard index < bytes.count else { return .success(entries) }
        let key = try string(expected: "a quoted key")
        try skipTrivia()
        if peek == UInt8(ascii: ";") {
          index += 1
          entries.append((key, key))
          continue
        }
        guard peek == UInt8(ascii: "=") else { throw problem("expected '=' after the key \"\(key)\"") }
        index += 1
        try skipTrivia()
        let text = try string(expected: "a quoted text after '='")
        try skipTrivia()
        guard peek == UInt8(ascii: ";") else { throw problem("expected ';' after the text of \"\(key)\"") }
        index += 1
        entries.append((key, text))
      }
    } catch {
      return .failure(error)
    }
  }

  /// The byte at the reading position, or nil at the end.
  private var peek: UInt8? { index < bytes.count ? bytes[index] : nil }

  /// A problem at the reading position.
  private func problem(_ message: String, at offset: Int? = nil) -> Problem {
    Problem(
      message: index < bytes.count || offset != nil ? message : "unexpected end of file: " + message,
      offset: offset ?? index)
  }

  /// Skips white space and comments.
  private mutating func skipTrivia() throws(Problem) {
    while let byte = peek {
      if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D || byte == 0x0C || byte == 0x0B {
        index += 1
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
        let start = index
        index += 2
        while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
          index += 1
        }
        guard index + 1 < bytes.count else { throw problem("a '/*' comment with no closing '*/'", at: start) }
        index += 2
      } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
        while let byte = peek, byte != 0x0A, byte != 0x0D { index += 1 }
      } else {
        return
      }
    }
  }

  /// A quoted string or a bare word.
  private mutating func string(expected: String) throws(Problem) -> String {
    if peek == UInt8(ascii: "\"") { return try quoted() }
    let start = index
    while let byte = peek, Self.isBare(byte) { index += 1 }
    guard index > start else {
      guard let byte = peek else { throw problem("expected \(expected)") }
      let found = byte < 0x80 ? "'\(Character(Unicode.Scalar(byte)))'" : "a non-ASCII character"
      throw problem("expected \(expected), found \(found)")
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Whether `byte` may be part of an unquoted word.
  private static func isBare(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"):
      return true
    case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"):
      return true
    default:
      return false
    }
  }

  /// A `"…"` string, its escapes decoded; the reading position is on its opening quote.
  private mutating func quoted() throws(Problem) -> String {
    let open = index
    index += 1
    var text: [UInt8] = []
    while let byte = peek {
      index += 1
      switch byte {
      case UInt8(ascii: "\""):
        return String(decoding: text, as: UTF8.self)
      case UInt8(ascii: "\\"):
        try escape(into: &text)
      default:
        text.append(byte)
      }
    }
    throw problem("a string with no closing quote", at: open)
  }

  /// Decodes the escape after a backslash (the reading position is past the backslash) into `text`.
  private mutating func escape(into text: inout [UInt8]) throws(Problem) {
    let backslash = index - 1
    guard let byte = peek else { throw problem("a string with no closing quote", at: backslash) }
    index += 1
    switch byte {
    case UInt8(ascii: "n"): text.append(0x0A)
    case UInt8(ascii: "t"): text.append(0x09)
    case UInt8(ascii: "r"): text.append(0x0D)
    case UInt8(ascii: "a"): text.append(0x07)
    case UInt8(ascii: "b"): text.append(0x08)
    case UInt8(ascii: "f"): text.append(0x0C)
    case UInt8(ascii: "v"): text.append(0x0B)
    case UInt8(ascii: "0")...UInt8(ascii: "7"):
      var value = UInt32(byte - UInt8(ascii: "0"))
      var digits = 1
      while digits < 3, let next = peek, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(next) {
        value = value * 8 + UInt32(next - UInt8(ascii: "0"))
        index += 1
        digits += 1
      }
      // Three octal digits reach 0o777 at most: always a scalar.
      if let scalar = Unicode.Scalar(value) { append(scalar, to: &text) }
    case UInt8(ascii: "U"), UInt8(ascii: "u"):
      let unit = try hexUnit(at: backslash)
      if UTF16.isLeadSurrogate(unit) {
        guard peek == UInt8(ascii: "\\"), index + 1 < bytes.count,
          bytes[index + 1] == UInt8(ascii: "U") || bytes[index + 1] == UInt8(ascii: "u")
        else { throw problem("a '\\U' escape of a UTF-16 surrogate without its pair", at: backslash) }
        index += 2
        let trail = try hexUnit(at: backslash)
        guard UTF16.isTrailSurrogate(trail) else {
          throw problem("a '\\U' escape of a UTF-16 surrogate without its pair", at: backslash)
        }
        // A lead and a trail surrogate always make a scalar beyond the BMP.
        if let scalar = Unicode.Scalar(0x10000 + (UInt32(unit) - 0xD800) << 10 + (UInt32(trail) - 0xDC00)) {
          append(scalar, to: &text)
        }
      } else if let scalar = Unicode.Scalar(UInt32(unit)) {
        append(scalar, to: &text)
      } else {
        throw problem("a '\\U' escape of a UTF-16 surrogate without its pair", at: backslash)
      }
    default:
      // `\"`, `\\`, `\'` and any other character stand for themselves, as Foundation reads them.
      text.append(byte)
    }
  }

  /// The four hexadecimal digits after `\U`, as one UTF-16 unit.
  private mutating func hexUnit(at backslash: Int) throws(Problem) -> UInt16 {
    var value: UInt16 = 0
    for _ in 0..<4 {
      guard let byte = peek, let digit = HexDigit.value(byte) else {
        throw problem("a '\\U' escape needs four hexadecimal digits", at: backslash)
      }
      value = value << 4 | UInt16(digit)
      index += 1
    }
    return value
  }

  /// Appends `scalar`'s UTF-8.
  private func append(_ scalar: Unicode.Scalar, to text: inout [UInt8]) {
    text.append(contentsOf: String(Character(scalar)).utf8)
  }
}

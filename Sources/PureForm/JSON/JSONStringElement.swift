/// One unit of the raw text inside a JSON string: a character, an escape, the closing quote or a mistake.
///
/// `classify(at:in:)` is the one routine that checks and decodes escapes and checks UTF-8 inside strings:
/// the reader, `JSONReader.location(ofDecodedUTF8Offset:inStringAt:in:)` and the rule kernel's
/// `RecordScanner` and `JSONStringBody.decode` all walk strings with it, so they agree on what is valid,
/// how many bytes each unit spans and what it decodes to.
enum JSONStringElement: Equatable {
  /// The `"` that ends the string.
  case closingQuote
  /// A raw line break or the end of the file: the string is unterminated.
  case lineEnd
  /// A well-formed character of `length` bytes, copied as it is.
  case character(length: Int)
  /// A valid escape of `length` bytes (a surrogate pair is one escape of 12) decoding to `scalar`.
  case escape(length: Int, scalar: Unicode.Scalar)
  /// A backslash directly before a line break or the end of the file; the string is unterminated there.
  case danglingBackslash
  /// A backslash escape RFC 8259 does not define, or `\u` without four hex digits.
  case invalidEscape(length: Int)
  /// A `\uXXXX` escape of a UTF-16 surrogate that has no partner.
  case loneSurrogate(length: Int)
  /// A raw byte U+0000 to U+001F other than a line break.
  case controlCharacter
  /// Bytes that are not UTF-8.
  case invalidUTF8(length: Int, problem: JSONUTF8.Problem)

  /// How many bytes of source text the element spans (the closing quote and line end span none).
  var sourceLength: Int {
    switch self {
    case .closingQuote, .lineEnd: return 0
    case .character(let length), .escape(let length, _), .invalidEscape(let length),
      .loneSurrogate(let length),
      .invalidUTF8(let length, _):
      return length
    case .danglingBackslash, .controlCharacter: return 1
    }
  }

  /// How many bytes the element adds to the decoded string; a mistake decodes to U+FFFD.
  var decodedLength: Int {
    switch self {
    case .closingQuote, .lineEnd, .danglingBackslash: return 0
    case .character(let length): return length
    case .escape(_, let scalar): return UTF8.width(scalar)
    case .invalidEscape, .loneSurrogate, .controlCharacter, .invalidUTF8: return 3
    }
  }

  /// Classifies the element starting at `offset`, inside a string whose opening quote is already read.
  @inline(__always)
  static func classify(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONStringElement {
    guard offset < bytes.count else { return .lineEnd }
    let byte = bytes[offset]
    switch byte {
    case UInt8(ascii: "\""): return .closingQuote
    case UInt8(ascii: "\\"): return escape(at: offset, in: bytes)
    case 0x0A, 0x0D: return .lineEnd
    case 0x00..<0x20: return .controlCharacter
    case 0x20..<0x80: return .character(length: 1)
    default:
      switch JSONUTF8.sequence(at: offset, in: bytes) {
      case .valid(let length): return .character(length: length)
      case .invalid(let length, let problem): return .invalidUTF8(length: length, problem: problem)
      }
    }
  }

  /// Classifies the escape whose backslash is at `offset`.
  private static func escape(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONStringElement {
    guard offset + 1 < bytes.count else { return .danglingBackslash }
    let decoded: UInt8
    switch bytes[offset + 1] {
    case UInt8(ascii: "\""): decoded = 0x22
    case UInt8(ascii: "\\"): decoded = 0x5C
    case UInt8(ascii: "/"): decoded = 0x2F
    case UInt8(ascii: "b"): decoded = 0x08
    case UInt8(ascii: "f"): decoded = 0x0C
    case UInt8(ascii: "n"): decoded = 0x0A
    case UInt8(ascii: "r"): decoded = 0x0D
    case UInt8(ascii: "t"): decoded = 0x09
    case UInt8(ascii: "u"): return unicodeEscape(at: offset, in: bytes)
    case 0x0A, 0x0D: return .danglingBackslash
    case 0x80...0xFF:
      // A backslash before a multibyte character spans the whole character, when it is one.
      if case .valid(let length) = JSONUTF8.sequence(at: offset + 1, in: bytes) {
        return .invalidEscape(length: 1 + length)
      }
      return .invalidEscape(length: 1)
    default: return .invalidEscape(length: 2)
    }
    return .escape(length: 2, scalar: Unicode.Scalar(decoded))
  }

  /// Classifies the `\u` escape at `offset`, pairing a high surrogate with a following low one.
  private static func unicodeEscape(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> JSONStringElement {
    let (digits, value) = hexDigits(at: offset + 2, in: bytes)
    guard digits == 4 else { return .invalidEscape(length: 2 + digits) }
    switch value {
    case 0xD800...0xDBFF:
      if let low = lowSurrogate(at: offset + 6, in: bytes) {
        let combined = 0x1_0000 + ((value - 0xD800) << 10) + (low - 0xDC00)
        if let scalar = Unicode.Scalar(combined) { return .escape(length: 12, scalar: scalar) }
      }
      return .loneSurrogate(length: 6)
    case 0xDC00...0xDFFF:
      return .loneSurrogate(length: 6)
    default:
      guard let scalar = Unicode.Scalar(value) else { return .invalidEscape(length: 6) }
      return .escape(length: 6, scalar: scalar)
    }
  }

  /// The value of a `\uDC00`…`\uDFFF` escape at `offset`, or nil when there is none.
  private static func lowSurrogate(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> UInt32? {
    guard offset + 1 < bytes.count, bytes[offset] == UInt8(ascii: "\\"),
      bytes[offset + 1] == UInt8(ascii: "u")
    else { return nil }
    let (digits, value) = hexDigits(at: offset + 2, in: bytes)
    return digits == 4 && (0xDC00...0xDFFF).contains(value) ? value : nil
  }

  /// Reads up to four hex digits at `offset`: how many there were and their value.
  private static func hexDigits(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Int, UInt32) {
    var value: UInt32 = 0
    var count = 0
    while count < 4, offset + count < bytes.count, let digit = HexDigit.value(bytes[offset + count]) {
      value = value << 4 | UInt32(digit)
      count += 1
    }
    return (count, value)
  }

}

/// Validation of single UTF-8 sequences, stricter than a lenient decoder and with a reason for each failure.
enum JSONUTF8 {
  /// What one UTF-8 sequence starting at a non-ASCII byte turned out to be.
  enum Sequence: Equatable {
    /// A well-formed sequence of `length` bytes encoding one scalar.
    case valid(length: Int)
    /// `length` bytes that form no scalar, to be replaced by one U+FFFD; `problem` says why.
    case invalid(length: Int, problem: String)
  }

  /// Decodes the sequence starting at `offset`, whose byte must be 0x80 or above.
  ///
  /// A structurally complete sequence that is overlong, encodes a surrogate or lies above U+10FFFF is
  /// one invalid unit (one mistake, one diagnostic); a truncated one ends before the first byte that is
  /// not a continuation byte, so the reader resumes there.
  static func sequence(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Sequence {
    let lead = bytes[offset]
    let length: Int
    var value: UInt32
    switch lead {
    case 0x80...0xBF:
      return .invalid(length: 1, problem: "unexpected continuation byte")
    case 0xC0...0xDF:
      length = 2
      value = UInt32(lead & 0x1F)
    case 0xE0...0xEF:
      length = 3
      value = UInt32(lead & 0x0F)
    case 0xF0...0xF7:
      length = 4
      value = UInt32(lead & 0x07)
    default:
      return .invalid(length: 1, problem: "byte never used in UTF-8")
    }
    var index = offset + 1
    while index < offset + length {
      guard index < bytes.count, bytes[index] & 0xC0 == 0x80 else {
        return .invalid(length: index - offset, problem: "truncated sequence")
      }
      value = value << 6 | UInt32(bytes[index] & 0x3F)
      index += 1
    }
    if let problem = problem(of: value, length: length) {
      return .invalid(length: length, problem: problem)
    }
    return .valid(length: length)
  }

  /// Why a decoded `value` of a `length`-byte sequence is not a scalar, or nil when it is one.
  private static func problem(of value: UInt32, length: Int) -> String? {
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
    if value < minimum { return "overlong encoding" }
    if (0xD800...0xDFFF).contains(value) { return "encoded UTF-16 surrogate" }
    if value > 0x10_FFFF { return "code point above U+10FFFF" }
    return nil
  }

  /// The message for invalid bytes: `invalid UTF-8 byte 'FF' in string: byte never used in UTF-8`.
  static func message(
    forBytes bytes: UnsafeBufferPointer<UInt8>, at offset: Int, length: Int, problem: String, context: String
  ) -> String {
    let end = min(offset + length, bytes.count)
    let hex = bytes[offset..<end].map { hexByte($0) }.joined(separator: " ")
    let noun = end - offset == 1 ? "byte" : "byte sequence"
    return "invalid UTF-8 \(noun) '\(hex)'\(context): \(problem)"
  }

  /// A byte as two upper-case hex digits.
  static func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16, uppercase: true)
    return byte < 0x10 ? "0" + digits : digits
  }
}

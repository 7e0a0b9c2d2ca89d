/// Validation of single UTF-8 sequences, stricter than a lenient decoder and with a reason for each failure:
/// the one UTF-8 check of the reader (`JSONLexer`, through `JSONStringElement`) and the rule kernel
/// (`RecordScanner`).
enum JSONUTF8 {
  /// Why bytes are not UTF-8.
  enum Problem: UInt8, Equatable, CustomStringConvertible {
    /// A continuation byte (0x80…0xBF) where a sequence should start.
    case unexpectedContinuation
    /// A byte (0xF8…0xFF) that no UTF-8 sequence uses.
    case neverUsed
    /// A lead byte without all the continuation bytes it announces.
    case truncated
    /// A sequence longer than the scalar needs.
    case overlong
    /// A sequence encoding U+D800…U+DFFF.
    case surrogate
    /// A sequence encoding a value beyond U+10FFFF.
    case aboveMaximum

    /// The reason as diagnostics phrase it.
    var description: String {
      switch self {
      case .unexpectedContinuation: return "unexpected continuation byte"
      case .neverUsed: return "byte never used in UTF-8"
      case .truncated: return "truncated sequence"
      case .overlong: return "overlong encoding"
      case .surrogate: return "encoded UTF-16 surrogate"
      case .aboveMaximum: return "code point above U+10FFFF"
      }
    }
  }

  /// What one UTF-8 sequence starting at a non-ASCII byte turned out to be.
  enum Sequence: Equatable {
    /// A well-formed sequence of `length` bytes encoding one scalar.
    case valid(length: Int)
    /// `length` bytes that form no scalar, to be replaced by one U+FFFD; `problem` says why.
    case invalid(length: Int, problem: Problem)
  }

  /// Decodes the sequence starting at `offset`, whose byte must be 0x80 or above.
  ///
  /// A structurally complete sequence that is overlong, encodes a surrogate or lies above U+10FFFF is
  /// one invalid unit (one mistake, one diagnostic); a truncated one ends before the first byte that is
  /// not a continuation byte, so the reader resumes there.
  @inline(__always)
  static func sequence(at offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Sequence {
    let lead = bytes[offset]
    let length: Int
    var value: UInt32
    switch lead {
    case 0x80...0xBF:
      return .invalid(length: 1, problem: .unexpectedContinuation)
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
      return .invalid(length: 1, problem: .neverUsed)
    }
    var index = offset &+ 1
    while index < offset &+ length {
      guard index < bytes.count, bytes[index] & 0xC0 == 0x80 else {
        return .invalid(length: index &- offset, problem: .truncated)
      }
      value = value << 6 | UInt32(bytes[index] & 0x3F)
      index &+= 1
    }
    let minimum: UInt32 = length == 2 ? 0x80 : length == 3 ? 0x800 : 0x1_0000
    if value < minimum { return .invalid(length: length, problem: .overlong) }
    if value & 0xFFFF_F800 == 0xD800 { return .invalid(length: length, problem: .surrogate) }
    if value > 0x10_FFFF { return .invalid(length: length, problem: .aboveMaximum) }
    return .valid(length: length)
  }

  /// The message for invalid bytes: `invalid UTF-8 byte 'FF' in string: byte never used in UTF-8`.
  static func message(
    forBytes bytes: UnsafeBufferPointer<UInt8>, at offset: Int, length: Int, problem: Problem, context: String
  ) -> String {
    let end = min(offset + length, bytes.count)
    let hex = bytes[offset..<end].map { hexByte($0) }.joined(separator: " ")
    let noun = end - offset == 1 ? "byte" : "byte sequence"
    return "invalid UTF-8 \(noun) '\(hex)'\(context): \(problem)"
  }

  /// A byte as two upper-case hex digits.
  static func hexByte(_ byte: UInt8) -> String {
    HexDigit.text(UInt32(byte), width: 2, uppercase: true)
  }
}

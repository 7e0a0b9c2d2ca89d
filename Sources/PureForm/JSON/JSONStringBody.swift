/// The byte-level pieces of reading a JSON string's body that both the reader (`JSONLexer`) and the rule
/// kernel (`RecordScanner`, `RecordKernel`) use: skipping plain ASCII eight bytes at a time, and decoding a
/// body already checked with `JSONStringElement.classify(at:in:)`.
enum JSONStringBody {
  /// The offset of the first byte at or after `start` that is a quote, a backslash, a control character or
  /// non-ASCII, or `bytes.count` when there is none: the end of the run that needs no decoding.
  @inline(__always)
  static func plainEnd(from start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
    var index = start
    if let base = bytes.baseAddress {
      while index &+ 8 <= bytes.count {
        // Unaligned eight-byte load, inside the buffer: index + 8 <= count.
        let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        let special = specialBytes(word)
        if special != 0 { return index &+ special.trailingZeroBitCount >> 3 }
        index &+= 8
      }
    }
    while index < bytes.count, !isSpecial(bytes[index]) { index &+= 1 }
    return index
  }

  /// Whether `byte` is a quote, a backslash, a control character or non-ASCII.
  @inline(__always)
  static func isSpecial(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte >= 0x80 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// The high bit of each byte of `word` (little-endian) that is a quote, a backslash, a control character
  /// or non-ASCII (the lowest one set is exact; ones above it may be spurious).
  @inline(__always)
  static func specialBytes(_ word: UInt64) -> UInt64 {
    let ones: UInt64 = 0x0101_0101_0101_0101
    let quote = word ^ (ones &* 0x22)
    let backslash = word ^ (ones &* 0x5C)
    let quoteZero = (quote &- ones) & ~quote
    let backslashZero = (backslash &- ones) & ~backslash
    let control = (word &- ones &* 0x20) & ~word
    return (quoteZero | backslashZero | control | word) & (ones &* 0x80)
  }

  /// Decodes `body`, the bytes between the quotes of a string in which `JSONStringElement.classify` found
  /// no mistake, into `target`; returns the decoded length.
  ///
  /// The decoded length is never more than `body.count`: an escape is never shorter than what it decodes
  /// to. Anything that is not a valid escape is copied as it is.
  static func decode(_ body: UnsafeBufferPointer<UInt8>, into target: UnsafeMutablePointer<UInt8>) -> Int {
    var read = 0
    var written = 0
    while read < body.count {
      let byte = body[read]
      guard byte == UInt8(ascii: "\\"),
        case .escape(let length, let scalar) = JSONStringElement.classify(at: read, in: body)
      else {
        target[written] = byte
        written &+= 1
        read &+= 1
        continue
      }
      UTF8.encode(scalar) { unit in
        target[written] = unit
        written &+= 1
      }
      read &+= length
    }
    return written
  }
}

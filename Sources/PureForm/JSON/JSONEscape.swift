/// How JSON output escapes a string's bytes.
///
/// `"` and `\` after a backslash, the controls with a short form (`\n`, `\r`, `\t`, `\b`, `\f`) in it, every other
/// control as `\u00XX` in lowercase hex, and every other byte as is. The one table for `OutputJSON` (the CLI, the
/// emitters, the server) and the rule kernel's `OutputCursor`, so both write the same line for the same value.
enum JSONEscape {
  /// Whether `byte` (of UTF-8 text) is written escaped.
  @inline(__always)
  static func isEscaped(_ byte: UInt8) -> Bool {
    byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\")
  }

  /// Writes the escape of `byte`, one that `isEscaped`, a byte at a time through `write` (at most six).
  @inline(__always)
  static func writeEscape(of byte: UInt8, _ write: (UInt8) -> Void) {
    write(UInt8(ascii: "\\"))
    switch byte {
    case UInt8(ascii: "\""): write(UInt8(ascii: "\""))
    case UInt8(ascii: "\\"): write(UInt8(ascii: "\\"))
    case 0x0A: write(UInt8(ascii: "n"))
    case 0x0D: write(UInt8(ascii: "r"))
    case 0x09: write(UInt8(ascii: "t"))
    case 0x08: write(UInt8(ascii: "b"))
    case 0x0C: write(UInt8(ascii: "f"))
    default:
      write(UInt8(ascii: "u"))
      write(UInt8(ascii: "0"))
      write(UInt8(ascii: "0"))
      write(HexDigit.lowercase(byte >> 4))
      write(HexDigit.lowercase(byte & 0x0F))
    }
  }
}

import PureForm

/// Percent escapes (`%41` is `A`) decoded, as form posts and query strings spell bytes.
enum PercentDecoding {
  /// The bytes `text` spells: each `%XX` the byte of its two hex digits, each `+` a space when `plusIsSpace`
  /// (form posts) and itself otherwise (query values, as Hummingbird reads them); a `%` without two hex
  /// digits after it is kept as it is, and `malformed` says there was one.
  static func bytes<Bytes: Collection<UInt8>>(of text: Bytes, plusIsSpace: Bool) -> (bytes: [UInt8], malformed: Bool) {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    var malformed = false
    var index = text.startIndex
    while index != text.endIndex {
      let byte = text[index]
      index = text.index(after: index)
      if byte == UInt8(ascii: "+"), plusIsSpace {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), let high = hexValue(at: index, in: text),
        let low = hexValue(at: text.index(after: index), in: text)
      {
        bytes.append(high << 4 | low)
        index = text.index(index, offsetBy: 2)
      } else {
        malformed = malformed || byte == UInt8(ascii: "%")
        bytes.append(byte)
      }
    }
    return (bytes, malformed)
  }

  /// The value of the hex digit at `index`, or nil at the end or for another byte.
  private static func hexValue<Bytes: Collection<UInt8>>(at index: Bytes.Index, in text: Bytes) -> UInt8? {
    guard index != text.endIndex else { return nil }
    return HexDigit.value(text[index])
  }
}

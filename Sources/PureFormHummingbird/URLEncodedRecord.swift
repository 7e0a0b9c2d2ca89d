public import PureForm

/// An HTML form post (`application/x-www-form-urlencoded`) read as a record.
///
/// Each name is a `<key>`, each value a string, as a browser sends them. Dotted names stay flat, which the form's input lookup reads as
/// nested (`address.city` is the `city` of `address`); a name sent twice keeps its last value, as a JSON
/// object's repeated key does.
public enum URLEncodedRecord {
  /// The record of `body`: `+` is a space, `%XX` a byte, invalid UTF-8 replaced; pairs without `=` have
  /// an empty value, empty pairs are skipped.
  public static func parse<Bytes: Collection<UInt8>>(_ body: Bytes) -> FormValue {
    var members: [(key: String, value: FormValue)] = []
    for pair in body.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
      let parts = pair.split(separator: UInt8(ascii: "="), maxSplits: 1, omittingEmptySubsequences: false)
      let key = decode(parts[0])
      let value = parts.count > 1 ? decode(parts[1]) : ""
      members.append((key, .string(value)))
    }
    return .object(members)
  }

  /// Percent-decodes one name or value.
  static func decode<Bytes: Collection<UInt8>>(_ text: Bytes) -> String {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.count)
    var index = text.startIndex
    while index != text.endIndex {
      let byte = text[index]
      index = text.index(after: index)
      if byte == UInt8(ascii: "+") {
        bytes.append(UInt8(ascii: " "))
      } else if byte == UInt8(ascii: "%"), let high = hexValue(at: index, in: text),
        let low = hexValue(at: text.index(after: index), in: text)
      {
        bytes.append(high << 4 | low)
        index = text.index(index, offsetBy: 2)
      } else {
        bytes.append(byte)
      }
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// The value of the hex digit at `index`, or nil at the end or for another byte.
  private static func hexValue<Bytes: Collection<UInt8>>(at index: Bytes.Index, in text: Bytes) -> UInt8? {
    guard index != text.endIndex else { return nil }
    return HexDigit.value(text[index])
  }
}

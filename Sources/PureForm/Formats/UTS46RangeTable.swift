/// One of UTS46Table's string tables, parsed: sorted range starts and the value of each range.
struct UTS46RangeTable<Value: Sendable>: Sendable {
  private let starts: [UInt32]
  private let values: [Value]

  /// Parses `START:VALUE` tokens (hex start, then the rest of the token after the first `:`) with `value`.
  ///
  /// Over the text's UTF-8 bytes: splitting the string by `Character` cost about 10,000 instructions a token.
  init(_ text: String, value: (ArraySlice<UInt8>) -> Value) {
    var starts: [UInt32] = []
    var values: [Value] = []
    let bytes = Array(text.utf8)
    var index = 0
    while index < bytes.count {
      while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\n") {
        index += 1
      }
      var start: UInt32 = 0
      var digits = 0
      while index < bytes.count, let digit = hexDigit(bytes[index]) {
        start = start << 4 | digit
        digits += 1
        index += 1
      }
      guard index < bytes.count, bytes[index] == UInt8(ascii: ":"), digits > 0 else {
        while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\n") {
          index += 1
        }
        continue
      }
      index += 1
      let tokenStart = index
      while index < bytes.count, bytes[index] != UInt8(ascii: " "), bytes[index] != UInt8(ascii: "\n") { index += 1 }
      starts.append(start)
      values.append(value(bytes[tokenStart..<index]))
    }
    self.starts = starts
    self.values = values
  }

  /// The value of the range that holds `scalar` (the tables start at U+0000, so there always is one).
  subscript(scalar: Unicode.Scalar) -> Value {
    var low = 0
    var high = starts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if starts[middle] <= scalar.value { low = middle } else { high = middle - 1 }
    }
    return values[low]
  }
}

/// What UTS #46's mapping table says of a code point.
enum UTS46Status: Equatable, Sendable {
  case valid
  case mapped([Unicode.Scalar])
  case deviation
  case ignored
  case disallowed

  /// Reads a mapping table value: `V`, `D`, `I`, `X`, or `M:` and `.`-separated hex code points.
  init(token: ArraySlice<UInt8>) {
    switch token.first {
    case UInt8(ascii: "V"): self = .valid
    case UInt8(ascii: "D"): self = .deviation
    case UInt8(ascii: "I"): self = .ignored
    case UInt8(ascii: "M"):
      self = .mapped(
        token.dropFirst(2).split(separator: UInt8(ascii: ".")).compactMap { digits in
          digits.reduce(UInt32(0)) { $0 << 4 | (hexDigit($1) ?? 0) }
        }.compactMap(Unicode.Scalar.init))
    default: self = .disallowed
    }
  }
}

extension UTS46Table {
  /// The mapping table, parsed on first use.
  static let statuses = UTS46RangeTable(mapping, value: UTS46Status.init(token:))
  /// The Bidi_Class table, parsed on first use (`X` for classes the Bidi rule does not name).
  static let bidi = UTS46RangeTable(bidiClasses) { String(decoding: $0, as: UTF8.self) }
  /// The Joining_Type table, parsed on first use (`U` for non-joining).
  static let joining = UTS46RangeTable(joiningTypes) { $0.first.map { Character(Unicode.Scalar($0)) } ?? "U" }
  /// The NFC-stable code points, parsed on first use.
  static let nfcStable = UTS46RangeTable(nfcStableCodePoints) { $0.first == UInt8(ascii: "Y") }
}

/// The value of a hex digit, or nil (the tables' code points are hex).
private func hexDigit(_ byte: UInt8) -> UInt32? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
  case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
  case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
  default: nil
  }
}

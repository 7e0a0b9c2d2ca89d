/// One of UTS46Table's string tables, parsed: sorted range starts and the value of each range.
struct UTS46RangeTable<Value: Sendable>: Sendable {
  private let starts: [UInt32]
  private let values: [Value]

  /// Parses `START:VALUE` tokens (hex start, then the rest of the token after the first `:`) with `value`.
  init(_ text: String, value: (Substring) -> Value) {
    var starts: [UInt32] = []
    var values: [Value] = []
    for token in text.split(whereSeparator: { $0 == " " || $0 == "\n" }) {
      guard let colon = token.firstIndex(of: ":"), let start = UInt32(token[..<colon], radix: 16) else { continue }
      starts.append(start)
      values.append(value(token[token.index(after: colon)...]))
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
  init(token: Substring) {
    switch token.first {
    case "V": self = .valid
    case "D": self = .deviation
    case "I": self = .ignored
    case "M":
      self = .mapped(
        token.dropFirst(2).split(separator: ".").compactMap { UInt32($0, radix: 16).flatMap(Unicode.Scalar.init) })
    default: self = .disallowed
    }
  }
}

extension UTS46Table {
  /// The mapping table, parsed on first use.
  static let statuses = UTS46RangeTable(mapping, value: UTS46Status.init(token:))
  /// The Bidi_Class table, parsed on first use (`X` for classes the Bidi rule does not name).
  static let bidi = UTS46RangeTable(bidiClasses) { String($0) }
  /// The Joining_Type table, parsed on first use (`U` for non-joining).
  static let joining = UTS46RangeTable(joiningTypes) { $0.first ?? "U" }
  /// The NFC-stable code points, parsed on first use.
  static let nfcStable = UTS46RangeTable(nfcStableCodePoints) { $0 == "Y" }
}

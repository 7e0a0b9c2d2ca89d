/// The URL Standard's IPv4 parser (§3.5): one to four dot-separated numbers in decimal, octal (`0` prefix) or
/// hex (`0x`), the last filling the remaining bytes (`http://0x7f.1/` is `127.0.0.1`).
enum IPv4Parser {
  /// The "ends in a number" checker: whether the last label (ignoring one trailing dot) is all ASCII digits or
  /// parses as an IPv4 number, so the host must be an IPv4 address.
  static func endsInNumber(_ input: ArraySlice<Unicode.Scalar>) -> Bool {
    // Every IPv4 number starts with an ASCII digit, so a last label that does not is no number.
    var end = input.endIndex
    if end > input.startIndex, input[end - 1] == "." { end -= 1 }
    let start = input[..<end].lastIndex(of: ".").map { $0 + 1 } ?? input.startIndex
    guard start < end, ("0"..."9").contains(input[start]) else { return false }
    var parts = input.split(separator: ".", omittingEmptySubsequences: false)
    if parts.last?.isEmpty == true {
      if parts.count == 1 { return false }
      parts.removeLast()
    }
    guard let last = parts.last else { return false }
    if !last.isEmpty, last.allSatisfy({ ("0"..."9").contains($0) }) { return true }
    return number(last) != nil
  }

  /// The address, or `nil` when a part is not a number or a value is out of range.
  static func parse(_ input: ArraySlice<Unicode.Scalar>) -> UInt32? {
    var parts = input.split(separator: ".", omittingEmptySubsequences: false)
    if parts.last?.isEmpty == true, parts.count > 1 { parts.removeLast() }
    guard parts.count <= 4 else { return nil }
    var numbers: [UInt64] = []
    for part in parts {
      guard let value = number(part) else { return nil }
      numbers.append(value)
    }
    guard let last = numbers.last else { return nil }
    if numbers.dropLast().contains(where: { $0 > 255 }) { return nil }
    guard last < UInt64(1) << (8 * (5 - numbers.count)) else { return nil }
    var address = last
    for (counter, value) in numbers.dropLast().enumerated() {
      address += value << (8 * (3 - counter))
    }
    return UInt32(address)
  }

  /// The IPv4 number parser: `0x` or `0X` for hex, a leading `0` for octal, else decimal.
  ///
  /// The empty remainder of a prefix is 0. Values past 2^40 are clamped there, which every caller refuses as too large anyway.
  static func number(_ input: ArraySlice<Unicode.Scalar>) -> UInt64? {
    guard !input.isEmpty else { return nil }
    var digits = input
    var radix: UInt64 = 10
    if digits.count >= 2, digits.first == "0", digits.dropFirst().first == "x" || digits.dropFirst().first == "X" {
      digits = digits.dropFirst(2)
      radix = 16
    } else if digits.count >= 2, digits.first == "0" {
      digits = digits.dropFirst()
      radix = 8
    }
    var value: UInt64 = 0
    for scalar in digits {
      guard scalar.isASCII, let digit = URLPercentEncoding.hexValue(UInt8(scalar.value)), UInt64(digit) < radix
      else { return nil }
      value = min(value * radix + UInt64(digit), UInt64(1) << 40)
    }
    return value
  }
}

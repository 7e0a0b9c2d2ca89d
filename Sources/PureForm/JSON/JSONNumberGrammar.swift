/// RFC 8259's number grammar: `-? (0 | [1-9][0-9]*) (\.[0-9]+)? ([eE][+-]?[0-9]+)?`.
enum JSONNumberGrammar {
  /// Why `text` is not a JSON number, or nil when it is one.
  static func problem(in text: UnsafeBufferPointer<UInt8>) -> String? {
    guard let first = text.first else { return "expected a digit" }
    if first == UInt8(ascii: "+") { return "a leading '+' is not allowed" }
    var index = first == UInt8(ascii: "-") ? 1 : 0
    if let problem = integerPartProblem(in: text, at: &index) { return problem }
    if index < text.count, text[index] == UInt8(ascii: ".") {
      index += 1
      guard skipDigits(in: text, at: &index) else { return "a digit is required after '.'" }
    }
    if index < text.count, text[index] | 0x20 == UInt8(ascii: "e") {
      index += 1
      if index < text.count, text[index] == UInt8(ascii: "+") || text[index] == UInt8(ascii: "-") {
        index += 1
      }
      guard skipDigits(in: text, at: &index) else { return "the exponent has no digits" }
    }
    guard index < text.count else { return nil }
    return "unexpected \(JSONPhrase.describe(Unicode.Scalar(text[index]))) in number"
  }

  /// Checks the integer part starting at `index` and moves `index` past it.
  private static func integerPartProblem(in text: UnsafeBufferPointer<UInt8>, at index: inout Int) -> String? {
    guard index < text.count else { return "expected a digit after '-'" }
    let byte = text[index]
    if byte == UInt8(ascii: "0") {
      index += 1
      guard index < text.count else { return nil }
      if isDigit(text[index]) { return "leading zeros are not allowed" }
      if text[index] | 0x20 == UInt8(ascii: "x") { return "hexadecimal numbers are not allowed" }
      return nil
    }
    if byte == UInt8(ascii: ".") { return "a digit is required before '.'" }
    if byte == UInt8(ascii: "+") { return "a '+' sign is not allowed here" }
    guard skipDigits(in: text, at: &index) else {
      return index == 0 ? "expected a digit" : "expected a digit after '-'"
    }
    return nil
  }

  /// Moves `index` past a run of digits; false when there was none.
  private static func skipDigits(in text: UnsafeBufferPointer<UInt8>, at index: inout Int) -> Bool {
    let start = index
    while index < text.count, isDigit(text[index]) { index += 1 }
    return index > start
  }

  /// Whether `byte` is an ASCII digit.
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
  }
}

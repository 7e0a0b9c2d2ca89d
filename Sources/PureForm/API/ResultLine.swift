/// What one result line says (`{"valid":…}` as `validate` writes it, with `"line"` first or not): the
/// verdict and each failure's validator, for a server that counts verdicts by validator from the lines it
/// sends, without a typed result made for each record.
package enum ResultLine {
  /// The verdict of `line` and, for an invalid record, its failures' validators in order; nil for a line
  /// that holds no verdict (an input error's line).
  ///
  /// A valid line is judged from its first bytes; an invalid one is scanned once for its failures.
  package static func verdict(_ line: UnsafeRawBufferPointer) -> (valid: Bool, validators: [String])? {
    guard let value = valueOfValidMember(line) else { return nil }
    if value == UInt8(ascii: "t") { return (true, []) }
    return (false, failedValidators(line))
  }

  /// The `validator` member of each failure object, in order: one pass over the line's bytes, keeping the
  /// depth of its objects and arrays (a failure object is at depth 3: the line, `failures`, the failure;
  /// an argument's own members are deeper) and skipping strings whole, so text inside strings is never
  /// taken for a member.
  private static func failedValidators(_ line: UnsafeRawBufferPointer) -> [String] {
    let name = Array("validator".utf8)
    var validators: [String] = []
    var depth = 0
    var index = 0
    var nextStringIsValidator = false
    while index < line.count {
      switch line[index] {
      case UInt8(ascii: "{"), UInt8(ascii: "["):
        depth += 1
        index += 1
      case UInt8(ascii: "}"), UInt8(ascii: "]"):
        depth -= 1
        index += 1
      case UInt8(ascii: "\""):
        let start = index + 1
        var end = start
        var escaped = false
        while end < line.count, line[end] != UInt8(ascii: "\"") {
          if line[end] == UInt8(ascii: "\\") { escaped = true; end += 1 }
          end += 1
        }
        guard end < line.count else { return validators }
        let body = UnsafeRawBufferPointer(rebasing: line[start..<end])
        if nextStringIsValidator {
          validators.append(
            escaped
              ? decoded(UnsafeRawBufferPointer(rebasing: line[index...end])) : String(decoding: body, as: UTF8.self))
          nextStringIsValidator = false
        } else if depth == 3, end + 1 < line.count, line[end + 1] == UInt8(ascii: ":"), body.elementsEqual(name) {
          nextStringIsValidator = true
        }
        index = end + 1
      default:
        index += 1
      }
    }
    return validators
  }

  /// The text of a JSON string token with escapes, quotes included.
  private static func decoded(_ token: UnsafeRawBufferPointer) -> String {
    let (node, _) = JSONReader.read(SourceFile(name: "<result>", bytes: Array(token)))
    guard case .string(let text)? = node?.kind else { return "" }
    return text
  }

  /// The first byte of the value of the line's `"valid":` member, or nil when it has none.
  ///
  /// The first `"valid":` in the bytes is the member: only a member name can end in `"` before a `:` (a
  /// string's own quotes are escaped), and `valid` is the first member after `line`, whose value is a number.
  private static func valueOfValidMember(_ line: UnsafeRawBufferPointer) -> UInt8? {
    let member = Array(#""valid":"#.utf8)
    guard line.count > member.count else { return nil }
    var index = 0
    while index + member.count < line.count {
      if line[index] == member[0], line[index..<index + member.count].elementsEqual(member) {
        return line[index + member.count]
      }
      index += 1
    }
    return nil
  }
}

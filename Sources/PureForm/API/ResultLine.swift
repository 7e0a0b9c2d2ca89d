/// What one result line says (`{"valid":…}` as `validate` writes it, with `"line"` first or not, and an
/// NDJSON `"id"`): the verdict and each failure's validator, for a server that counts verdicts by validator
/// from the lines it sends, without a typed result made for each record.
package enum ResultLine {
  /// The verdict of `line` and, for an invalid record, its failures' validators in order; nil for a line
  /// that holds no verdict (an input error's line).
  ///
  /// A valid line is judged from its first members; an invalid one is scanned once more for its failures.
  package static func verdict(_ line: UnsafeRawBufferPointer) -> (valid: Bool, validators: [String])? {
    guard let value = valueOfValidMember(line) else { return nil }
    if value == UInt8(ascii: "t") { return (true, []) }
    return (false, failedValidators(line))
  }

  /// The first byte of the value of the line's own `valid` member, or nil when it has none.
  ///
  /// The members before it (`line`, and an NDJSON `id`, which may be any JSON value, an object with a
  /// `valid` member of its own included) are stepped over: only a name at depth 1 counts.
  private static func valueOfValidMember(_ line: UnsafeRawBufferPointer) -> UInt8? {
    let name = Array("valid".utf8)
    var value: UInt8?
    forEachString(in: line) { depth, body, end, _ in
      guard depth == 1, end + 2 < line.count, line[end + 1] == UInt8(ascii: ":"),
        UnsafeRawBufferPointer(rebasing: line[body]).elementsEqual(name)
      else { return true }
      value = line[end + 2]
      return false
    }
    return value
  }

  /// The `validator` member of each failure object, in order (a failure object is at depth 3: the line,
  /// `failures`, the failure; an argument's own members are deeper).
  private static func failedValidators(_ line: UnsafeRawBufferPointer) -> [String] {
    let name = Array("validator".utf8)
    var validators: [String] = []
    var nextStringIsValidator = false
    forEachString(in: line) { depth, body, end, escaped in
      if nextStringIsValidator {
        validators.append(
          escaped
            ? decoded(UnsafeRawBufferPointer(rebasing: line[(body.lowerBound - 1)...end]))
            : String(decoding: UnsafeRawBufferPointer(rebasing: line[body]), as: UTF8.self))
        nextStringIsValidator = false
      } else if depth == 3, end + 1 < line.count, line[end + 1] == UInt8(ascii: ":"),
        UnsafeRawBufferPointer(rebasing: line[body]).elementsEqual(name)
      {
        nextStringIsValidator = true
      }
      return true
    }
    return validators
  }

  /// Calls `visit` with each string of the line, in order, until it returns false.
  ///
  /// It gets the depth of the string's objects and arrays, the range of its body (between the quotes), the
  /// index of its closing quote and whether it has escapes. Strings are skipped whole, so text inside them
  /// is never taken for structure; a string that does not end stops the walk.
  private static func forEachString(
    in line: UnsafeRawBufferPointer, _ visit: (_ depth: Int, _ body: Range<Int>, _ end: Int, _ escaped: Bool) -> Bool
  ) {
    var depth = 0
    var index = 0
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
          if line[end] == UInt8(ascii: "\\") {
            escaped = true
            end += 1
          }
          end += 1
        }
        guard end < line.count, visit(depth, start..<end, end, escaped) else { return }
        index = end + 1
      default:
        index += 1
      }
    }
  }

  /// The text of a JSON string token with escapes, quotes included.
  private static func decoded(_ token: UnsafeRawBufferPointer) -> String {
    let (node, _) = JSONReader.read(SourceFile(name: "<result>", bytes: Array(token)))
    guard case .string(let text)? = node?.kind else { return "" }
    return text
  }
}

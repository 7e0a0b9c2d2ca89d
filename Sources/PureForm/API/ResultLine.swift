/// What one result line says (`{"valid":…}` as `validate` writes it, with `"line"` first or not): the
/// verdict and each failure's validator, for a server that counts verdicts by validator from the lines it
/// sends, without a typed result made for each record.
package enum ResultLine {
  /// The verdict of `line` and, for an invalid record, its failures' validators in order; nil for a line
  /// that holds no verdict (an input error's line).
  ///
  /// A valid line is judged from its first bytes; an invalid one is read whole by the JSON reader.
  package static func verdict(_ line: UnsafeRawBufferPointer) -> (valid: Bool, validators: [String])? {
    guard let value = valueOfValidMember(line) else { return nil }
    if value == UInt8(ascii: "t") { return (true, []) }
    let (node, _) = JSONReader.read(SourceFile(name: "<result>", bytes: Array(line)))
    guard case .object(let members)? = node?.kind,
      case .array(let failures)? = members.first(where: { $0.key == "failures" })?.value.kind
    else { return (false, []) }
    let validators = failures.compactMap { failure -> String? in
      guard case .object(let fields) = failure.kind,
        case .string(let name)? = fields.first(where: { $0.key == "validator" })?.value.kind
      else { return nil }
      return name
    }
    return (false, validators)
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

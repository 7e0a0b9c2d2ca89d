import PureForm

/// The advice for NDJSON read as one record: several objects, one per line, without `--ndjson`.
enum NDJSONHint {
  /// The note under the error.
  static let note = "the input holds one JSON object per line: add --ndjson to validate each line as a record"

  /// Whether `error` is the content after the first value (PF108) and that content is a `{` opening a line
  /// of its own, as the second record of an NDJSON stream does.
  static func applies(to error: InputError, in bytes: [UInt8]) -> Bool {
    guard case .notJSON(let line, let column, let message) = error, line > 1,
      message.hasSuffix("after the top-level value")
    else { return false }
    let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
    guard line <= lines.count else { return false }
    let text = lines[line - 1]
    let indent = text.prefix(while: { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") })
    return indent.count + 1 == column && text.dropFirst(indent.count).first == UInt8(ascii: "{")
  }
}

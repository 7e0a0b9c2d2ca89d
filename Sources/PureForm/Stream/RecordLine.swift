/// The output lines of NDJSON records written from a value rather than by the kernel's sink: the `error`
/// line of a line that holds no record, and a `ValidationResult`'s line (`--flat` in a grouped form, host
/// checks), `{"line":N,` followed by the rest of the result's `jsonText`.
enum RecordLine {
  /// The error of a line holding only whitespace (or nothing): every line is a record, and none is dropped.
  static let emptyLineMessage = "empty line"

  /// One record's bytes and where its `id` member's value is in them.
  struct Record {
    var bytes: [UInt8]
    var id: Range<Int>?
  }

  /// Appends the error line of `line` (without its line feed), which the kernel did not take.
  static func writeError(
    of line: UnsafeRawBufferPointer, number: Int, plan: ValidationPlan, withID: Bool, into output: ByteBuffer
  ) {
    writeError(errorMessage(of: line, plan: plan), number: number, withID: withID, into: output)
  }

  /// The `error` of `line` (without its line feed), which the kernel did not take: empty or blank, not JSON,
  /// or not an object (`ValidationPlan.error(reading:)`).
  static func errorMessage(of line: UnsafeRawBufferPointer, plan: ValidationPlan) -> String {
    guard line.contains(where: { !isWhitespace($0) }) else { return emptyLineMessage }
    return message(of: plan.error(reading: Array(line)))
  }

  /// Appends the output line of `record`'s `result`: `{"line":N,` (then its `id` member with `run.idKey`),
  /// the rest of the result's `jsonText`, and a line feed.
  static func write(
    _ result: ValidationResult, of record: Record, number: Int, run: RunOptions, into output: ByteBuffer
  ) {
    var text = result.outputJSON(includingValues: run.includesValues).rendered()
    text.withUTF8 { json in
      output.reserve(64 + record.bytes.count + json.count)
      var cursor = OutputCursor(output.base + output.count)
      RecordKernel.writeHead(number, &cursor)
      if run.idKey != nil {
        record.bytes.withUnsafeBufferPointer { bytes in
          let id = record.id.flatMap { id in bytes.baseAddress.map { $0 + id.lowerBound } }
          RecordKernel.writeID(id, record.id?.count ?? 0, &cursor)
        }
      }
      // `jsonText` is an object: everything after its `{` follows the line member.
      cursor.write(json.baseAddress.unsafelyUnwrapped + 1, json.count - 1)
      cursor.write(0x0A)
      output.count = cursor.at - output.base
    }
  }

  /// The `error` text of a record that is not a JSON object: the single input's message, except that a
  /// record ends with its line, so the reader's "unexpected end of file" is "unexpected end of line" here.
  static func message(of error: InputError) -> String {
    guard case .notJSON(let line, let column, let message) = error, message.hasPrefix(JSONParser.endOfFile) else {
      return error.description
    }
    let rest = message.dropFirst(JSONParser.endOfFile.count)
    return InputError.notJSON(line: line, column: column, message: "unexpected end of line\(rest)").description
  }

  /// Appends `{"line":N,"error":"message"}` (`{"line":N,"id":null,"error":"message"}` `withID`) and a line feed.
  static func writeError(_ message: String, number: Int, withID: Bool, into output: ByteBuffer) {
    var message = message
    message.withUTF8 { text in
      output.reserve(64 + 6 * text.count)
      var cursor = OutputCursor(output.base + output.count)
      RecordKernel.writeHead(number, &cursor)
      if withID { RecordKernel.writeID(nil, 0, &cursor) }
      cursor.write(#""error":""#)
      if let base = text.baseAddress { cursor.writeEscaped(base, text.count) }
      cursor.write("\"}\n")
      output.count = cursor.at - output.base
    }
  }

  /// Whether `byte` is JSON whitespace.
  private static func isWhitespace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }
}

/// What one record turned out to be.
public enum RecordVerdict: Sendable, Hashable {
  /// Every field passed.
  case valid
  /// At least one field failed.
  case invalid
  /// The line is not a JSON object (or is empty, or too long): its output line is an `error`.
  case malformed
}

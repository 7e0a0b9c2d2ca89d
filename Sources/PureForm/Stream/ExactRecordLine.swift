/// The output line of one NDJSON record by the exact path: the record read by `JSONReader` and validated
/// by `ValidationPlan.run`, exactly as `CompiledForm.validate(json:options:)` does, then written as
/// `{"line":N,` followed by the rest of the result's `jsonText`, or as `{"line":N,"error":"…"}`.
///
/// The fast path falls back to this for every record it does not handle, so the two paths share it; the
/// tests compare the fast path's lines with this function's.
enum ExactRecordLine {
  /// The error of a line holding only whitespace (or nothing): every line is a record, and none is dropped.
  static let emptyLineMessage = "empty line"

  /// Validates the record in `line` (without its line feed) and appends its output line, line feed
  /// included, to `output`.
  static func write(
    _ line: UnsafeRawBufferPointer, number: Int, plan: ValidationPlan, run: RunOptions, scratch: RegexScratch?,
    into output: ByteBuffer, eachFailure: (ValidationFailure) -> Void = { _ in }
  ) -> RecordVerdict {
    guard line.contains(where: { !isWhitespace($0) }) else {
      writeError(emptyLineMessage, number: number, into: output)
      return .malformed
    }
    let result: ValidationResult
    do {
      let inputs = try plan.inputs(json: Array(line))
      result = scratch.map { plan.run(inputs, options: run, scratch: $0) } ?? plan.run(inputs, options: run)
    } catch {
      writeError(message(of: error), number: number, into: output)
      return .malformed
    }
    var text = result.jsonText
    text.withUTF8 { bytes in
      writeLinePrefix(number, into: output)
      // `jsonText` is an object: everything after its `{` follows the line member.
      output.append(UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(bytes)[1...]))
    }
    output.append(0x0A)
    result.failures.forEach(eachFailure)
    return result.isValid ? .valid : .invalid
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

  /// Appends `{"line":N,"error":"message"}` and a line feed.
  static func writeError(_ message: String, number: Int, into output: ByteBuffer) {
    var message = message
    message.withUTF8 { text in
      output.reserve(64 + 6 * text.count)
      var cursor = OutputCursor(output.base + output.count)
      cursor.write(#"{"line":"#)
      cursor.writeDecimal(number)
      cursor.write(#","error":""#)
      if let base = text.baseAddress { cursor.writeEscaped(base, text.count) }
      cursor.write("\"}\n")
      output.count = cursor.at - output.base
    }
  }

  /// Appends `{"line":N,`.
  static func writeLinePrefix(_ number: Int, into output: ByteBuffer) {
    linePrefix.withUnsafeBufferPointer { output.append($0.baseAddress.unsafelyUnwrapped, $0.count) }
    output.appendDecimal(number)
    output.append(UInt8(ascii: ","))
  }

  /// `{"line":`.
  private static let linePrefix = Array(#"{"line":"#.utf8)

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

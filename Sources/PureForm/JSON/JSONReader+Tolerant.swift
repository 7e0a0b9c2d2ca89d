/// The reader's tolerant mode, for an editor's text as it is typed: the same lexer and parser as `read(_:)`,
/// keeping every value and position they can, after vscode-json-languageservice's `parseJSONDocument`.
extension JSONReader {
  /// Reads the whole file and always returns a value, keeping every position typed so far.
  ///
  /// What the strict reader recovers (members whose value is missing get an empty `invalid` value where it belongs, unterminated strings end at their line's end,
  /// unclosed containers end at the end of the text), plus what it would drop (a container nested too deep
  /// closes there, a value without a key stays as a member with an empty key). An empty or unreadable text
  /// gives an `invalid` value at its start. Diagnostics are left out: `read(_:)` reports them.
  ///
  /// A separate entry point so the strict path that `check` runs keeps its speed and its answers.
  package static func readTolerantly(_ file: SourceFile) -> JSONNode {
    let nothing = JSONNode(.invalid, SourceRange(at: .start))
    guard file.bytes.count <= maximumSize else { return nothing }
    return file.bytes.withUnsafeBufferPointer { bytes in
      var parser = JSONParser(bytes: bytes, file: file)
      parser.tolerant = true
      return parser.parse().value ?? nothing
    }
  }
}

/// A JSON value to write: what pureform prints (diagnostics, models, results), kept apart from `JSONNode`,
/// which is what it reads.
package indirect enum OutputJSON: Sendable, Hashable {
  case null
  case bool(Bool)
  /// Number text written as is; it must already be valid JSON number text.
  case number(String)
  case string(String)
  case array([OutputJSON])
  /// Members in the order given; `canonical` sorts them.
  case object([(String, OutputJSON)])

  package static func == (lhs: OutputJSON, rhs: OutputJSON) -> Bool { lhs.rendered() == rhs.rendered() }
  package func hash(into hasher: inout Hasher) { hasher.combine(rendered()) }

  /// An integer.
  static func int(_ value: Int) -> OutputJSON { .number(String(value)) }

  /// The same value with every object's members sorted by key (by Unicode scalars), recursively.
  var canonical: OutputJSON {
    switch self {
    case .array(let elements): return .array(elements.map(\.canonical))
    case .object(let members):
      return .object(
        members.map { ($0.0, $0.1.canonical) }.sorted {
          $0.0.unicodeScalars.lexicographicallyPrecedes($1.0.unicodeScalars)
        })
    default: return self
    }
  }

  /// JSON text: compact on one line, or indented by two spaces per level.
  package func rendered(pretty: Bool = false) -> String {
    var output = ""
    write(to: &output, pretty: pretty, indent: 0)
    return output
  }

  private func write(to output: inout String, pretty: Bool, indent: Int) {
    switch self {
    case .null: output += "null"
    case .bool(let value): output += value ? "true" : "false"
    case .number(let text): output += text
    case .string(let text): OutputJSON.writeString(text, to: &output)
    case .array(let elements):
      guard !elements.isEmpty else {
        output += "[]"
        return
      }
      output += "["
      for (index, element) in elements.enumerated() {
        if index > 0 { output += "," }
        if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
        element.write(to: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { output += "\n" + String(repeating: "  ", count: indent) }
      output += "]"
    case .object(let members):
      guard !members.isEmpty else {
        output += "{}"
        return
      }
      output += "{"
      for (index, (key, value)) in members.enumerated() {
        if index > 0 { output += "," }
        if pretty { output += "\n" + String(repeating: "  ", count: indent + 1) }
        OutputJSON.writeString(key, to: &output)
        output += pretty ? ": " : ":"
        value.write(to: &output, pretty: pretty, indent: indent + 1)
      }
      if pretty { output += "\n" + String(repeating: "  ", count: indent) }
      output += "}"
    }
  }

  /// Writes a JSON string literal, escaping quotes, backslashes and control characters: the one JSON
  /// string writer of the package (the CLI's output, the emitters and the server's bodies).
  package static func writeString(_ text: String, to output: inout String) {
    output += "\""
    for scalar in text.unicodeScalars {
      if scalar.isASCII, JSONEscape.isEscaped(UInt8(scalar.value)) {
        JSONEscape.writeEscape(of: UInt8(scalar.value)) { output.unicodeScalars.append(Unicode.Scalar($0)) }
      } else {
        output.unicodeScalars.append(scalar)
      }
    }
    output += "\""
  }
}

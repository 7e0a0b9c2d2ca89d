import PureForm

/// JSON string literals for the bodies the routes write themselves, written by the library's own JSON
/// writer (`OutputJSON.writeString`), so the server escapes exactly as the CLI does.
package enum JSONString {
  /// `text` as a JSON string literal, quotes included: `"`, `\` and control characters escaped.
  package static func quoted(_ text: String) -> String {
    var out = ""
    OutputJSON.writeString(text, to: &out)
    return out
  }
}

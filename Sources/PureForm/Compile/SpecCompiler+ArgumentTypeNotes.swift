/// What a validator takes, where an argument of the wrong JSON type may have meant it.
enum MeantArgument {
  /// A JSON number: lengths, `min_value`, `max_value`.
  case number
  /// `true`: `required`, `equal_next`, `equal_previous`.
  case bool
}

extension SpecCompiler {
  /// The note for a validator argument of the wrong JSON type that reads as what the validator takes.
  ///
  /// `"5"` where a number belongs gets "write the number without quotes: 5", `"true"` where true belongs
  /// "write the boolean without quotes: true", and `1` there "write true instead of 1". None otherwise.
  ///
  /// Every validator argument's type error asks this one helper, so each kind gets the same advice.
  static func argumentTypeNotes(for value: JSONNode, meant: MeantArgument) -> [DiagnosticNote] {
    switch (meant, value.kind) {
    case (.number, .string(let text)) where ExactDecimal(text) != nil:
      return [DiagnosticNote("write the number without quotes: \(text)")]
    case (.bool, .string(let text)) where text == "true" || text == "false":
      return [DiagnosticNote("write the boolean without quotes: \(text)")]
    case (.bool, .number(let text)) where text == "1" || text == "0":
      return [DiagnosticNote("write \(text == "1" ? "true" : "false") instead of \(text)")]
    default:
      return []
    }
  }
}

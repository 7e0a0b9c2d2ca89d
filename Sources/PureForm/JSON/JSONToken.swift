/// One token of JSON text, as the lexer hands it to the parser.
///
/// Mistakes that depend on where the token stands (a bare word is `PF116` as a value but `PF113` as a
/// key) travel inside the token, and the parser reports them; mistakes inside strings are reported by
/// the lexer, since they are wrong wherever the string stands.
enum JSONToken {
  case beginArray
  case endArray
  case beginObject
  case endObject
  case comma
  case colon
  /// A double-quoted string, decoded (an unterminated one holds the text up to the end of its line).
  case string(String)
  /// A number that follows RFC 8259, as its source text.
  case number(String)
  /// A number-like run that does not follow RFC 8259, with the reason.
  case badNumber(String, reason: String)
  /// `true`, `false` or `null`.
  case literal(JSONNode.Kind)
  /// A bare word such as `NaN`, `True`, `undefined` or an unquoted key.
  case word(String)
  /// Text in single quotes, quotes included (the closing one is missing when the line ends first).
  case singleQuoted(String)
  /// Characters that cannot start a token, with the diagnostic that reports them.
  indirect case junk(Diagnostic)
  /// The end of the file.
  case end
}

/// A token with the span of source text it came from.
struct JSONLexeme {
  /// The token.
  var token: JSONToken
  /// From the token's first character to just past its last one.
  var range: SourceRange
}

/// Helpers that phrase pieces of diagnostic messages.
enum JSONPhrase {
  /// The longest text, in scalars, quoted in a message before it is cut short with `…`.
  static let maximumQuotedLength = 24

  /// `text` in single quotes, cut short when long; text that already starts with `'` is not quoted again.
  static func quoted(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    var count = 0
    for scalar in text.unicodeScalars {
      if count == maximumQuotedLength {
        scalars.append("…")
        break
      }
      scalars.append(scalar)
      count += 1
    }
    let shortened = String(scalars)
    return text.hasPrefix("'") ? shortened : "'\(shortened)'"
  }

  /// The general categories of scalars that do not print visibly (made once: a message about a string's
  /// every stray character asks for each).
  private static let invisible: Set<Unicode.GeneralCategory> = [
    .control, .format, .unassigned, .privateUse, .surrogate, .spaceSeparator, .lineSeparator,
    .paragraphSeparator,
  ]

  /// A scalar for a message: `'@'` when it prints visibly, `U+00A0` when it does not.
  static func describe(_ scalar: Unicode.Scalar) -> String {
    let category = scalar.properties.generalCategory
    if invisible.contains(category) || scalar.properties.isWhitespace {
      return "U+" + HexDigit.text(scalar.value, width: 4, uppercase: true)
    }
    return "'\(scalar)'"
  }
}

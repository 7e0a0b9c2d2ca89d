/// Rewrites a `custom` PCRE2 pattern as an ECMA-262 one for JSON Schema's `pattern`, accepting at least every
/// value PCRE2 accepts; nil when the pattern uses syntax outside the part both dialects read alike.
///
/// pureform compiles patterns with UTF and UCP, anchored at both ends, with LF as the newline. The
/// translation keeps literals, classes of literals and ranges, groups `( )`, `(?: )`, lookaheads `(?= )`,
/// `(?! )`, alternation, greedy and lazy quantifiers, and the escapes `\n \t \r \f` and of punctuation;
/// `.` becomes `[^\n]` (PCRE2's dot with LF newlines, exactly). The Unicode classes `\d \D \w \W \s \S`
/// (under UCP they follow Unicode, which ECMA-262 without `\p{…}` cannot say portably) widen to any
/// character, and a class holding one widens whole: looser, never stricter. Anything else (inline options,
/// possessive quantifiers, atomic groups, lookbehind, backreferences, `\p`, `\x`, `\b`, POSIX classes,
/// anchors inside the pattern, verbs) gives nil, and the schema then leaves the value's text free.
/// `PatternParts` reads the pattern; this is the widening policy of writing its parts.
enum PatternTranslation {
  /// A translated pattern: the ECMA-262 text, anchored, and whether a class was widened.
  struct Translated: Equatable {
    var pattern: String
    var widened: Bool
  }

  /// The ECMA-262 pattern matching whole values, or nil.
  static func ecma(_ pcre: String) -> Translated? {
    guard var parts = PatternParts.read(pcre) else { return nil }
    // The pattern is anchored at both ends anyway: a leading `^` and a trailing `$` say nothing more.
    if parts.first == .start { parts.removeFirst() }
    if parts.last == .end { parts.removeLast() }
    var output = ""
    var widened = false
    for part in parts {
      switch part {
      case .literal(let scalar, escaped: true):
        output += syntaxCharacters.contains(scalar) ? "\\" + String(scalar) : String(scalar)
      case .literal(let scalar, escaped: false):
        // ECMA-262 with `u` refuses a lone `{`; PCRE2 reads one that opens no quantifier as a literal.
        guard scalar != "{" else { return nil }
        output += scalar == "]" || scalar == "}" ? "\\" + String(scalar) : String(scalar)
      case .controlEscape(let letter): output += "\\" + String(letter)
      case .classEscape:
        output += anyCharacter
        widened = true
      case .anyButLineFeed: output += "[^\\n]"
      case .start, .end: return nil
      case .characterClass(let negated, let members):
        if members.contains(where: { if case .classEscape = $0 { true } else { false } }) {
          output += anyCharacter
          widened = true
        } else {
          output += (negated ? "[^" : "[") + members.map(classMember).joined() + "]"
        }
      case .groupStart(let kind): output += kind.map { "(?" + String($0) } ?? "("
      case .groupEnd: output += ")"
      case .alternative: output += "|"
      case .quantifier(let text): output += text
      }
    }
    return Translated(pattern: "^(?:" + output + ")$", widened: widened)
  }

  /// Characters ECMA-262 (with the `u` flag) lets a backslash escape outside a class.
  static let syntaxCharacters: Set<Unicode.Scalar> = [
    "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/",
  ]
  /// Any character, in both dialects.
  static let anyCharacter = "[\\s\\S]"

  /// A class member as ECMA-262 with the `u` flag reads it (a range's `-` is a bare member).
  private static func classMember(_ member: PatternParts.ClassMember) -> String {
    switch member {
    case .controlEscape(let letter): return "\\" + String(letter)
    case .literal(let scalar, escaped: true):
      return ["\\", "]", "[", "^", "-"].contains(scalar) ? "\\" + String(scalar) : String(scalar)
    case .literal(let scalar, escaped: false):
      return ["[", "]", "^"].contains(scalar) ? "\\" + String(scalar) : String(scalar)
    case .classEscape: return anyCharacter
    }
  }
}

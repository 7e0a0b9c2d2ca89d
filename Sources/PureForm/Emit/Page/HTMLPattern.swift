/// Translates a `custom` pattern (PCRE2) into an HTML `pattern` attribute only where the two mean the same.
///
/// The pattern is PCRE2 with UTF and Unicode properties, anchored at both ends; the attribute is compiled
/// with the `v` flag and anchored as `^(?:…)$`. Nil for anything not exact. `PatternParts` reads the
/// pattern; this is the exact policy of writing its parts.
///
/// The subset: literals, `\` before an ASCII punctuation character, `\n` `\t` `\r` `\f`, classes of
/// literals and ranges (negated too), `.` (PCRE2's default newline is a line feed, so `.` is `[^\n]`),
/// `^`, `$` (PCRE2's `$` also matches before a final line feed: `(?=\n?$)`), groups `(…)`, `(?:…)`,
/// lookaheads `(?=…)` `(?!…)`, alternation, and the quantifiers `*` `+` `?` `{n}` `{n,}` `{n,m}` with
/// their lazy forms. Left out because they differ: `\d` `\w` `\s` `\b` (Unicode under PCRE2's UCP, ASCII in
/// ECMAScript), POSIX classes, inline options, possessive quantifiers, backreferences, named groups,
/// lookbehinds, `\p{…}` (Unicode versions differ), `\Q…\E`, verbs, and every other escape.
enum HTMLPattern {
  /// The ECMAScript text of `pattern`, or nil when the translation could not be exact.
  static func ecmaScript(fromPCRE2 pattern: String) -> String? {
    guard let parts = PatternParts.read(pattern) else { return nil }
    var output = ""
    for part in parts {
      switch part {
      case .literal(let scalar, let escaped):
        guard !escaped || scalar.isASCII else { return nil }
        if syntax.contains(scalar) { output += "\\" }
        output.unicodeScalars.append(scalar)
      case .controlEscape(let letter): output += "\\" + String(letter)
      case .classEscape: return nil
      case .anyButLineFeed: output += "[^\\n]"
      case .start: output += "^"
      case .end: output += "(?=\\n?$)"
      case .characterClass(let negated, let members):
        guard let text = characterClass(negated: negated, members) else { return nil }
        output += text
      case .groupStart(let kind): output += kind.map { "(?" + String($0) } ?? "("
      case .groupEnd: output += ")"
      case .alternative: output += "|"
      case .quantifier(let text): output += text
      }
    }
    return output
  }

  /// RFC 8259 number text, the grammar `<type>` number and integer fields take from a string (an integer
  /// field must also be integral, which no pattern says exactly: this one is looser there).
  static let number = #"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+\-]?[0-9]+)?"#

  /// A pattern that matches exactly `text`.
  static func literal(_ text: String) -> String {
    var output = ""
    for scalar in text.unicodeScalars {
      if syntax.contains(scalar) { output += "\\" }
      output.unicodeScalars.append(scalar)
    }
    return output
  }

  /// The members of a class that holds exactly the characters of `characters`.
  static func classLiteral(_ characters: String) -> String {
    characters.unicodeScalars.map(classText).joined()
  }

  /// One pattern that every one of `patterns` must match in whole; nil when there are none.
  static func all(_ patterns: [String]) -> String? {
    guard let last = patterns.last else { return nil }
    if patterns.count == 1 { return last }
    return patterns.dropLast().map { "(?=(?:\($0))$)" }.joined() + "(?:\(last))"
  }

  /// ECMAScript's syntax characters and `/`: escaped wherever they stand for themselves.
  private static let syntax = Set("^$\\.*+?()[]{}|/".unicodeScalars)
  /// What the `v` flag also reserves inside a class (`ClassSetReservedPunctuator`).
  private static let classReserved = Set("&-!#%,:;<=>@`~".unicodeScalars)

  /// A class of literals and ranges as the `v` flag reads it; nil when it holds a class escape, a character
  /// beyond ASCII after `\`, or a range whose ends are out of order.
  private static func characterClass(negated: Bool, _ members: [PatternParts.ClassMember]) -> String? {
    var scalars: [Unicode.Scalar] = []
    for member in members {
      switch member {
      case .literal(let scalar, let escaped):
        guard !escaped || scalar.isASCII else { return nil }
        scalars.append(scalar)
      case .controlEscape(let letter): scalars.append(PatternParts.control(letter))
      case .classEscape: return nil
      }
    }
    var output = negated ? "[^" : "["
    var index = 0
    while index < members.count {
      // A bare `-` between two members makes them a range.
      if index + 2 < members.count, members[index + 1] == .literal("-", escaped: false) {
        guard scalars[index].value <= scalars[index + 2].value else { return nil }
        output += classText(scalars[index]) + "-" + classText(scalars[index + 2])
        index += 3
      } else {
        output += classText(scalars[index])
        index += 1
      }
    }
    return output + "]"
  }

  /// A class member as the `v` flag reads it.
  private static func classText(_ scalar: Unicode.Scalar) -> String {
    switch scalar {
    case "\n": return "\\n"
    case "\t": return "\\t"
    case "\r": return "\\r"
    case "\u{0C}": return "\\f"
    default:
      if syntax.contains(scalar) || classReserved.contains(scalar) { return "\\" + String(scalar) }
      return String(scalar)
    }
  }
}

/// Translates a `custom` pattern (PCRE2, UTF and Unicode properties, anchored at both ends) into the
/// ECMAScript pattern of an HTML `pattern` attribute (compiled with the `v` flag and anchored as
/// `^(?:…)$`), only where the two mean exactly the same; nil for anything else.
///
/// The subset: literals, `\` before an ASCII punctuation character, `\n` `\t` `\r` `\f`, classes of
/// literals and ranges (negated too), `.` (PCRE2's default newline is a line feed, so `.` is `[^\n]`),
/// `^`, `$` (PCRE2's `$` also matches before a final line feed: `(?=\n?$)`), groups `(…)`, `(?:…)`,
/// lookaheads `(?=…)` `(?!…)`, alternation, and the quantifiers `*` `+` `?` `{n}` `{n,}` `{n,m}` with
/// their lazy forms. Left out because they differ: `\d` `\w` `\s` `\b` (Unicode under PCRE2's UCP, ASCII in
/// ECMAScript), POSIX classes, inline options, possessive quantifiers, backreferences, named groups,
/// lookbehinds, `\p{…}` (Unicode versions differ), `\Q…\E`, verbs, and every other escape.
struct HTMLPattern {
  private let scalars: [Unicode.Scalar]
  private var index = 0
  private var output = ""

  private init(_ pattern: String) { scalars = Array(pattern.unicodeScalars) }

  /// The ECMAScript text of `pattern`, or nil when the translation could not be exact.
  static func ecmaScript(fromPCRE2 pattern: String) -> String? {
    var translator = HTMLPattern(pattern)
    guard translator.alternation(), translator.index == translator.scalars.count else { return nil }
    return translator.output
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
  /// Escapes both flavours spell and read the same.
  private static let controlEscapes: Set<Unicode.Scalar> = ["n", "t", "r", "f"]

  private var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

  private mutating func alternation() -> Bool {
    guard sequence() else { return false }
    while peek == "|" {
      index += 1
      output += "|"
      guard sequence() else { return false }
    }
    return true
  }

  private mutating func sequence() -> Bool {
    while let scalar = peek, scalar != "|", scalar != ")" {
      guard let quantifiable = atom() else { return false }
      guard quantifier(allowed: quantifiable) else { return false }
    }
    return true
  }

  /// One atom; nil when it cannot be translated, else whether a quantifier may follow it.
  private mutating func atom() -> Bool? {
    guard let scalar = peek else { return nil }
    index += 1
    switch scalar {
    case "(": return group()
    case "[": return characterClass() ? true : nil
    case ".":
      output += "[^\\n]"
      return true
    case "^":
      output += "^"
      return false
    case "$":
      output += "(?=\\n?$)"
      return false
    case "\\":
      guard let literal = escape() else { return nil }
      output += literal
      return true
    case "*", "+", "?", ")", "]", "}": return scalar == "]" || scalar == "}" ? literal(scalar) : nil
    case "{":
      // `{,n}` is a quantifier from PCRE2 10.43 on and a literal before: left out.
      return startsQuantifier(at: index - 1) || peek == "," ? nil : literal(scalar)
    default: return literal(scalar)
    }
  }

  private mutating func literal(_ scalar: Unicode.Scalar) -> Bool {
    if Self.syntax.contains(scalar) { output += "\\" }
    output.unicodeScalars.append(scalar)
    return true
  }

  /// After `(`: a capturing group, `(?:`, `(?=` or `(?!`.
  private mutating func group() -> Bool? {
    var quantifiable = true
    if peek == "?" {
      guard index + 1 < scalars.count else { return nil }
      let kind = scalars[index + 1]
      guard kind == ":" || kind == "=" || kind == "!" else { return nil }
      output += "(?"
      output.unicodeScalars.append(kind)
      index += 2
      quantifiable = kind == ":"
    } else {
      output += "("
    }
    guard alternation(), peek == ")" else { return nil }
    index += 1
    output += ")"
    return quantifiable
  }

  /// After `\` outside a class: the literal's ECMAScript text.
  private mutating func escape() -> String? {
    guard let scalar = peek else { return nil }
    index += 1
    if Self.controlEscapes.contains(scalar) { return "\\" + String(scalar) }
    guard scalar.isASCII, !scalar.properties.isAlphabetic, !("0"..."9").contains(scalar) else { return nil }
    return Self.syntax.contains(scalar) ? "\\" + String(scalar) : String(scalar)
  }

  /// After `[`: a class of literals and ranges, PCRE2's leading `]` being a literal.
  private mutating func characterClass() -> Bool {
    output += "["
    if peek == "^" {
      index += 1
      output += "^"
    }
    var first = true
    while let scalar = peek, scalar != "]" || first {
      first = false
      guard let start = classMember() else { return false }
      if peek == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
        index += 1
        guard let end = classMember(), start.value <= end.value else { return false }
        output += Self.classText(start) + "-" + Self.classText(end)
      } else {
        output += Self.classText(start)
      }
    }
    guard peek == "]" else { return false }
    index += 1
    output += "]"
    return true
  }

  /// One literal character inside a class, or nil for anything else (class escapes, POSIX classes).
  private mutating func classMember() -> Unicode.Scalar? {
    guard let scalar = peek else { return nil }
    index += 1
    if scalar == "[" {
      if let next = peek, next == ":" || next == "." || next == "=" { return nil }
      return scalar
    }
    guard scalar == "\\" else { return scalar }
    guard let escaped = peek else { return nil }
    index += 1
    switch escaped {
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    case "f": return "\u{0C}"
    default:
      guard escaped.isASCII, !escaped.properties.isAlphabetic, !("0"..."9").contains(escaped) else { return nil }
      return escaped
    }
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

  /// An optional quantifier after an atom; false when one follows what may not be quantified, or is possessive.
  private mutating func quantifier(allowed: Bool) -> Bool {
    guard let scalar = peek else { return true }
    let start = index
    switch scalar {
    case "*", "+", "?": index += 1
    case "{":
      guard startsQuantifier(at: index) else { return true }
      while scalars[index] != "}" { index += 1 }
      index += 1
    default: return true
    }
    guard allowed else { return false }
    if peek == "?" { index += 1 }
    if let next = peek, next == "+" || next == "*" || next == "?" || (next == "{" && startsQuantifier(at: index)) {
      return false
    }
    output += String(String.UnicodeScalarView(scalars[start..<index]))
    return true
  }

  /// Whether `{` at `position` opens `{n}`, `{n,}` or `{n,m}`, which both flavours read as a quantifier.
  private func startsQuantifier(at position: Int) -> Bool {
    var cursor = position + 1
    func digits() -> Int {
      let from = cursor
      while cursor < scalars.count, ("0"..."9").contains(scalars[cursor]) { cursor += 1 }
      return cursor - from
    }
    guard digits() > 0, cursor < scalars.count else { return false }
    if scalars[cursor] == "," {
      cursor += 1
      _ = digits()
    }
    return cursor < scalars.count && scalars[cursor] == "}"
  }
}

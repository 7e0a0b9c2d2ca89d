/// A `custom` pattern (PCRE2) read once into the parts of the syntax that both ECMAScript writers know: the
/// one parser behind `HTMLPattern` (the `pattern` attribute, exact) and `PatternTranslation` (JSON Schema's
/// `pattern`, widening), which differ only in what they write for each part and which parts they refuse.
///
/// The syntax read: literals, `\` before a character that is not an ASCII letter or digit, the control
/// escapes `\n` `\t` `\r` `\f`, the class escapes `\d` `\D` `\w` `\W` `\s` `\S`, classes of literals (negated
/// too, PCRE2's leading `]` being a literal), `.`, `^`, `$`, groups `(…)`, `(?:…)`, lookaheads `(?=…)`
/// `(?!…)`, alternation, and the quantifiers `*` `+` `?` `{n}` `{n,}` `{n,m}` with their lazy forms after
/// something they may quantify (neither an anchor nor a lookahead nor another quantifier). Anything else
/// gives nil: other escapes (`\b`, `\p`, `\x`, `\Q`, backreferences), POSIX classes, inline options, named
/// groups, lookbehinds, verbs, possessive quantifiers, `{,n}`, and unbalanced groups or classes.
enum PatternParts {
  /// One part of a pattern, in the order written.
  enum Part: Equatable {
    /// A character standing for itself; `escaped` when written after `\`. A `{` that opens no quantifier
    /// is a literal, as in PCRE2.
    case literal(Unicode.Scalar, escaped: Bool)
    /// `\n`, `\t`, `\r` or `\f`, by its letter.
    case controlEscape(Unicode.Scalar)
    /// `\d`, `\D`, `\w`, `\W`, `\s` or `\S`, by its letter (Unicode under PCRE2's UCP).
    case classEscape(Unicode.Scalar)
    /// `.`: any character but a line feed (PCRE2's newline).
    case anyButLineFeed
    /// `^`.
    case start
    /// `$`.
    case end
    /// `[…]` or `[^…]`, its members in order (a `-` between two members is a bare literal `-`).
    case characterClass(negated: Bool, members: [ClassMember])
    /// `(` for a capturing group (`kind` nil), `(?:`, `(?=` or `(?!` (`kind` `:`, `=` or `!`).
    case groupStart(kind: Unicode.Scalar?)
    /// `)`.
    case groupEnd
    /// `|`.
    case alternative
    /// A quantifier's text as written, its lazy `?` included.
    case quantifier(String)
  }

  /// One member of a class.
  enum ClassMember: Equatable {
    /// A character standing for itself; `escaped` when written after `\`.
    case literal(Unicode.Scalar, escaped: Bool)
    /// `\n`, `\t`, `\r` or `\f`, by its letter.
    case controlEscape(Unicode.Scalar)
    /// `\d`, `\D`, `\w`, `\W`, `\s` or `\S`, by its letter.
    case classEscape(Unicode.Scalar)
  }

  /// The control escapes both flavours spell and read the same.
  static let controlEscapes: Set<Unicode.Scalar> = ["n", "t", "r", "f"]
  /// The class escapes, which follow Unicode in PCRE2 with UCP and ASCII in ECMAScript.
  static let classEscapes: Set<Unicode.Scalar> = ["d", "D", "w", "W", "s", "S"]

  /// The character a control escape's letter stands for.
  static func control(_ letter: Unicode.Scalar) -> Unicode.Scalar {
    switch letter {
    case "n": return "\n"
    case "t": return "\t"
    case "r": return "\r"
    default: return "\u{0C}"
    }
  }

  /// The parts of `pattern`, or nil when it uses syntax outside the part read.
  static func read(_ pattern: String) -> [Part]? {
    var reader = Reader(scalars: Array(pattern.unicodeScalars))
    guard reader.alternation(), reader.index == reader.scalars.count else { return nil }
    return reader.parts
  }

  /// Walks the pattern once, by recursive descent, collecting its parts.
  private struct Reader {
    let scalars: [Unicode.Scalar]
    var index = 0
    var parts: [Part] = []

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    var peek: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    mutating func alternation() -> Bool {
      guard sequence() else { return false }
      while peek == "|" {
        index += 1
        parts.append(.alternative)
        guard sequence() else { return false }
      }
      return true
    }

    mutating func sequence() -> Bool {
      while let scalar = peek, scalar != "|", scalar != ")" {
        guard let quantifiable = atom() else { return false }
        guard quantifier(allowed: quantifiable) else { return false }
      }
      return true
    }

    /// One atom; nil when it is outside the syntax read, else whether a quantifier may follow it.
    mutating func atom() -> Bool? {
      guard let scalar = peek else { return nil }
      index += 1
      switch scalar {
      case "(": return group()
      case "[": return characterClass() ? true : nil
      case ".": parts.append(.anyButLineFeed)
      case "^":
        parts.append(.start)
        return false
      case "$":
        parts.append(.end)
        return false
      case "\\":
        guard let escaped = peek else { return nil }
        index += 1
        guard let part = Self.escape(escaped) else { return nil }
        switch part {
        case .literal(let literal, _): parts.append(.literal(literal, escaped: true))
        case .controlEscape(let letter): parts.append(.controlEscape(letter))
        case .classEscape(let letter): parts.append(.classEscape(letter))
        }
      case "*", "+", "?": return nil
      case "{":
        // `{,n}` is a quantifier from PCRE2 10.43 on and a literal before: left out.
        if startsQuantifier(at: index - 1) || peek == "," { return nil }
        parts.append(.literal(scalar, escaped: false))
      default: parts.append(.literal(scalar, escaped: false))
      }
      return true
    }

    /// After `(`: a capturing group, `(?:`, `(?=` or `(?!`; whether a quantifier may follow it.
    mutating func group() -> Bool? {
      var kind: Unicode.Scalar?
      if peek == "?" {
        guard index + 1 < scalars.count else { return nil }
        let scalar = scalars[index + 1]
        guard scalar == ":" || scalar == "=" || scalar == "!" else { return nil }
        kind = scalar
        index += 2
      }
      parts.append(.groupStart(kind: kind))
      guard alternation(), peek == ")" else { return nil }
      index += 1
      parts.append(.groupEnd)
      return kind == nil || kind == ":"
    }

    /// The member the escape `\` + `scalar` stands for, in a class or outside; nil for a letter or digit
    /// that is neither a control nor a class escape.
    static func escape(_ scalar: Unicode.Scalar) -> ClassMember? {
      if PatternParts.controlEscapes.contains(scalar) { return .controlEscape(scalar) }
      if PatternParts.classEscapes.contains(scalar) { return .classEscape(scalar) }
      if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) { return nil }
      return .literal(scalar, escaped: true)
    }

    /// After `[`: a class of literals and escapes, PCRE2's leading `]` being a literal.
    mutating func characterClass() -> Bool {
      var negated = false
      if peek == "^" {
        index += 1
        negated = true
      }
      var members: [ClassMember] = []
      var first = true
      while let scalar = peek, scalar != "]" || first {
        first = false
        index += 1
        switch scalar {
        case "[":
          if let next = peek, next == ":" || next == "." || next == "=" { return false }
          members.append(.literal(scalar, escaped: false))
        case "\\":
          guard let escaped = peek, let member = Self.escape(escaped) else { return false }
          index += 1
          members.append(member)
        default:
          members.append(.literal(scalar, escaped: false))
        }
      }
      guard peek == "]" else { return false }
      index += 1
      parts.append(.characterClass(negated: negated, members: members))
      return true
    }

    /// An optional quantifier after an atom; false when one follows what may not be quantified, another
    /// quantifier, or is possessive.
    mutating func quantifier(allowed: Bool) -> Bool {
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
      parts.append(.quantifier(String(String.UnicodeScalarView(scalars[start..<index]))))
      return true
    }

    /// Whether `{` at `position` opens `{n}`, `{n,}` or `{n,m}`, which both flavours read as a quantifier.
    func startsQuantifier(at position: Int) -> Bool {
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
}

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
enum PatternTranslation {
  /// A translated pattern: the ECMA-262 text, anchored, and whether a class was widened.
  struct Translated: Equatable {
    var pattern: String
    var widened: Bool
  }

  /// The ECMA-262 pattern matching whole values, or nil.
  static func ecma(_ pcre: String) -> Translated? {
    var scalars = Array(pcre.unicodeScalars)[...]
    if scalars.first == "^" { scalars = scalars.dropFirst() }
    if scalars.last == "$", trailingBackslashes(before: scalars.endIndex - 1, in: scalars) % 2 == 0 {
      scalars = scalars.dropLast()
    }
    var reader = Reader(scalars: Array(scalars))
    guard let body = reader.translate() else { return nil }
    return Translated(pattern: "^(?:" + body + ")$", widened: reader.widened)
  }

  private static func trailingBackslashes(before index: Int, in scalars: ArraySlice<Unicode.Scalar>) -> Int {
    var count = 0
    var position = index - 1
    while position >= scalars.startIndex, scalars[position] == "\\" {
      count += 1
      position -= 1
    }
    return count
  }

  /// Characters ECMA-262 (with the `u` flag) lets a backslash escape outside a class.
  static let syntaxCharacters: Set<Unicode.Scalar> = [
    "^", "$", "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "/",
  ]
  /// The Unicode class escapes that widen to any character.
  static let classEscapes: Set<Unicode.Scalar> = ["d", "D", "w", "W", "s", "S"]
  /// Control escapes both dialects read alike.
  static let controlEscapes: Set<Unicode.Scalar> = ["n", "t", "r", "f"]
  /// Any character, in both dialects.
  static let anyCharacter = "[\\s\\S]"

  /// Walks the pattern once, writing the ECMA-262 text.
  private struct Reader {
    let scalars: [Unicode.Scalar]
    var index = 0
    var output = ""
    var widened = false
    /// For each open group, whether it is a lookahead (which ECMA-262 with `u` may not quantify).
    var groups: [Bool] = []
    /// Whether the last atom written was a lookahead; nil when there is no atom to quantify.
    var lastAtomIsLookahead: Bool?

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    func peek(_ offset: Int = 0) -> Unicode.Scalar? {
      index + offset < scalars.count ? scalars[index + offset] : nil
    }

    mutating func translate() -> String? {
      while let scalar = peek() {
        guard step(scalar) else { return nil }
      }
      return groups.isEmpty ? output : nil
    }

    /// Translates the token starting at `scalar`; false when it is outside the shared syntax.
    mutating func step(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar {
      case "\\":
        guard let next = peek(1), let text = PatternTranslation.escape(next) else { return false }
        if text == PatternTranslation.anyCharacter { widened = true }
        index += 2
        atom(text)
      case "[":
        guard let text = readClass() else { return false }
        atom(text)
      case "(":
        return openGroup()
      case ")":
        guard let lookahead = groups.popLast() else { return false }
        index += 1
        output += ")"
        lastAtomIsLookahead = lookahead
      case "|":
        index += 1
        output += "|"
        lastAtomIsLookahead = nil
      case "*", "+", "?", "{":
        return quantifier()
      case ".":
        index += 1
        atom("[^\\n]")
      case "^", "$":
        return false
      case "]", "}":
        index += 1
        atom("\\" + String(scalar))
      default:
        index += 1
        atom(String(scalar))
      }
      return true
    }

    mutating func atom(_ text: String) {
      output += text
      lastAtomIsLookahead = false
    }

    mutating func openGroup() -> Bool {
      if peek(1) == "*" { return false }
      guard peek(1) == "?" else {
        index += 1
        output += "("
        groups.append(false)
        lastAtomIsLookahead = nil
        return true
      }
      guard let kind = peek(2), [":", "=", "!"].contains(kind) else { return false }
      index += 3
      output += "(?" + String(kind)
      groups.append(kind != ":")
      lastAtomIsLookahead = nil
      return true
    }

    /// `*`, `+`, `?` or `{n}`, `{n,}`, `{n,m}`, optionally lazy; possessive ones and `{` that is no
    /// quantifier are refused.
    mutating func quantifier() -> Bool {
      guard lastAtomIsLookahead == false else { return false }
      if peek() == "{" {
        var end = index + 1
        var text = "{"
        var sawComma = false
        var digitsBefore = 0
        while end < scalars.count, scalars[end] != "}" {
          let character = scalars[end]
          if character == "," && !sawComma {
            sawComma = true
          } else if ("0"..."9").contains(character) {
            if !sawComma { digitsBefore += 1 }
          } else {
            return false
          }
          text.unicodeScalars.append(character)
          end += 1
        }
        guard end < scalars.count, digitsBefore > 0 else { return false }
        output += text + "}"
        index = end + 1
      } else {
        output.unicodeScalars.append(scalars[index])
        index += 1
      }
      if peek() == "+" { return false }
      if peek() == "?" {
        output += "?"
        index += 1
      }
      lastAtomIsLookahead = nil
      return true
    }

    /// A class `[…]`: its ECMA-262 text, `[\s\S]` when it holds a Unicode class escape, nil when it holds
    /// syntax outside the shared part.
    mutating func readClass() -> String? {
      var position = index + 1
      var text = "["
      if position < scalars.count, scalars[position] == "^" {
        text += "^"
        position += 1
      }
      var widens = false
      var first = true
      while position < scalars.count {
        let scalar = scalars[position]
        if scalar == "]" && !first { break }
        first = false
        switch scalar {
        case "\\":
          guard position + 1 < scalars.count else { return nil }
          let next = scalars[position + 1]
          if PatternTranslation.classEscapes.contains(next) {
            widens = true
          } else if PatternTranslation.controlEscapes.contains(next) {
            text += "\\" + String(next)
          } else if next.value < 0x80 && (next.properties.isAlphabetic || ("0"..."9").contains(next)) {
            return nil
          } else {
            text += escapedInClass(next)
          }
          position += 2
          continue
        case "[":
          if position + 1 < scalars.count, [":", ".", "="].contains(scalars[position + 1]) { return nil }
          text += "\\["
        case "]", "^":
          text += "\\" + String(scalar)
        default:
          text.unicodeScalars.append(scalar)
        }
        position += 1
      }
      guard position < scalars.count else { return nil }
      index = position + 1
      if widens {
        widened = true
        return PatternTranslation.anyCharacter
      }
      return text + "]"
    }

    func escapedInClass(_ scalar: Unicode.Scalar) -> String {
      ["\\", "]", "[", "^", "-"].contains(scalar) ? "\\" + String(scalar) : String(scalar)
    }
  }

  /// The ECMA-262 text of the escape `\` + `scalar` outside a class, nil when it is outside the shared part.
  static func escape(_ scalar: Unicode.Scalar) -> String? {
    if classEscapes.contains(scalar) { return anyCharacter }
    if controlEscapes.contains(scalar) { return "\\" + String(scalar) }
    if syntaxCharacters.contains(scalar) { return "\\" + String(scalar) }
    if scalar.value < 0x80 && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)) { return nil }
    return String(scalar)
  }
}

/// The patterns of the `type` validator, compiled once for the whole process and shared by every form.
enum TextRules {
  /// `type: email`: the WHATWG HTML Living Standard's "valid e-mail address".
  ///
  /// The rule of `<input type=email>`, https://html.spec.whatwg.org/multipage/input.html#valid-e-mail-address,
  /// with the pattern the standard itself gives. Case-insensitive by construction; a dotless domain (`user@localhost`) is valid.
  /// The one text of the pattern: compiled here, written into the schema (`FieldSchema`) and, as a
  /// JavaScript literal, into the page's script (`HTMLScript`).
  static let email = compile(emailPattern)

  /// The text of `email`'s pattern, which PCRE2 and ECMAScript read alike.
  static let emailPattern =
    #"^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$"#

  /// `type: full_name`: two or more words of Unicode letters in any case, separated by single spaces,
  /// with `-` or `'` allowed between letters inside a word ("Jean-Luc O'Neill").
  ///
  /// PureForm's own pattern, `^[a-z]([-']?[a-z]+)*( [a-z]([-']?[a-z]+)*)+$`, accepts lowercase only and
  /// backtracks catastrophically: `([-']?[a-z]+)*` can split a run of letters in exponentially many ways.
  /// Here every repetition must start with a separator, so there is one way to match and time is linear:
  /// `^\p{L}+(?:[-']\p{L}+)*(?: \p{L}+(?:[-']\p{L}+)*)+$`. Because there is only one way, making every
  /// quantifier possessive (`++`, `*+`) changes nothing the pattern accepts; it only stops PCRE2 keeping a
  /// backtracking frame per word, so a name of 100,000 words needs no more stack than a name of two.
  static let fullName = compile(#"^\p{L}++(?:[-']\p{L}++)*+(?: \p{L}++(?:[-']\p{L}++)*+)++$"#)

  /// The pattern of a `type` argument.
  static func pattern(for kind: TextKind) -> CompiledPattern {
    switch kind {
    case .email: return email
    case .fullName: return fullName
    }
  }

  /// Compiles a built-in pattern; they are fixed text, so a failure is a bug in pureform.
  private static func compile(_ pattern: String) -> CompiledPattern {
    do {
      return try CompiledPattern(pattern)
    } catch {
      preconditionFailure("built-in pattern does not compile: \(error.message)")
    }
  }
}

/// The keyboards `keyboardTypeValidation` restricts, with the characters each can type (PureForm's
/// `PFPhonePadCharacters`, `PFNumberPadCharacters`, `PFDecimalPadCharacters`).
enum KeyboardPad: UInt8, Sendable, Hashable, CaseIterable {
  /// UIKeyboardTypeNumberPad (4) and UIKeyboardTypeASCIICapableNumberPad (11): digits.
  case number
  /// UIKeyboardTypePhonePad (5): digits, `+`, `*` and `#` (no spaces, `-` or parentheses).
  case phone
  /// UIKeyboardTypeDecimalPad (8): digits, `.` and `,` in any number and position.
  case decimal

  /// The pad for a UIKeyboardType value; nil for keyboards that type anything (NamePhonePad included).
  init?(keyboardType: Int) {
    switch keyboardType {
    case 4, 11: self = .number
    case 5: self = .phone
    case 8: self = .decimal
    default: return nil
    }
  }

  /// The characters the pad can type.
  var characters: String {
    switch self {
    case .number: return "0123456789"
    case .phone: return "+*#0123456789"
    case .decimal: return ".,0123456789"
    }
  }

  /// Whether the pad can type every character of `text`.
  func accepts(_ text: String) -> Bool {
    let allowed = characters.utf8
    return text.utf8.allSatisfy { allowed.contains($0) }
  }
}

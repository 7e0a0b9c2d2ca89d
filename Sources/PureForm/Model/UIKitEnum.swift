/// One of the seven UIKit enums a spec may name by constant.
///
/// A spec names a constant by its full Objective-C name (`UIKeyboardTypeEmailAddress`, `UIReturnKeyDone`);
/// the compiler turns it into Apple's integer value and keeps the name beside it.
package enum UIKitEnum: String, CaseIterable, Sendable {
  case keyboardType = "UIKeyboardType"
  case keyboardAppearance = "UIKeyboardAppearance"
  case returnKeyType = "UIReturnKeyType"
  case textAutocapitalizationType = "UITextAutocapitalizationType"
  case textAutocorrectionType = "UITextAutocorrectionType"
  case textSpellCheckingType = "UITextSpellCheckingType"
  case textFieldViewMode = "UITextFieldViewMode"

  /// The text every constant name of this enum starts with.
  ///
  /// The enum's own name, except for `UIReturnKeyType`, whose constants are `UIReturnKeyDefault`,
  /// `UIReturnKeyGo`, … (prefix `UIReturnKey`).
  var prefix: String {
    switch self {
    case .returnKeyType: return "UIReturnKey"
    default: return rawValue
    }
  }

  /// Every constant name of this enum with Apple's integer value, in Apple's declaration order.
  ///
  /// Deprecated aliases are included where Apple declares them (`UIKeyboardTypeAlphabet` = 1,
  /// `UIKeyboardAppearanceAlert` = 1), so two names may share a value.
  package var constants: [(name: String, value: Int)] {
    members.map { (name: prefix + $0.member, value: $0.value) }
  }

  /// The member names without the prefix, with their values, in the order of Apple's headers.
  private var members: [(member: String, value: Int)] {
    switch self {
    case .keyboardType:
      return [
        ("Default", 0), ("ASCIICapable", 1), ("NumbersAndPunctuation", 2), ("URL", 3), ("NumberPad", 4),
        ("PhonePad", 5), ("NamePhonePad", 6), ("EmailAddress", 7), ("DecimalPad", 8), ("Twitter", 9),
        ("WebSearch", 10), ("ASCIICapableNumberPad", 11), ("Alphabet", 1),
      ]
    case .keyboardAppearance:
      return [("Default", 0), ("Dark", 1), ("Light", 2), ("Alert", 1)]
    case .returnKeyType:
      return [
        ("Default", 0), ("Go", 1), ("Google", 2), ("Join", 3), ("Next", 4), ("Route", 5), ("Search", 6),
        ("Send", 7), ("Yahoo", 8), ("Done", 9), ("EmergencyCall", 10), ("Continue", 11),
      ]
    case .textAutocapitalizationType:
      return [("None", 0), ("Words", 1), ("Sentences", 2), ("AllCharacters", 3)]
    case .textAutocorrectionType, .textSpellCheckingType:
      return [("Default", 0), ("No", 1), ("Yes", 2)]
    case .textFieldViewMode:
      return [("Never", 0), ("WhileEditing", 1), ("UnlessEditing", 2), ("Always", 3)]
    }
  }

  /// Every enum, made once (`allCases` makes a new array each time it is read).
  private static let all = allCases

  /// Every constant of every enum by exact name.
  private static let byName: [String: (enumType: UIKitEnum, value: Int)] = {
    var table: [String: (enumType: UIKitEnum, value: Int)] = [:]
    for enumType in allCases {
      for constant in enumType.constants {
        table[constant.name] = (enumType: enumType, value: constant.value)
      }
    }
    return table
  }()

  /// The enum and value for an exact (case-sensitive) constant name, nil if it names none.
  package static func constant(named name: String) -> (enumType: UIKitEnum, value: Int)? {
    byName[name]
  }

  /// The enum whose prefix starts `string` (the longest such prefix), nil when none does.
  ///
  /// A non-nil result means the string *tries* to name a constant of that enum, whether or not it does:
  /// `"UITextAutocapitalizationTypeWordz"` gives `.textAutocapitalizationType`. The comparison is
  /// case-sensitive, like Objective-C identifiers.
  static func family(of string: String) -> UIKitEnum? {
    // Every prefix starts with `UI`: most strings are ruled out by their first two bytes.
    guard string.utf8HasPrefix("UI") else { return nil }
    return all.lazy.filter { hasPrefix(string, $0.prefix) }.max { $0.prefix.utf8.count < $1.prefix.utf8.count }
  }

  /// `string.hasPrefix(prefix)` for an ASCII `prefix`: its bytes first, then characters only where the next
  /// byte could extend the prefix's last character (a combining mark after it), as `hasPrefix` decides; an
  /// ASCII prefix is equal only to the same bytes.
  private static func hasPrefix(_ string: String, _ prefix: String) -> Bool {
    guard string.utf8HasPrefix(prefix) else { return false }
    let next = string.utf8.dropFirst(prefix.utf8.count).first
    guard let next, next >= 0x80 else { return true }
    return string.hasPrefix(prefix)
  }

  /// The enum a well-known UIKit property takes, nil for other property names.
  ///
  /// `keyboardType`, `keyboardAppearance`, `returnKeyType`, `autocapitalizationType`, `autocorrectionType`,
  /// `spellCheckingType`, and `clearButtonMode` / `leftViewMode` / `rightViewMode` (UITextFieldViewMode).
  /// The name must be bare: no `*` or `?` suffix.
  package static func expected(forProperty name: String) -> UIKitEnum? {
    switch name {
    case "keyboardType": return .keyboardType
    case "keyboardAppearance": return .keyboardAppearance
    case "returnKeyType": return .returnKeyType
    case "autocapitalizationType": return .textAutocapitalizationType
    case "autocorrectionType": return .textAutocorrectionType
    case "spellCheckingType": return .textSpellCheckingType
    case "clearButtonMode", "leftViewMode", "rightViewMode": return .textFieldViewMode
    default: return nil
    }
  }
}

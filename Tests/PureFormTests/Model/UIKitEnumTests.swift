import Testing

@testable import PureForm

/// The names and values of `enumType.constants`, as plain pairs that `#expect` can compare.
private func table(_ enumType: UIKitEnum) -> [Pair] {
  enumType.constants.map { Pair(name: $0.name, value: $0.value) }
}

/// A constant name with its value.
private struct Pair: Equatable, CustomStringConvertible {
  /// The constant's full name.
  var name: String
  /// Apple's integer value.
  var value: Int

  /// `name = value`.
  var description: String { "\(name) = \(value)" }
}

/// Builds the expected table from `(name, value)` literals.
private func pairs(_ list: KeyValuePairs<String, Int>) -> [Pair] {
  list.map { Pair(name: $0.key, value: $0.value) }
}

@Suite struct UIKitEnumTests {
  @Test func keyboardTypeTable() {
    #expect(
      table(.keyboardType)
        == pairs([
          "UIKeyboardTypeDefault": 0,
          "UIKeyboardTypeASCIICapable": 1,
          "UIKeyboardTypeNumbersAndPunctuation": 2,
          "UIKeyboardTypeURL": 3,
          "UIKeyboardTypeNumberPad": 4,
          "UIKeyboardTypePhonePad": 5,
          "UIKeyboardTypeNamePhonePad": 6,
          "UIKeyboardTypeEmailAddress": 7,
          "UIKeyboardTypeDecimalPad": 8,
          "UIKeyboardTypeTwitter": 9,
          "UIKeyboardTypeWebSearch": 10,
          "UIKeyboardTypeASCIICapableNumberPad": 11,
          "UIKeyboardTypeAlphabet": 1,
        ]))
  }

  @Test func keyboardAppearanceTable() {
    #expect(
      table(.keyboardAppearance)
        == pairs([
          "UIKeyboardAppearanceDefault": 0, "UIKeyboardAppearanceDark": 1, "UIKeyboardAppearanceLight": 2,
          "UIKeyboardAppearanceAlert": 1,
        ]))
  }

  @Test func returnKeyTypeTable() {
    #expect(
      table(.returnKeyType)
        == pairs([
          "UIReturnKeyDefault": 0, "UIReturnKeyGo": 1, "UIReturnKeyGoogle": 2, "UIReturnKeyJoin": 3,
          "UIReturnKeyNext": 4, "UIReturnKeyRoute": 5, "UIReturnKeySearch": 6, "UIReturnKeySend": 7,
          "UIReturnKeyYahoo": 8, "UIReturnKeyDone": 9, "UIReturnKeyEmergencyCall": 10,
          "UIReturnKeyContinue": 11,
        ]))
  }

  @Test func textAutocapitalizationTypeTable() {
    #expect(
      table(.textAutocapitalizationType)
        == pairs([
          "UITextAutocapitalizationTypeNone": 0, "UITextAutocapitalizationTypeWords": 1,
          "UITextAutocapitalizationTypeSentences": 2, "UITextAutocapitalizationTypeAllCharacters": 3,
        ]))
  }

  @Test func textAutocorrectionTypeTable() {
    #expect(
      table(.textAutocorrectionType)
        == pairs([
          "UITextAutocorrectionTypeDefault": 0, "UITextAutocorrectionTypeNo": 1,
          "UITextAutocorrectionTypeYes": 2,
        ]))
  }

  @Test func textSpellCheckingTypeTable() {
    #expect(
      table(.textSpellCheckingType)
        == pairs([
          "UITextSpellCheckingTypeDefault": 0, "UITextSpellCheckingTypeNo": 1,
          "UITextSpellCheckingTypeYes": 2,
        ]))
  }

  @Test func textFieldViewModeTable() {
    #expect(
      table(.textFieldViewMode)
        == pairs([
          "UITextFieldViewModeNever": 0, "UITextFieldViewModeWhileEditing": 1,
          "UITextFieldViewModeUnlessEditing": 2, "UITextFieldViewModeAlways": 3,
        ]))
  }

  @Test func rawValuesAreTheEnumNames() {
    #expect(
      UIKitEnum.allCases.map(\.rawValue) == [
        "UIKeyboardType", "UIKeyboardAppearance", "UIReturnKeyType", "UITextAutocapitalizationType",
        "UITextAutocorrectionType", "UITextSpellCheckingType", "UITextFieldViewMode",
      ])
  }

  @Test func prefixes() {
    #expect(UIKitEnum.returnKeyType.prefix == "UIReturnKey")
    for enumType in UIKitEnum.allCases where enumType != .returnKeyType {
      #expect(enumType.prefix == enumType.rawValue)
    }
    for enumType in UIKitEnum.allCases {
      for constant in enumType.constants {
        #expect(constant.name.hasPrefix(enumType.prefix))
      }
    }
  }

  @Test func constantNamesAreUnique() {
    let names = UIKitEnum.allCases.flatMap { $0.constants.map(\.name) }
    #expect(Set(names).count == names.count)
    #expect(names.count == 13 + 4 + 12 + 4 + 3 + 3 + 4)
  }

  @Test func constantNamedFindsEveryConstant() {
    for enumType in UIKitEnum.allCases {
      for constant in enumType.constants {
        let found = UIKitEnum.constant(named: constant.name)
        #expect(found?.enumType == enumType)
        #expect(found?.value == constant.value)
      }
    }
  }

  @Test func constantNamedExamples() {
    #expect(UIKitEnum.constant(named: "UIReturnKeyDone")?.value == 9)
    #expect(UIKitEnum.constant(named: "UIReturnKeyDone")?.enumType == .returnKeyType)
    #expect(UIKitEnum.constant(named: "UIKeyboardTypeAlphabet")?.value == 1)
    #expect(UIKitEnum.constant(named: "UIKeyboardAppearanceAlert")?.value == 1)
    #expect(UIKitEnum.constant(named: "UITextAutocapitalizationTypeWords")?.value == 1)
  }

  @Test(arguments: [
    "", "UIReturnKeyTypeDone", "UIKeyboardTypeEmail", "uikeyboardtypeemailaddress", "UIKeyboardType",
    " UIReturnKeyDone", "UIReturnKeyDone ", "UITextAutocapitalizationTypeWordz", "Done",
  ])
  func constantNamedRejects(_ name: String) {
    #expect(UIKitEnum.constant(named: name) == nil)
  }

  @Test func family() {
    #expect(UIKitEnum.family(of: "UITextAutocapitalizationTypeWordz") == .textAutocapitalizationType)
    #expect(UIKitEnum.family(of: "UIKeyboardTypeEmail") == .keyboardType)
    #expect(UIKitEnum.family(of: "UIKeyboardType") == .keyboardType)
    #expect(UIKitEnum.family(of: "UIKeyboardAppearanceDim") == .keyboardAppearance)
    #expect(UIKitEnum.family(of: "UIReturnKeyDone") == .returnKeyType)
    #expect(UIKitEnum.family(of: "UIReturnKeyTypeDone") == .returnKeyType)
    #expect(UIKitEnum.family(of: "UITextAutocorrectionTypeMaybe") == .textAutocorrectionType)
    #expect(UIKitEnum.family(of: "UITextSpellCheckingTypeOn") == .textSpellCheckingType)
    #expect(UIKitEnum.family(of: "UITextFieldViewModeSometimes") == .textFieldViewMode)
    for enumType in UIKitEnum.allCases {
      for constant in enumType.constants {
        #expect(UIKitEnum.family(of: constant.name) == enumType)
      }
    }
  }

  @Test(arguments: [
    "", "Login", "UIKeyboard", "UIReturnKe", "uikeyboardtypedefault", "UITextField", "UITextFieldViewMod",
    "#6F3F83", " UIKeyboardTypeDefault",
  ])
  func familyOfOtherStrings(_ string: String) {
    #expect(UIKitEnum.family(of: string) == nil)
  }

  @Test func expectedForProperty() {
    #expect(UIKitEnum.expected(forProperty: "keyboardType") == .keyboardType)
    #expect(UIKitEnum.expected(forProperty: "keyboardAppearance") == .keyboardAppearance)
    #expect(UIKitEnum.expected(forProperty: "returnKeyType") == .returnKeyType)
    #expect(UIKitEnum.expected(forProperty: "autocapitalizationType") == .textAutocapitalizationType)
    #expect(UIKitEnum.expected(forProperty: "autocorrectionType") == .textAutocorrectionType)
    #expect(UIKitEnum.expected(forProperty: "spellCheckingType") == .textSpellCheckingType)
    #expect(UIKitEnum.expected(forProperty: "clearButtonMode") == .textFieldViewMode)
    #expect(UIKitEnum.expected(forProperty: "leftViewMode") == .textFieldViewMode)
    #expect(UIKitEnum.expected(forProperty: "rightViewMode") == .textFieldViewMode)
  }

  @Test(arguments: [
    "", "placeholder", "textAlignment", "KeyboardType", "keyboardtype", "keyboardType?", "keyboardType*",
    "UIKeyboardType", "viewMode",
  ])
  func expectedForOtherProperties(_ name: String) {
    #expect(UIKitEnum.expected(forProperty: name) == nil)
  }
}

import Testing

@testable import PureForm

/// PureForm's validator names.
private let validators = [
  "equal", "equal_next", "equal_previous", "equal_length", "min_length", "max_length", "min_value",
  "max_value", "required", "type", "custom",
]

/// The reserved words of a view.
private let reservedWords = [
  "<value>", "<key>", "<validators>", "<display>", "<type>", "<messages>", "<persist>",
]

/// Every UIKit constant name.
private let constants = UIKitEnum.allCases.flatMap { $0.constants.map(\.name) }

@Suite struct SuggestionTests {
  @Test(arguments: [
    ("min_lenght", "min_length"), ("requred", "required"), ("max_lenght", "max_length"), ("custon", "custom"),
    ("equal_nxt", "equal_next"), ("Required", "required"), ("MIN_LENGTH", "min_length"), ("typ", "type"),
    ("minlength", "min_length"), ("equal_previos", "equal_previous"),
  ])
  func validatorTypos(_ word: String, _ expected: String) {
    #expect(Suggestion.closest(to: word, among: validators) == expected)
  }

  @Test(arguments: ["banana", "", "x", "validator", "regex", "pattern", "min", "max_lenxx"])
  func nothingCloseAmongValidators(_ word: String) {
    #expect(Suggestion.closest(to: word, among: validators) == nil)
  }

  @Test func typeArguments() {
    #expect(Suggestion.closest(to: "emial", among: ["email", "full_name"]) == "email")
    #expect(Suggestion.closest(to: "Email", among: ["email", "full_name"]) == "email")
    #expect(Suggestion.closest(to: "fullname", among: ["email", "full_name"]) == "full_name")
    #expect(Suggestion.closest(to: "phone", among: ["email", "full_name"]) == nil)
  }

  @Test func reservedWordTypos() {
    #expect(Suggestion.closest(to: "<vlaue>", among: reservedWords) == "<value>")
    #expect(Suggestion.closest(to: "<validator>", among: reservedWords) == "<validators>")
    #expect(Suggestion.closest(to: "<keys>", among: reservedWords) == "<key>")
    #expect(Suggestion.closest(to: "<message>", among: reservedWords) == "<messages>")
    #expect(Suggestion.closest(to: "<section>", among: reservedWords) == nil)
  }

  @Test func enumConstants() {
    #expect(Suggestion.closest(to: "UIKeyboardTypeEmail", among: constants) == "UIKeyboardTypeEmailAddress")
    #expect(
      Suggestion.closest(to: "UIKeyboardTypeEmailAdress", among: constants) == "UIKeyboardTypeEmailAddress")
    #expect(
      Suggestion.closest(to: "UITextAutocapitalizationTypeWordz", among: constants)
        == "UITextAutocapitalizationTypeWords")
    #expect(Suggestion.closest(to: "UIReturnKeyDon", among: constants) == "UIReturnKeyDone")
    #expect(Suggestion.closest(to: "UIKeyboardTypeEmial", among: constants) == "UIKeyboardTypeEmailAddress")
    #expect(Suggestion.closest(to: "UIKeyboardTypeDecimal", among: constants) == "UIKeyboardTypeDecimalPad")
    #expect(
      Suggestion.closest(to: "UIKeyboardTypeEmial", among: UIKitEnum.keyboardType.constants.map(\.name))
        == "UIKeyboardTypeEmailAddress")
    #expect(
      Suggestion.closest(to: "UIKeyboardTypeNumberPadding", among: constants) == "UIKeyboardTypeNumberPad")
    #expect(
      Suggestion.closest(to: "UIKeyboardTypeASCIICapableNumberPadX", among: constants)
        == "UIKeyboardTypeASCIICapableNumberPad")
    // A prefix of several candidates suggests none of them.
    #expect(Suggestion.closest(to: "UIKeyboardTypeNumb", among: constants) == nil)
    #expect(Suggestion.closest(to: "UITextAutocorrectionType", among: constants) == nil)
  }

  @Test func prefixRulesNeedEnoughOfTheWord() {
    // Too short to extend.
    #expect(Suggestion.closest(to: "cu", among: ["custom"]) == nil)
    // Less than half of the candidate.
    #expect(Suggestion.closest(to: "cus", among: ["customization"]) == nil)
    #expect(Suggestion.closest(to: "cust", among: ["custom"]) == "custom")
    // The candidate is less than half of the word.
    #expect(Suggestion.closest(to: "typewriterribbon", among: ["type"]) == nil)
    #expect(Suggestion.closest(to: "type_of_field", among: ["type"]) == nil)
    #expect(Suggestion.closest(to: "requiredness", among: ["required"]) == "required")
  }

  @Test func prefixOfSeveralCandidatesSuggestsNone() {
    #expect(Suggestion.closest(to: "min_val", among: ["min_value_x", "min_value_y"]) == nil)
    #expect(Suggestion.closest(to: "min_val", among: ["min_value_x"]) == "min_value_x")
    // An exact start beats a near one.
    #expect(Suggestion.closest(to: "min_vaz", among: ["min_vaz_value", "min_val_value"]) == "min_vaz_value")
    #expect(Suggestion.closest(to: "min_vax", among: ["min_vaz_value", "min_vay_value"]) == nil)
    // The same candidate twice (in any case) is one candidate.
    #expect(Suggestion.closest(to: "min_val", among: ["min_value_x", "MIN_VALUE_X"]) == "min_value_x")
  }

  @Test func tiesGoToTheFirstCandidate() {
    #expect(Suggestion.closest(to: "max_lengtx", among: ["max_lengty", "max_lengtz"]) == "max_lengty")
    #expect(Suggestion.closest(to: "abcd", among: ["abce", "abcf"]) == "abce")
    #expect(Suggestion.closest(to: "abcd", among: ["abcf", "abce"]) == "abcf")
    // A closer candidate later still wins.
    #expect(Suggestion.closest(to: "abcdefghi", among: ["abcdefgxx", "abcdefghx"]) == "abcdefghx")
  }

  @Test func emptyCandidates() {
    #expect(Suggestion.closest(to: "required", among: []) == nil)
  }

  @Test func equalUnderscoreSuggestsEqual() {
    #expect(Suggestion.closest(to: "equal_", among: validators) == "equal")
    #expect(Suggestion.closest(to: "equal_l", among: validators) == "equal_length")
    #expect(Suggestion.closest(to: "cus", among: validators) == "custom")
  }

  @Test func differenceThreshold() {
    func threshold(_ a: String, _ b: String) -> Int {
      Suggestion.differenceThreshold(Array(a), Array(b))
    }
    #expect(threshold("uikeyboardtypenumb", "uikeyboardtypeurl") == 1)
    #expect(threshold("abcdefghijkl", "mnopqrstuvwx") == 3)
    #expect(threshold("abcxyzabc", "abcabc") == 1)
    #expect(threshold("aaa", "aaaa") == 1)
    #expect(threshold("", "") == 1)
  }

  @Test func optimalStringAlignmentDistance() {
    func distance(_ a: String, _ b: String) -> Int {
      Suggestion.optimalStringAlignmentRow(Array(a), Array(b))[b.count]
    }
    #expect(distance("", "") == 0)
    #expect(distance("", "abc") == 3)
    #expect(distance("abc", "") == 3)
    #expect(distance("abc", "abc") == 0)
    #expect(distance("ab", "ba") == 1)
    #expect(distance("min_lenght", "min_length") == 1)
    #expect(distance("kitten", "sitting") == 3)
    // Optimal string alignment edits no substring twice: "ca" -> "abc" is 3, not 2.
    #expect(distance("ca", "abc") == 3)
    #expect(
      Suggestion.optimalStringAlignmentRow(Array("emial"), Array("emailaddress")).prefix(7) == [
        5, 4, 3, 2, 2, 1, 2,
      ])
  }
}

import Testing

@testable import PureForm

/// `keyboardTypeValidation`: number, phone and decimal pads accept only what they can type.
@Suite struct KeyboardTypeTests {
  static let on = CompileOptions(settings: ValidationSettings(keyboardTypeValidation: true))

  /// The failures of a one-field form whose keyboard is `keyboard` (a JSON value) for `value`.
  private func check(_ keyboard: String, _ value: String, options: CompileOptions = on) throws -> [String] {
    let spec = field(#""keyboardType": \#(keyboard), "<key>": "k""#)
    return try validation(spec, #"{"k": \#(value)}"#, options: ValidationOptions(allFailures: true), compile: options)
      .failures.map(\.validator)
  }

  @Test func numberPads() throws {
    for pad in [#""UIKeyboardTypeNumberPad""#, #""UIKeyboardTypeASCIICapableNumberPad""#, "4", "11"] {
      #expect(try check(pad, #""0123456789""#) == [], "\(pad)")
      #expect(try check(pad, #""12 34""#) == ["keyboard_type"], "\(pad)")
      #expect(try check(pad, #""-1""#) == ["keyboard_type"], "\(pad)")
      #expect(try check(pad, #""１２""#) == ["keyboard_type"], "only ASCII digits: \(pad)")
    }
  }

  @Test func phonePad() throws {
    #expect(try check(#""UIKeyboardTypePhonePad""#, #""+31*#0612345678""#) == [])
    #expect(try check(#""UIKeyboardTypePhonePad""#, #""+31 6 12345678""#) == ["keyboard_type"], "no spaces")
    #expect(try check("5", #""(020) 123-4567""#) == ["keyboard_type"])
  }

  @Test func decimalPad() throws {
    #expect(try check(#""UIKeyboardTypeDecimalPad""#, #""3,14.15.""#) == [], "any number of . and , anywhere")
    #expect(try check("8", #""3.14e2""#) == ["keyboard_type"])
  }

  @Test func otherKeyboardsAndSettingsOff() throws {
    #expect(try check(#""UIKeyboardTypeNamePhonePad""#, #""John +31""#) == [])
    #expect(try check(#""UIKeyboardTypeEmailAddress""#, #""a@b""#) == [])
    #expect(try check(#""UIKeyboardTypeNumberPad""#, #""abc""#, options: CompileOptions()) == [], "off by default")
  }

  @Test func onlyPresentStringsAreChecked() throws {
    #expect(try check(#""UIKeyboardTypeNumberPad""#, #""""#) == [])
    #expect(try check(#""UIKeyboardTypeNumberPad""#, "null") == [])
    let number = field(#""keyboardType": "UIKeyboardTypeNumberPad", "<key>": "n", "<type>": "number""#)
    #expect(try failures(number, #"{"n": -1.5}"#, compile: Self.on) == [], "a JSON number is not typed")
    #expect(
      try failures(number, #"{"n": "-1.5"}"#, compile: Self.on) == [
        "n keyboard_type: Value contains characters the keyboard cannot type"
      ])
  }

  @Test func runsBeforeValidatorsAndAfterTypeMismatch() throws {
    let spec = field(
      #""keyboardType": "UIKeyboardTypeNumberPad", "<key>": "zip", "<type>": "text", "<validators>": {"equal_length": 5}"#
    )
    #expect(
      try failures(spec, #"{"zip": "12a"}"#, compile: Self.on) == [
        "zip keyboard_type: Value contains characters the keyboard cannot type"
      ])
    let all = try validation(spec, #"{"zip": "12a"}"#, options: ValidationOptions(allFailures: true), compile: Self.on)
    #expect(all.failures.map(\.validator) == ["keyboard_type", "equal_length"])
    #expect(all.failures.first?.argument == .null)
    #expect(try failures(spec, #"{"zip": 12}"#, compile: Self.on) == ["zip type_mismatch: Value is not a valid text"])
  }

  @Test func reasonsCanBeOverridden() throws {
    let spec = field(
      #""keyboardType": "UIKeyboardTypePhonePad", "<key>": "p", "<messages>": {"keyboard_type": "Only %@ please"}"#)
    #expect(try failures(spec, #"{"p": "x"}"#, compile: Self.on) == ["p keyboard_type: Only +*#0123456789 please"])
    let settings = ValidationSettings(failureReasons: [.keyboardType: "Digits only"], keyboardTypeValidation: true)
    let plain = field(#""keyboardType": "UIKeyboardTypeNumberPad", "<key>": "p""#)
    #expect(
      try failures(plain, #"{"p": "x"}"#, compile: CompileOptions(settings: settings)) == [
        "p keyboard_type: Digits only"
      ])
  }

  @Test func transformersRunFirst() throws {
    let strip: ValueTransformer = { value in
      guard case .string(let text) = value else { return value }
      return .string(text.filter { $0 != " " })
    }
    var options = Self.on
    options.transformers = ["phone": strip]
    let spec = field(#""keyboardType": "UIKeyboardTypePhonePad", "<key>": "phone""#)
    let result = try validation(spec, #"{"phone": "+31 6 12345678"}"#, compile: options)
    #expect(result.jsonText == #"{"valid":true,"values":{"phone":"+31612345678"}}"#)
  }
}

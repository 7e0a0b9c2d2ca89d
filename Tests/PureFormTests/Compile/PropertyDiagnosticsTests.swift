import Testing

@testable import PureForm

/// Reserved words, property values and keys (PF4xx, PF5xx).
///
/// Members start at line 5, column 9.
@Suite struct PropertyDiagnosticsTests {
  @Test func unknownReservedWordSuggests() {
    let result = FormCompiler.compile(string: field(#""<key>": "a", "<vlaue>": 1"#))
    #expect(result.diagnostics.map(\.message) == ["unknown reserved word '<vlaue>'"])
    #expect(result.diagnostics.first?.notes.map(\.message) == ["did you mean '<value>'?"])
    #expect(result.diagnostics.first?.range.start.column == 23)
  }

  @Test(arguments: [
    ("\"<key>\": 5", "'<key>' must be a string, found the number 5"),
    ("\"<key>\": \"a\", \"<type>\": 1", "'<type>' must be a string, found the number 1"),
    ("\"<key>\": \"a\", \"<persist>\": \"no\"", "'<persist>' must be true or false, found the string \"no\""),
    ("\"<key>\": \"a\", \"<display>\": 3", "'<display>' must name a property, found the number 3"),
    ("\"<key>\": \"a\", \"<value>\": [1]", "'<value>' must be a string, number, bool or null, found an array"),
    (
      "\"<key>\": \"a\", \"<messages>\": \"x\"",
      "'<messages>' must be an object of failure name to text, found the string \"x\""
    ),
    (
      "\"<key>\": \"a\", \"<messages>\": {\"required\": 1}",
      "message for 'required' must be a string, found the number 1"
    ),
  ])
  func reservedWordTypes(_ members: String, _ message: String) {
    let found = FormCompiler.compile(string: field(members)).diagnostics.filter { $0.code == .reservedWordType }
    #expect(found.map(\.message) == [message])
  }

  @Test func reservedWordsInsideNestedProperties() {
    #expect(
      diagnose(field(#""<key>": "a", "font": {"<key>": "b"}"#)) == [
        "5:32: error: reserved word '<key>' is not allowed in property 'font': it belongs in a view [PF403]"
      ])
  }

  @Test func unknownFieldType() {
    let result = FormCompiler.compile(string: field(#""<key>": "a", "<type>": "integr""#))
    #expect(
      diagnose(field(#""<key>": "a", "<type>": "integr""#)) == ["5:33: error: unknown field type 'integr' [PF404]"])
    #expect(result.diagnostics.first?.notes.map(\.message) == ["did you mean 'integer'?"])
  }

  @Test(arguments: [
    ("text", "5", false), ("text", "\"5\"", true), ("number", "\"2.5\"", true), ("number", "\"x\"", false),
    ("integer", "2.5", false), ("integer", "\"3\"", true), ("integer", "3.0", true), ("bool", "\"on\"", true),
    ("bool", "1", false), ("image", "\"avatar\"", true), ("number", "null", true),
  ])
  func valueMustFitType(_ type: String, _ value: String, _ fits: Bool) {
    let found = codes(field(#""<key>": "a", "<type>": "\#(type)", "<value>": \#(value)"#))
    #expect(found == (fits ? [] : ["PF405"]))
  }

  @Test func typeIsNeverInferred() throws {
    func type(_ members: String) -> FieldType?? {
      model(field(#""<key>": "a", \#(members)"#))?.cells.first?.views.first?.field.map(\.type)
    }
    #expect(type(#""<value>": "x""#) == .some(nil))
    #expect(type(#""<value>": 3"#) == .some(nil))
    #expect(type(#""<value>": false"#) == .some(nil))
    #expect(type(#""<value>": null, "<validators>": {"max_value": 3}"#) == .some(nil))
    #expect(type(#""<validators>": {"required": true, "min_length": 3}"#) == .some(nil))
    #expect(type(#""<type>": "image""#) == .some(.image))
  }

  @Test func colours() throws {
    #expect(codes(field(##""<key>": "a", "textColor": "#6F3F83", "image": "ic_turtle#6f3f83""##)) == [])
    let result = FormCompiler.compile(string: field(##""<key>": "a", "textColor": "#6F3G83""##))
    #expect(result.diagnostics.map(\.code) == [.malformedColour])
    #expect(result.diagnostics.first?.range.start.column == 41, "the caret stands on the bad digit")
  }

  @Test func enumConstants() throws {
    let found = FormCompiler.compile(string: field(#""<key>": "a", "keyboardType": "UIKeyboardTypeEmial""#)).diagnostics
    #expect(found.map(\.message) == ["unknown UIKeyboardType constant 'UIKeyboardTypeEmial'"])
    #expect(found.first?.notes.map(\.message) == ["did you mean 'UIKeyboardTypeEmailAddress'?"])
    #expect(found.first?.range.start.column == 39)
    #expect(
      diagnose(field(#""<key>": "a", "keyboardType": "UIReturnKeyDone""#)) == [
        "5:39: error: property 'keyboardType' takes a UIKeyboardType, but 'UIReturnKeyDone' is a UIReturnKeyType [PF408]"
      ])
  }

  @Test func localizedProperties() {
    let table = StringsTable(name: "en.json", entries: ["login.title": "Log in"])
    #expect(
      codes(field(#""<key>": "a", "placeholder*": "login.title""#), options: CompileOptions(strings: table)) == [])
    #expect(codes(field(#""<key>": "a", "placeholder*": "login.missing""#)) == [])
    #expect(
      diagnose(field(#""<key>": "a", "placeholder*": "login.titel""#), options: CompileOptions(strings: table)) == [
        "5:39: error: localization key 'login.titel' is not in strings table 'en.json' [PF410]"
      ])
    #expect(
      diagnose(field(#""<key>": "a", "placeholder*": 5"#)) == [
        "5:39: error: localized property 'placeholder*' needs a localization key string, found the number 5 [PF409]"
      ])
  }

  @Test func formWordsOnPlainViewsWarn() {
    #expect(
      diagnose(field(#""<key>": "a", "<persist>": false"#, view: "label")) == [
        "5:9: warning: '<key>' has no effect: view 'label' is not a form input [PF411]",
        "5:23: warning: '<persist>' has no effect: view 'label' is not a form input [PF411]",
      ])
  }

  @Test func keys() {
    #expect(
      diagnose(field(#""placeholder": "x""#)) == [
        "4:7: warning: form view 'textField' has no '<key>': its value is output as 'unknown_key_0' [PF501]"
      ])
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a.b"}, "g?": {"<key>": "a.b"}}},
        {"<A + B>": {"f?": {"<key>": "a"}}},
        {"<A + B>": {"f?": {"<key>": "c"}}},
        {"<A + B>": {"f?": {"<key>": "c.d.e"}}},
        {"<A + B>": {"f?": {"<key>": "x..y"}, "g?": {"<key>": ""}}}
      ]
      """
    #expect(
      diagnose(spec) == [
        "2:56: error: key 'a.b' is used by two form views [PF502]",
        "3:32: error: key 'a' collides with key 'a.b': one is a prefix of the other [PF503]",
        "5:32: error: key 'c.d.e' collides with key 'c': one is a prefix of the other [PF503]",
        "6:32: error: key 'x..y' has an empty segment: write names between the dots [PF504]",
        "6:57: error: '<key>' is empty [PF504]",
      ])
  }

  /// Keys are checked in model order (sections by number, cells in spec order within each), even when a
  /// section is entered again and spec order differs: the compiler checks keys cell by cell only while
  /// sections come in order.
  @Test func keysAreCheckedInModelOrderWhenASectionIsEnteredAgain() {
    let spec = """
      [
        {"<A + B>": {"f?": {"<key>": "a.b"}, "g?": {}}},
        {"<section>": 1},
        {"<A + B>": {"f?": {"<key>": "a"}, "g?": {}}},
        {"<section>": 0},
        {"<A + B>": {"f?": {"<key>": "a.b.c"}, "g?": {}}}
      ]
      """
    // Section 1 is checked after section 0, so 'a' meets 'a.b' there, and keyless views are numbered in
    // that order too: unknown_key_1 is the re-entered section 0's, unknown_key_2 section 1's.
    #expect(
      diagnose(spec, options: .withoutEmptyWarnings).filter { $0.contains("[PF50") } == [
        "2:40: warning: form view 'g' has no '<key>': its value is output as 'unknown_key_0' [PF501]",
        "4:32: error: key 'a' collides with key 'a.b': one is a prefix of the other [PF503]",
        "4:38: warning: form view 'g' has no '<key>': its value is output as 'unknown_key_2' [PF501]",
        "6:32: error: key 'a.b.c' collides with key 'a.b': one is a prefix of the other [PF503]",
        "6:42: warning: form view 'g' has no '<key>': its value is output as 'unknown_key_1' [PF501]",
      ])
  }

  @Test func nestedPropertiesToAnyDepth() throws {
    let spec = field(##""<key>": "a", "layer": {"border": {"color": {"deep": {"deeper": "#FFFFFF"}}}}"##)
    let form = try #require(FormCompiler.compile(string: spec).form)
    let view = try #require(form.model.cells.first?.views.first)
    // The model keeps where the properties are; they are read again from the source.
    let properties = SpecCompiler.properties(of: view, sources: form.sources, strings: nil)
    guard case .object(let level1) = properties[0].value, case .object(let level2) = level1[0].value,
      case .object(let level3) = level2[0].value, case .object(let level4) = level3[0].value,
      case .colour(let colour) = level4[0].value
    else {
      Issue.record("nesting lost")
      return
    }
    #expect(colour.red == 255)
  }
}

import Foundation
import Testing

@testable import PureForm

/// `validate(json:changedFrom:)`: only what changed and what reads it is validated; values are the whole new
/// record's; `changed` lists the keys that changed, in spec order.
@Suite struct ChangesTests {
  /// A password typed twice (`equal_previous`), a nickname whose rule was tightened to 4 characters after
  /// records were stored, a `<same_as>` pair and a condition pair.
  static let spec = """
    [
      {"<C + A>": {"f?": {"<key>": "password", "<validators>": {"required": true, "min_length": 6}}}},
      {"<C + B>": {"f?": {"<key>": "password_again", "<persist>": false, "<validators>": {"equal_previous": true}}}},
      {"<C + N>": {"f?": {"<key>": "nick", "<validators>": {"min_length": 4}}}},
      {"<C + E>": {"f?": {"<key>": "email", "<validators>": {"required": true}}}},
      {"<C + F>": {"f?": {"<key>": "email_again", "<persist>": false, "<same_as>": "/email"}}},
      {"<C + K>": {"f?": {"<key>": "kind", "<validators>": {"required": true}}}},
      {"<C + V>": {"f?": {"<key>": "vat", "<required_if>": {"kind": "business"}}}},
      {"<C + G>": {"f?": {"<key>": "company", "<visible_if>": {"kind": "business"}, "<validators>": {"min_length": 2}}}},
      {"<C + Q>": {"f?": {"<key>": "qty", "<type>": "number", "<validators>": {"max_value": 10}}}}
    ]
    """

  /// The stored record: valid when it was stored, but its nickname breaks today's `min_length` 4, and it
  /// keeps no confirmation fields (they do not persist).
  static let stored = #"{"password": "secret1", "nick": "al", "email": "a@b.co", "kind": "personal", "qty": 3}"#

  static let form: CompiledForm = {
    let compiled = FormCompiler.compile(string: spec, options: .withoutEmptyWarnings)
    guard let form = compiled.form else { fatalError("\(diagnose(spec))") }
    return form
  }()

  /// The edit's result as `changed | key validator, …`.
  func change(_ new: String, from old: String = stored, options: ValidationOptions = ValidationOptions()) throws
    -> String
  {
    let result = try Self.form.validate(json: Array(new.utf8), changedFrom: Array(old.utf8), options: options)
    return result.changed.joined(separator: ",") + " | "
      + result.failures.map { "\($0.key) \($0.validator)" }.joined(separator: ", ")
  }

  @Test func anUnchangedInvalidFieldDoesNotFail() throws {
    let new = #"{"password": "secret1", "nick": "al", "email": "a@b.co", "kind": "personal", "qty": 4}"#
    #expect(try change(new) == "qty | ")
    // The whole record fails on the nickname, and on the confirmations the stored record never kept.
    let full = try Self.form.validate(json: new).failures.map { "\($0.key) \($0.validator)" }
    #expect(full == ["password_again equal_previous", "nick min_length", "email_again same_as"])
  }

  @Test func aChangedFieldIsValidatedWithTodaysRules() throws {
    #expect(
      try change(#"{"password": "secret1", "nick": "bob", "email": "a@b.co", "kind": "personal", "qty": 3}"#)
        == "nick | nick min_length")
  }

  @Test func aNeighbourReadingAChangeIsValidated() throws {
    let new = #"{"password": "secret22", "nick": "al", "email": "a@b.co", "kind": "personal", "qty": 3}"#
    #expect(try change(new) == "password | password_again equal_previous")
    let confirmed =
      #"{"password": "secret22", "password_again": "secret22", "nick": "al", "email": "a@b.co", "kind": "personal", "qty": 3}"#
    #expect(try change(confirmed) == "password,password_again | ")
  }

  @Test func aSameAsTargetReadingAChangeIsValidated() throws {
    let new = #"{"password": "secret1", "nick": "al", "email": "c@d.co", "kind": "personal", "qty": 3}"#
    #expect(try change(new) == "email | email_again same_as")
  }

  @Test func conditionsReadingAChangeAreValidated() throws {
    // `kind` is read by vat's <required_if> and by company's <visible_if>: both are validated.
    let new = #"{"password": "secret1", "nick": "al", "email": "a@b.co", "kind": "business", "company": "X", "qty": 3}"#
    #expect(try change(new) == "kind,company | vat required_if, company min_length")
  }

  @Test func dependentsAreFollowedTransitively() throws {
    // A spec where c reads b (same_as) and b reads a (visible_if): a change of a reaches c through b.
    let spec = """
      [
        {"<C + A>": {"f?": {"<key>": "a"}}},
        {"<C + B>": {"f?": {"<key>": "b", "<visible_if>": "a"}}},
        {"<C + C>": {"f?": {"<key>": "c", "<same_as>": "/b"}}}
      ]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    let result = try form.validate(
      json: Array(#"{"b": "x", "c": "x"}"#.utf8), changedFrom: Array(#"{"a": true, "b": "x", "c": "x"}"#.utf8))
    #expect(result.changed == ["a"])
    #expect(result.failures.map(\.key) == ["c"])
    #expect(result.result.hidden == ["b"])
  }

  @Test func valuesAreTheWholeNewRecordsAndChangedComesLast() throws {
    let new = #"{"password": "secret1", "nick": "al", "email": "a@b.co", "kind": "personal", "qty": "4"}"#
    let result = try Self.form.validate(json: Array(new.utf8), changedFrom: Array(Self.stored.utf8))
    #expect(
      result.jsonText
        == #"{"valid":true,"values":{"password":"secret1","nick":"al","email":"a@b.co","kind":"personal","vat":"","qty":4},"hidden":["company"],"changed":["qty"]}"#
    )
  }

  @Test func valuesAreComparedAfterCoercion() throws {
    let old = #"{"qty": 3, "nick": "al"}"#
    #expect(try change(#"{"qty": 3.0, "nick": "al"}"#, from: old).hasPrefix(" | "))
    // The same number sent as text: one number after coercion, so no change (no keyboard check reads it).
    #expect(try change(#"{"qty": "3", "nick": "al"}"#, from: old).hasPrefix(" | "))
    #expect(try change(#"{"qty": "3.0", "nick": "al"}"#, from: old).hasPrefix(" | "))
    #expect(try change(#"{"qty": "4", "nick": "al"}"#, from: old) == "qty | ")
    #expect(try change(#"{"qty": null, "nick": "al"}"#, from: #"{"nick": "al", "qty": ""}"#).hasPrefix(" | "))
    // Two values that fail coercion are the same when they are the same JSON.
    #expect(try change(#"{"qty": "many", "nick": "al"}"#, from: #"{"qty": "many", "nick": "al"}"#).hasPrefix(" | "))
    #expect(
      try change(#"{"qty": "lots", "nick": "al"}"#, from: #"{"qty": "many", "nick": "al"}"#)
        == "qty | qty type_mismatch")
  }

  /// The finding's edit: a number view sent as text, then as a number, and a bool view sent as `"on"`, then
  /// as `true`: one value each after coercion, so nothing changed and the stale `min_value` is not checked.
  static let coercedSpec = """
    [
      {"<C + N>": {"f?": {"<key>": "name", "<validators>": {"required": true}}}},
      {"<C + A>": {"f?": {"<key>": "age", "<type>": "number", "<validators>": {"min_value": 18}}}},
      {"<C + B>": {"f?": {"<key>": "newsletter", "<type>": "bool"}}},
      {"<C + U>": {"f?": {"<key>": "code"}}},
      {"<C + P>": {"f?": {"<key>": "pin", "keyboardType": "UIKeyboardTypeNumberPad", "<type>": "number"}}}
    ]
    """

  static let coerced: CompiledForm = {
    guard let form = FormCompiler.compile(string: coercedSpec, options: .withoutEmptyWarnings).form else {
      fatalError("\(diagnose(coercedSpec))")
    }
    return form
  }()

  /// `coerced`'s edit as `changed | key validator, …`, compiled again under `settings` when given.
  func coercedChange(_ new: String, from old: String, settings: ValidationSettings? = nil) throws -> String {
    var form = Self.coerced
    if let settings {
      form = try #require(
        FormCompiler.compile(string: Self.coercedSpec, options: CompileOptions(settings: settings)).form)
    }
    let result = try form.validate(json: Array(new.utf8), changedFrom: Array(old.utf8))
    return result.changed.joined(separator: ",") + " | "
      + result.failures.map { "\($0.key) \($0.validator)" }.joined(separator: ", ")
  }

  @Test func aValueSentAsTextThenAsItsTypeIsNoChange() throws {
    let old = #"{"name": "Ada", "age": "16", "newsletter": "on"}"#
    let new = #"{"name": "Ada", "age": 16, "newsletter": true}"#
    let result = try Self.coerced.validate(json: Array(new.utf8), changedFrom: Array(old.utf8))
    #expect(result.isValid)
    #expect(result.changed == [])
    #expect(result.result.jsonText.hasPrefix(#"{"valid":true,"values":{"name":"Ada","age":16,"newsletter":true"#))
    // And back, and between the other spellings of one bool.
    #expect(try coercedChange(old, from: new) == " | ")
    #expect(try coercedChange(#"{"name": "Ada", "age": 16, "newsletter": "1"}"#, from: new) == " | ")
    #expect(try coercedChange(#"{"name": "Ada", "age": 16, "newsletter": "off"}"#, from: new) == "newsletter | ")
    // A real change of the number is still validated with today's rule.
    #expect(try coercedChange(#"{"name": "Ada", "age": "17", "newsletter": true}"#, from: new) == "age | age min_value")
  }

  @Test func anUntypedValueKeepsItsKind() throws {
    // Without <type> a view sees the value as sent: "1" and 1 are two values, as `equal` says.
    #expect(try coercedChange(#"{"name": "Ada", "code": 1}"#, from: #"{"name": "Ada", "code": "1"}"#) == "code | ")
    #expect(try coercedChange(#"{"name": "Ada", "code": "1"}"#, from: #"{"name": "Ada", "code": "1"}"#) == " | ")
  }

  @Test func textAgainstNonTextIsAChangeOnlyWhereTheKeyboardCheckReadsIt() throws {
    let old = #"{"name": "Ada", "pin": 1234}"#
    let new = #"{"name": "Ada", "pin": "1234"}"#
    // Without keyboardTypeValidation the pin's keyboard checks nothing: one number, no change.
    #expect(try coercedChange(new, from: old) == " | ")
    // With it, the number pad's check reads text only: the text is a change, validated by that check.
    let keyboard = ValidationSettings(keyboardTypeValidation: true)
    #expect(try coercedChange(new, from: old, settings: keyboard) == "pin | ")
    #expect(
      try coercedChange(#"{"name": "Ada", "pin": "1e3"}"#, from: old, settings: keyboard) == "pin | pin keyboard_type")
    // The age view has no keyboard: text and number stay one value under the same settings.
    #expect(
      try coercedChange(#"{"name": "Ada", "age": "20"}"#, from: #"{"name": "Ada", "age": 20}"#, settings: keyboard)
        == " | ")
  }

  @Test func aMergePatchOfTheSameValueInItsTypeIsNoChange() throws {
    let before = FormValue.object([("name", .string("Ada")), ("age", .string("16")), ("newsletter", .string("on"))])
    let result = try Self.coerced.validate(
      mergePatch: .object([("age", .number("16")), ("newsletter", .bool(true))]), to: before)
    #expect(result.isValid)
    #expect(result.changed == [])
  }

  @Test func nothingChangedIsValid() throws {
    let result = try Self.form.validate(json: Array(Self.stored.utf8), changedFrom: Array(Self.stored.utf8))
    #expect(result.isValid)
    #expect(result.changed == [])
  }

  @Test func optionsApply() throws {
    let new = #"{"password": "short", "nick": "al", "email": "a@b.co", "kind": "personal", "qty": 3}"#
    #expect(
      try change(new, options: ValidationOptions(allFailures: true))
        == "password | password min_length, password_again equal_previous")
    #expect(try change(new, options: ValidationOptions(field: "nick")) == "password | ")
    #expect(
      try change(new, options: ValidationOptions(field: "password_again")) == "password | password_again equal_previous"
    )
  }

  @Test func errorsSayWhichRecord() throws {
    #expect(throws: ChangeInputError.old(.notAnObject(found: "an array"))) {
      try Self.form.validate(json: Array("{}".utf8), changedFrom: Array("[]".utf8))
    }
    #expect(
      throws: ChangeInputError.new(
        .notJSON(line: 1, column: 2, message: "unexpected end of file: expected an object key"))
    ) {
      try Self.form.validate(json: Array("{".utf8), changedFrom: Array("{}".utf8))
    }
    #expect(throws: ChangeInputError.options(.unknownField("nik", suggestion: "nick"))) {
      try Self.form.validate(
        json: Array("{}".utf8), changedFrom: Array("{}".utf8), options: ValidationOptions(field: "nik"))
    }
    #expect(
      ChangeInputError.old(.notAnObject(found: "an array")).description
        == "the record changed from: input must be a JSON object of key to value, found an array")
  }

  @Test func aMergePatchIsValidatedAsAChange() throws {
    let before = FormValue.object([
      ("password", .string("secret1")), ("nick", .string("al")), ("email", .string("a@b.co")),
      ("kind", .string("personal")),
    ])
    let result = try Self.form.validate(mergePatch: .object([("email", .string("c@d.co"))]), to: before)
    #expect(result.changed == ["email"])
    #expect(result.failures.map(\.validator) == ["same_as"])
  }
  /// Every pair of sample records of every example spec, as an edit of one into the other: what an edit
  /// reports is what the whole record reports at those views, and an edit of a record valid whole is valid.
  @Test func anEditNeverReportsWhatTheWholeRecordDoesNot() throws {
    let specs = ["business-account", "login", "profile", "registration", "signup"]
    let folder = CLITestPaths.root.appendingPathComponent("Specs/inputs")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }
    for spec in specs {
      let form = try #require(
        try FormCompiler.compile(path: CLITestPaths.root.appendingPathComponent("Specs/\(spec).json").path).form)
      let records = try names.filter { $0 == "\(spec).json" || $0.hasPrefix("\(spec)-") }.map {
        try SourceFile(contentsOf: folder.appendingPathComponent($0).path).bytes
      }
      for old in records {
        for new in records {
          let options = ValidationOptions(allFailures: true)
          let whole = try form.validate(json: new, options: options)
          let edit = try form.validate(json: new, changedFrom: old, options: options)
          if let values = whole.values { #expect(edit.result.values == values) }
          #expect(edit.result.hidden == whole.hidden)
          #expect(Set(edit.failures).isSubset(of: Set(whole.failures)), "\(spec)")
          if whole.isValid { #expect(edit.isValid) }
          if old == new { #expect(edit.changed.isEmpty && edit.isValid) }
        }
      }
    }
  }
}

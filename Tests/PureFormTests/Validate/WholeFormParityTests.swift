import Foundation
import Testing

@testable import PureForm

/// Whole forms, as a PureForm client submits them, give PureForm's verdict, in the library and in the stream.
///
/// PureForm's README login form as PureForm writes it (`Specs/pureform-readme/login.json`: `type` and
/// `min_length` but no `required`) and a form shaped like PureForm's example app (`Specs/profile.json`: text
/// fields with `required` beside `min_length`, `equal_length` and `type`, a segmented control, a stepper whose
/// `<value>` is the string "0", a switch and a slider), untouched, filled, emptied and with each control
/// changed.
@Suite struct WholeFormParityTests {
  /// The failing `key validator` pairs of a record (first failure of each field, as PureForm reports),
  /// after checking the stream writes the library's line.
  static func failures(_ form: CompiledForm, _ record: String) throws -> [String] {
    let (_, validated) = try NDJSONStreamTests.compare(form, [Array(record.utf8)], options: ValidationOptions())
    #expect(validated == 1, "the kernel validates the record")
    return try form.validate(json: record).failures.map { "\($0.key) \($0.validator)" }
  }

  @Test func pureFormsLoginFormSubmittedEmptyIsRefused() throws {
    let form = try NDJSONStreamTests.form("pureform-readme/login.json")
    // An empty text field is nil on the device: nil fails `type` and `min_length` 6.
    for record in ["{}", #"{"login": "", "password": ""}"#, #"{"login": null, "password": null}"#] {
      #expect(try Self.failures(form, record) == ["login type", "password min_length"], "\(record)")
    }
    #expect(try Self.failures(form, #"{"login": "user@example.com", "password": ""}"#) == ["password min_length"])
    #expect(try Self.failures(form, #"{"login": " ", "password": "      "}"#) == ["login type"])
    #expect(try Self.failures(form, #"{"login": "user@example.com", "password": "hunter22"}"#) == [])
  }

  @Test func exampleAppFormUntouched() throws {
    let form = try NDJSONStreamTests.form("profile.json")
    // The controls hold their <value>s; every text field is nil, and nil fails `required`, the first
    // validator of each (it would fail min_length 1, equal_length 4 and type too: see the login form).
    #expect(
      try Self.failures(form, "{}") == [
        "first_name required", "last_name required", "born.day required", "born.month required",
        "born.year required", "phone required", "email required",
      ])
  }

  @Test func exampleAppFormEmptied() throws {
    let form = try NDJSONStreamTests.form("profile.json")
    let record = try String(
      contentsOf: NDJSONStreamTests.root.appendingPathComponent("Specs/inputs/profile-emptied.json"), encoding: .utf8)
    #expect(
      try Self.failures(form, record) == [
        "first_name required", "last_name required", "born.day required", "born.month required",
        "born.year required", "phone required", "email required",
      ])
  }

  @Test func exampleAppFormFilledWithEachControlChanged() throws {
    let form = try NDJSONStreamTests.form("profile.json")
    let filled = try String(
      contentsOf: NDJSONStreamTests.root.appendingPathComponent("Specs/inputs/profile.json"), encoding: .utf8)
    #expect(try Self.failures(form, filled) == [])
    // The segmented control sends 1, the stepper 2 (its <value> was the string "0"), the switch false, the
    // slider 100 (max_length 2 measures strings only): all kept and written out as sent.
    #expect(
      try form.validate(json: filled).jsonText
        == #"{"valid":true,"values":{"first_name":"Grace","last_name":"Hopper","born":{"day":"9","month":"12","year":"1906"},"rank":1,"phone":"+15550100","email":"grace@navy.example","ships":2,"reserve":false,"service_years":100}}"#
    )
    let base =
      #""first_name": "Grace", "last_name": "Hopper", "born": {"day": "9", "month": "12", "year": "1906"}, "phone": "5550100", "email": "g@navy.example""#
    for control in [
      #""rank": 0"#, #""rank": 1"#, #""ships": "0""#, #""ships": 3"#, #""ships": 1.5"#, #""reserve": true"#,
      #""reserve": false"#, #""service_years": 0"#, #""service_years": 100"#, #""service_years": 42.0"#,
    ] {
      #expect(try Self.failures(form, "{\(base), \(control)}") == [], "\(control)")
    }
    // Untouched controls keep their <value>s, kinds included.
    let untouched = try form.validate(json: "{\(base)}").jsonText
    #expect(untouched.contains(#""rank":0,"#))
    #expect(untouched.hasSuffix(#""ships":"0","reserve":true,"service_years":43}}"#))
  }

  @Test func exampleAppFormTextFieldsMeasureStrings() throws {
    let form = try NDJSONStreamTests.form("profile.json")
    let base = #""first_name": "Grace", "last_name": "Hopper", "phone": "5550100", "email": "g@navy.example""#
    #expect(
      try Self.failures(form, #"{\#(base), "born": {"day": "123", "month": "1", "year": "19"}}"#) == [
        "born.day max_length", "born.year equal_length",
      ])
    // A client that sends numbers for the date passes the length rules, as a number does on the device.
    #expect(try Self.failures(form, #"{\#(base), "born": {"day": 123, "month": 1, "year": 19}}"#) == [])
    #expect(
      try Self.failures(
        form, #"{\#(base), "born": {"day": "1", "month": "1", "year": "1906"}, "email": "x@company.technology"}"#) == []
    )
  }
}

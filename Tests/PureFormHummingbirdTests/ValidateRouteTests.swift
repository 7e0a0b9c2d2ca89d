import Hummingbird
import PureForm
import PureFormHummingbird
import XCTest

/// `POST /forms/{name}/validate`: JSON, form posts and NDJSON, the query options, and every client error.
final class ValidateRouteTests: XCTestCase {
  private let validate = "/forms/login/validate"

  /// The CLI's line for `record`: `validate --format json` writes the result's JSON and a line feed.
  private func cliLine(_ record: String, form: String = "login", options: ValidationOptions = ValidationOptions())
    throws -> String
  {
    try XCTUnwrap(TestForms.catalog[form]).validate(json: record, options: options).jsonText + "\n"
  }

  /// `serve` runs `<format>`, `<in>`, `<not_in>`, `<min>` and `<max>` as `validate` does: the booking form's
  /// sample passes, its invalid sample fails every word, each failure where the CLI puts it.
  func testTheBookingFormsValueRulesOverHTTP() async throws {
    let valid = try TestForms.file("Specs/inputs/booking.json")
    let (okStatus, okBody, _) = try await TestForms.send(
      .post, "/forms/booking/validate", contentType: "application/json", body: valid)
    XCTAssertEqual(okStatus, .ok)
    XCTAssertEqual(okBody, try cliLine(valid, form: "booking"))
    let invalid = try TestForms.file("Specs/inputs/booking-invalid.json")
    let (status, body, _) = try await TestForms.send(
      .post, "/forms/booking/validate?all-failures", contentType: "application/json", body: invalid)
    XCTAssertEqual(status, .unprocessableContent)
    XCTAssertEqual(body, try cliLine(invalid, form: "booking", options: ValidationOptions(allFailures: true)))
    let result = try XCTUnwrap(TestForms.catalog["booking"]).validate(
      json: invalid, options: ValidationOptions(allFailures: true))
    XCTAssertEqual(
      result.failures.map { "\($0.key) \($0.validator)" },
      [
        "stay.check_in format", "stay.arrival min", "booked_at format", "guest.country in", "guest.name not_in",
        "guest.website format", "reference format", "stay.guests in",
      ])
  }

  func testValidJSONRecordIs200WithTheCLILine() async throws {
    let record = try TestForms.file("Specs/inputs/login.json")
    let (status, body, headers) = try await TestForms.send(
      .post, validate, contentType: "application/json", body: record)
    XCTAssertEqual(status, .ok)
    XCTAssertEqual(body, #"{"valid":true,"values":{"login":"user@example.com","password":"hunter22"}}"# + "\n")
    XCTAssertEqual(body, try cliLine(record))
    XCTAssertEqual(headers[.contentType], "application/json")
  }

  func testInvalidJSONRecordIs422WithTheCLILine() async throws {
    let record = try TestForms.file("Specs/inputs/login-invalid.json")
    let (status, body, _) = try await TestForms.send(
      .post, validate, contentType: "application/json; charset=utf-8", body: record)
    XCTAssertEqual(status, .unprocessableContent)
    XCTAssertTrue(body.hasPrefix(#"{"valid":false,"failures":[{"key":"login""#), body)
    XCTAssertEqual(body, try cliLine(record))
  }

  func testQueryOptionsAreTheCLIFlags() async throws {
    let record = try TestForms.file("Specs/inputs/login-invalid.json")
    let cases: [(String, ValidationOptions)] = [
      ("all-failures", ValidationOptions(allFailures: true)),
      ("field=password", ValidationOptions(field: "password")),
      ("field=password&live", ValidationOptions(field: "password", liveOnly: true)),
      ("all-failures=true&flat=1", ValidationOptions(allFailures: true, flat: true)),
      // Off as `false` or `0`, as serving.md and the OpenAPI document's `Flag` say.
      ("all-failures=false&flat=0", ValidationOptions()),
      ("flat=false&all-failures=0", ValidationOptions()),
    ]
    for (query, options) in cases {
      let (status, body, _) = try await TestForms.send(
        .post, validate + "?" + query, contentType: "application/json", body: record)
      XCTAssertEqual(status, .unprocessableContent, query)
      XCTAssertEqual(body, try cliLine(record, options: options), query)
    }
  }

  func testAFieldRouteValidatesThatFieldAloneAsTheCLIFlagsDo() async throws {
    let record = try TestForms.file("Specs/inputs/login-invalid.json")
    let cases: [(String, ValidationOptions, HTTPResponse.Status)] = [
      ("/forms/login/fields/password/validate", ValidationOptions(field: "password"), .unprocessableContent),
      (
        "/forms/login/fields/pass%77ord/live", ValidationOptions(field: "password", liveOnly: true),
        .unprocessableContent
      ),
      ("/forms/login/fields/login/live", ValidationOptions(field: "login", liveOnly: true), .ok),
      (
        "/forms/login/fields/login/validate?all-failures&flat=1",
        ValidationOptions(allFailures: true, field: "login", flat: true), .unprocessableContent
      ),
    ]
    for (path, options, expected) in cases {
      let (status, body, _) = try await TestForms.send(.post, path, contentType: "application/json", body: record)
      XCTAssertEqual(status, expected, path)
      XCTAssertEqual(body, try cliLine(record, options: options), path)
    }
    // Another field's rules are not the field route's: a record breaking them passes.
    let (status, _, _) = try await TestForms.send(
      .post, "/forms/login/fields/password/validate", contentType: "application/json",
      body: #"{"login": "not an address", "password": "hunter22"}"#)
    XCTAssertEqual(status, .ok)
    // A group's template key, spelt with its `*` escaped or not.
    for key in ["items.%2A.sku", "items.*.sku"] {
      let order = try TestForms.file("Specs/inputs/order-invalid.json")
      let (_, body, _) = try await TestForms.send(
        .post, "/forms/order/fields/\(key)/validate", contentType: "application/json", body: order)
      XCTAssertEqual(body, try cliLine(order, form: "order", options: ValidationOptions(field: "items.*.sku")), key)
    }
  }

  func testAFieldRouteRefusesAnUnknownKeyAndTheQueryItsPathSays() async throws {
    let cases: [(String, HTTPResponse.Status, String)] = [
      (
        "/forms/login/fields/pasword/validate", .notFound,
        #"{"error":"unknown_field","message":"form has no field with the key 'pasword' (did you mean 'password'?)"}"#
      ),
      (
        "/forms/login/fields/password/validate?live", .badRequest,
        #"{"error":"bad_option","message":"unknown query parameter 'live'; a field route takes all-failures, flat, id and no-values"}"#
      ),
      (
        "/forms/login/fields/password/live?field=login", .badRequest,
        #"{"error":"bad_option","message":"unknown query parameter 'field'; a field route takes all-failures, flat, id and no-values"}"#
      ),
      (
        "/forms/nope/fields/password/validate", .notFound,
        #"{"error":"unknown_form","message":"no form is named 'nope'"}"#
      ),
    ]
    for (path, expected, text) in cases {
      let (status, body, _) = try await TestForms.send(.post, path, contentType: "application/json", body: "{}")
      XCTAssertEqual(status, expected, path)
      XCTAssertEqual(body, text + "\n", path)
    }
    let (status, _, headers) = try await TestForms.send(.get, "/forms/login/fields/password/validate")
    XCTAssertEqual(status, .methodNotAllowed)
    XCTAssertEqual(headers[.allow], "POST")
  }

  func testFormPostNestsDottedKeysAsStrings() async throws {
    let (status, body, _) = try await TestForms.send(
      .post, validate, contentType: "application/x-www-form-urlencoded",
      body: "login=user%40example.com&password=hunter+22")
    XCTAssertEqual(status, .ok)
    XCTAssertEqual(body, try cliLine(#"{"login":"user@example.com","password":"hunter 22"}"#))
    let profile = try await TestForms.send(
      .post, "/forms/registration/validate", contentType: "application/x-www-form-urlencoded",
      body: "order.quantity=3&name=Ann")
    XCTAssertEqual(
      profile.body, try cliLine(#"{"order":{"quantity":"3"},"name":"Ann"}"#, form: "registration"))
  }

  /// A repeated group arrives as a JSON array, as flat keys, or as the bracketed names form libraries post:
  /// every one gets the CLI's line for the record it spells.
  func testRepeatedGroupsAsJSONFlatKeysAndBrackets() async throws {
    let order = "/forms/order/validate"
    let record = try TestForms.file("Specs/inputs/order.json")
    let json = try await TestForms.send(.post, order, contentType: "application/json", body: record)
    XCTAssertEqual(json.status, .ok)
    XCTAssertEqual(json.body, try cliLine(record, form: "order"))
    let expected = try cliLine(
      #"{"email":"ada@example.com","items":[{"sku":"TEA-001","quantity":"2"},{"sku":"jam"}],"coupons":["A","B"]}"#,
      form: "order")
    XCTAssertTrue(expected.contains(#""key":"items.1.sku","path":"/items/1/sku""#), expected)
    for body in [
      "email=ada%40example.com&items%5B0%5D%5Bsku%5D=TEA-001&items%5B0%5D%5Bquantity%5D=2&items%5B1%5D%5Bsku%5D=jam&coupons%5B%5D=A&coupons%5B%5D=B",
      "email=ada%40example.com&items.0.sku=TEA-001&items.0.quantity=2&items.1.sku=jam&coupons.0=A&coupons.1=B",
    ] {
      let post = try await TestForms.send(.post, order, contentType: "application/x-www-form-urlencoded", body: body)
      XCTAssertEqual(post.status, .unprocessableContent, body)
      XCTAssertEqual(post.body, expected, body)
    }
    let records =
      try TestForms.file("Specs/inputs/order.json").split(separator: "\n").joined() + "\n"
      + #"{"items":[1]}"# + "\n"
    let ndjson = try await TestForms.send(.post, order, contentType: "application/x-ndjson", body: records)
    let lines = try XCTUnwrap(TestForms.catalog["order"]).validateNDJSON(Array(records.utf8), jobs: 1).output
    XCTAssertEqual(ndjson.body, String(decoding: lines, as: UTF8.self))
  }

  func testNDJSONAnswersOneLinePerRecord() async throws {
    let records = try TestForms.file("Specs/inputs/signup.ndjson")
    let (status, body, headers) = try await TestForms.send(
      .post, "/forms/signup/validate", contentType: "application/x-ndjson", body: records)
    XCTAssertEqual(status, .ok)
    XCTAssertEqual(headers[.contentType], "application/x-ndjson")
    let expected = try XCTUnwrap(TestForms.catalog["signup"]).validateNDJSON(Array(records.utf8), jobs: 1).output
    XCTAssertEqual(body, String(decoding: expected, as: UTF8.self))
  }

  func testNDJSONTakesIDAndNoValuesAsTheCLIDoes() async throws {
    let records =
      #"{"id": "a-1", "login": "user@example.com", "password": "hunter22"}"# + "\n"
      + #"{"login": "x", "id": {"valid": true}}"# + "\n[]\n"
    for (query, options) in [
      ("id=id&no-values", ValidationOptions(idKey: "id", includesValues: false)),
      ("id=id", ValidationOptions(idKey: "id")), ("no-values=1", ValidationOptions(includesValues: false)),
    ] {
      let (status, body, _) = try await TestForms.send(
        .post, validate + "?" + query, contentType: "application/x-ndjson", body: records)
      XCTAssertEqual(status, .ok, query)
      let expected = try XCTUnwrap(TestForms.catalog["login"]).validateNDJSON(
        Array(records.utf8), options: options, jobs: 1
      ).output
      XCTAssertEqual(body, String(decoding: expected, as: UTF8.self), query)
    }
    let (_, body, _) = try await TestForms.send(
      .post, validate + "?id=id&no-values", contentType: "application/x-ndjson", body: records)
    XCTAssertEqual(
      body.split(separator: "\n").first.map(String.init), #"{"line":1,"id":"a-1","valid":true}"#)
    for type in ["application/json", "application/x-www-form-urlencoded"] {
      for query in ["id=id", "no-values"] {
        let (status, body, _) = try await TestForms.send(.post, validate + "?" + query, contentType: type, body: "{}")
        XCTAssertEqual(status, .badRequest, "\(type) \(query)")
        XCTAssertEqual(
          body,
          #"{"error":"bad_option","message":"id and no-values shape NDJSON result lines: send application/x-ndjson, or leave them out"}"#
            + "\n")
      }
    }
  }

  func testMalformedJSONIs400WithLineAndColumn() async throws {
    let (status, body, _) = try await TestForms.send(
      .post, validate, contentType: "application/json", body: "{\n  \"login\": \"a\",,\n}")
    XCTAssertEqual(status, .badRequest)
    XCTAssertEqual(
      body,
      #"{"error":"malformed_json","message":"expected a double-quoted object key, found ','","line":2,"column":16}"#
        + "\n")
  }

  func testEmptyAndNonObjectBodiesAre400() async throws {
    let empty = try await TestForms.send(.post, validate, contentType: "application/json", body: "")
    XCTAssertEqual(empty.status, .badRequest)
    XCTAssertTrue(empty.body.hasPrefix(#"{"error":"malformed_json","#), empty.body)
    let array = try await TestForms.send(.post, validate, contentType: "application/json", body: "[1]")
    XCTAssertEqual(array.status, .badRequest)
    XCTAssertEqual(
      array.body,
      #"{"error":"not_an_object","message":"input must be a JSON object of key to value, found an array"}"# + "\n")
  }

  func testBadQueryOptionsAre400() async throws {
    let cases = [
      (
        "field=pasword",
        #"{"error":"unknown_field","message":"no field has the key 'pasword' (did you mean 'password'?)"}"#
      ),
      ("live", #"{"error":"bad_option","message":"live needs field=KEY"}"#),
      ("all-failures=maybe", #"{"error":"bad_option","message":"all-failures takes true or false, found 'maybe'"}"#),
      (
        "jobs=2",
        #"{"error":"bad_option","message":"unknown query parameter 'jobs'; the route takes all-failures, field, live, flat, id and no-values"}"#
      ),
    ]
    for (query, expected) in cases {
      let (status, body, _) = try await TestForms.send(
        .post, validate + "?" + query, contentType: "application/json", body: "{}")
      XCTAssertEqual(status, .badRequest, query)
      XCTAssertEqual(body, expected + "\n", query)
    }
  }

  func testOtherContentTypesAre415() async throws {
    let (status, body, _) = try await TestForms.send(.post, validate, contentType: "text/plain", body: "login=a")
    XCTAssertEqual(status, .unsupportedMediaType)
    XCTAssertEqual(
      body,
      #"{"error":"unsupported_media_type","message":"'text/plain' is not read here; send application/json, "#
        + #"application/x-www-form-urlencoded or application/x-ndjson"}"# + "\n")
    let missing = try await TestForms.send(.post, validate, body: "{}")
    XCTAssertEqual(missing.status, .unsupportedMediaType)
  }

  func testBodyOverTheLimitIs413() async throws {
    let (status, body, _) = try await TestForms.send(
      .post, validate, contentType: "application/json", body: #"{"login":"\#(String(repeating: "a", count: 64))"}"#,
      maxBodySize: 32)
    XCTAssertEqual(status, .contentTooLarge)
    XCTAssertEqual(
      body, #"{"error":"body_too_large","message":"the request body is over the limit of 32 bytes"}"# + "\n")
  }

  func testUnknownFormIs404BeforeTheBodyIsRead() async throws {
    let (status, body, _) = try await TestForms.send(
      .post, "/forms/nope/validate", contentType: "application/json", body: "{}")
    XCTAssertEqual(status, .notFound)
    XCTAssertEqual(body, #"{"error":"unknown_form","message":"no form is named 'nope'"}"# + "\n")
  }
}

/// Bracketed form-post names read as the dotted keys they spell.
final class URLEncodedRecordTests: XCTestCase {
  func testBracketsSpellDottedKeysAndEmptyBracketsAppend() {
    let record = URLEncodedRecord.parse(Array("items[0][name]=a&tags[]=x&tags[]=y&a[b]c]=1&[x]=2&plain=3".utf8))
    XCTAssertEqual(
      record,
      .object([
        ("items.0.name", .string("a")), ("tags.0", .string("x")), ("tags.1", .string("y")),
        ("a[b]c]", .string("1")), ("[x]", .string("2")), ("plain", .string("3")),
      ]))
  }
}

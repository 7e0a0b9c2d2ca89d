import Hummingbird
import HummingbirdTesting
import NIOCore
import XCTest

/// `PATCH /forms/NAME/validate`: `{"before", "patch"}`, the merged record validated as changed from `before`,
/// one case per dependency kind, and every bad body a clear 400.
final class PatchRouteTests: XCTestCase {
  static let stored =
    #"{"account": {"kind": "business"}, "company": {"name": "X"}, "email": "ada@example.com", "billing": {"street": "1 Analytical Row", "country": "GB"}}"#

  /// PATCHes `body` to form `form` and returns the status and the body.
  static func patch(
    _ body: String, form: String = "business-account", query: String = "", type: String = "application/json"
  )
    async throws -> (status: HTTPResponse.Status, body: String)
  {
    let (status, text, _) = try await TestForms.send(
      .patch, "/forms/\(form)/validate\(query)", contentType: type, body: body)
    return (status, text)
  }

  /// An edit of the stored business account.
  static func edit(_ patch: String, query: String = "") async throws -> (status: HTTPResponse.Status, body: String) {
    try await self.patch(#"{"before": \#(stored), "patch": \#(patch)}"#, query: query)
  }

  func testAnUnchangedInvalidFieldDoesNotFail() async throws {
    // The stored company name "X" breaks today's min_length 2; the edit does not touch it.
    let (status, body) = try await Self.edit(#"{"billing": {"street": "12 Analytical Row"}}"#)
    XCTAssertEqual(status, .ok)
    XCTAssertEqual(
      body,
      #"{"valid":true,"values":{"account":{"kind":"business"},"company":{"name":"X","vat_id":""},"email":"ada@example.com","billing":{"street":"12 Analytical Row","country":"GB"},"shipping":{"same_as_billing":true}},"hidden":["shipping.street","shipping.country"],"changed":["billing.street"]}"#
        + "\n")
    // Changing it validates it with today's rule.
    let (renamed, renamedBody) = try await Self.edit(#"{"company": {"name": "Y"}}"#)
    XCTAssertEqual(renamed, .unprocessableContent)
    XCTAssertTrue(renamedBody.contains(#""key":"company.name","path":"/company/name","validator":"min_length""#))
    XCTAssertTrue(renamedBody.hasSuffix(#""changed":["company.name"]}"# + "\n"))
  }

  func testTheSameValueSentInAnotherSpellingOfItsTypeIsNoChange() async throws {
    // The switch is a bool view: "on" and true are one bool after coercion, so nothing changed.
    let before =
      #"{"account": {"kind": "business"}, "company": {"name": "X"}, "email": "ada@example.com", "billing": {"street": "1 Analytical Row", "country": "GB"}, "shipping": {"same_as_billing": "on"}}"#
    let (status, body) = try await Self.patch(
      #"{"before": \#(before), "patch": {"shipping": {"same_as_billing": true}}}"#)
    XCTAssertEqual(status, .ok)
    XCTAssertTrue(body.hasSuffix(#""hidden":["shipping.street","shipping.country"],"changed":[]}"# + "\n"), body)
    // "off" is another bool: a change, which shows the shipping fields that read it.
    let (off, offBody) = try await Self.patch(
      #"{"before": \#(before), "patch": {"shipping": {"same_as_billing": "off"}}}"#)
    XCTAssertEqual(off, .unprocessableContent)
    XCTAssertTrue(offBody.hasSuffix(#""hidden":[],"changed":["shipping.same_as_billing"]}"# + "\n"), offBody)
  }

  func testAConditionReadingTheChange() async throws {
    let (status, body) = try await Self.edit(#"{"billing": {"country": "DE"}}"#)
    XCTAssertEqual(status, .unprocessableContent)
    XCTAssertEqual(
      body,
      #"{"valid":false,"failures":[{"key":"company.vat_id","path":"/company/vat_id","validator":"required_if","argument":null,"condition":{"billing/country":["DE","FR","NL"]},"reason":"A VAT number is required for companies in the EU","section":0,"row":3,"tag":0,"line":32,"column":7}],"hidden":["shipping.street","shipping.country"],"changed":["billing.country"]}"#
        + "\n")
    // Shipping somewhere else shows the shipping fields, which read the switch: they must be filled.
    let (shipping, shippingBody) = try await Self.edit(#"{"shipping": {"same_as_billing": false}}"#)
    XCTAssertEqual(shipping, .unprocessableContent)
    XCTAssertTrue(shippingBody.contains(#""key":"shipping.street""#))
    XCTAssertTrue(shippingBody.contains(#""key":"shipping.country""#))
    XCTAssertTrue(shippingBody.hasSuffix(#""hidden":[],"changed":["shipping.same_as_billing"]}"# + "\n"))
  }

  func testASameAsReadingTheChange() async throws {
    let (status, body) = try await Self.edit(#"{"email": "ada@lovelace.example"}"#)
    XCTAssertEqual(status, .unprocessableContent)
    XCTAssertTrue(
      body.hasPrefix(
        #"{"valid":false,"failures":[{"key":"email_confirm","path":"/email_confirm","validator":"same_as""#))
    let (confirmed, _) = try await Self.edit(
      #"{"email": "ada@lovelace.example", "email_confirm": "ada@lovelace.example"}"#)
    XCTAssertEqual(confirmed, .ok)
  }

  func testANeighbourReadingTheChange() async throws {
    let stored = try TestForms.file("Specs/inputs/signup.json")
    let (status, body) = try await Self.patch(
      #"{"before": \#(stored), "patch": {"password": "cobol1960"}}"#, form: "signup")
    XCTAssertEqual(status, .unprocessableContent)
    XCTAssertTrue(
      body.hasPrefix(
        #"{"valid":false,"failures":[{"key":"password_confirm","path":"/password_confirm","validator":"equal_previous""#
      ))
    XCTAssertTrue(body.hasSuffix(#""changed":["password"]}"# + "\n"))
    // A null in the patch removes the member: the newsletter switch goes back to its <value>, false.
    let (removed, removedBody) = try await Self.patch(
      #"{"before": \#(stored), "patch": {"newsletter": null}}"#, form: "signup")
    XCTAssertEqual(removed, .ok)
    XCTAssertTrue(removedBody.hasSuffix(#""newsletter":false},"changed":["newsletter"]}"# + "\n"))
  }

  func testQueryOptionsApply() async throws {
    let (status, body) = try await Self.edit(#"{"billing": {"country": "DE"}}"#, query: "?flat")
    XCTAssertEqual(status, .unprocessableContent)
    XCTAssertTrue(body.contains("company.vat_id"))
    let (unknown, unknownBody) = try await Self.edit("{}", query: "?field=emial")
    XCTAssertEqual(unknown, .badRequest)
    XCTAssertEqual(
      unknownBody, #"{"error":"unknown_field","message":"no field has the key 'emial' (did you mean 'email'?)"}"# + "\n"
    )
    let (id, idBody) = try await Self.edit("{}", query: "?id=email")
    XCTAssertEqual(id, .badRequest)
    XCTAssertEqual(
      idBody,
      #"{"error":"bad_option","message":"id and no-values shape NDJSON result lines, which PATCH does not take"}"#
        + "\n")
  }

  func testBadBodiesAreClear400s() async throws {
    let cases: [(String, String)] = [
      (
        "[]",
        #"{"error":"not_an_object","message":"the body must be a JSON object {\"before\": …, \"patch\": …}, found an array"}"#
      ),
      (
        #"{"before": {}}"#,
        #"{"error":"bad_patch","message":"the body has no 'patch': send {\"before\": the stored record, \"patch\": its merge patch}"}"#
      ),
      (
        #"{"patch": {}}"#,
        #"{"error":"bad_patch","message":"the body has no 'before': send {\"before\": the stored record, \"patch\": its merge patch}"}"#
      ),
      (
        #"{"before": {}, "patch": "x"}"#,
        #"{"error":"bad_patch","message":"'patch' must be a JSON object, found the string \"x\""}"#
      ),
      (
        #"{"before": null, "patch": {}}"#,
        #"{"error":"bad_patch","message":"'before' must be a JSON object, found null"}"#
      ),
      (
        #"{"before": {}, "patch": {}, "after": {}}"#,
        #"{"error":"bad_patch","message":"the body has a member 'after'; it takes only 'before' and 'patch'"}"#
      ),
      (
        #"{"before": {}, "patch": {"a": }}"#,
        #"{"error":"malformed_json","message":"expected a value, found '}'","line":1,"column":31}"#
      ),
      ("", #"{"error":"malformed_json","message":"the file is empty: expected a JSON value","line":1,"column":1}"#),
    ]
    for (body, answer) in cases {
      let (status, text) = try await Self.patch(body)
      XCTAssertEqual(status, .badRequest, body)
      XCTAssertEqual(text, answer + "\n", body)
    }
  }

  func testOtherRefusals() async throws {
    let (type, typeBody) = try await Self.patch("before=x", type: "application/x-www-form-urlencoded")
    XCTAssertEqual(type, .unsupportedMediaType)
    XCTAssertEqual(
      typeBody,
      #"{"error":"unsupported_media_type","message":"'application/x-www-form-urlencoded' is not read here; PATCH takes application/json: {\"before\": the stored record, \"patch\": its merge patch}"}"#
        + "\n")
    let (unknown, _) = try await Self.patch(#"{"before": {}, "patch": {}}"#, form: "nope")
    XCTAssertEqual(unknown, .notFound)
    let (status, _, headers) = try await TestForms.send(.put, "/forms/login/validate")
    XCTAssertEqual(status, .methodNotAllowed)
    XCTAssertEqual(headers[.allow], "POST, PATCH")
    let (large, _, _) = try await TestForms.send(
      .patch, "/forms/login/validate", contentType: "application/json", body: String(repeating: " ", count: 300),
      maxBodySize: 100)
    XCTAssertEqual(large, .contentTooLarge)
  }

  func testACountThatChangedAndAnElementReadingTheChange() async throws {
    // A stored order whose second SKU breaks today's pattern: an edit of the first item's quantity passes.
    let stored = #"{"email": "ada@example.com", "items": [{"sku": "TEA-001", "quantity": 2}, {"sku": "jam"}]}"#
    func edit(_ patch: String) async throws -> (status: HTTPResponse.Status, body: String) {
      try await Self.patch(#"{"before": \#(stored), "patch": \#(patch)}"#, form: "order")
    }
    // RFC 7396: an array in the patch replaces the stored one; only the element that changed is validated.
    let (status, body) = try await edit(#"{"items": [{"sku": "TEA-001", "quantity": 3}, {"sku": "jam"}]}"#)
    XCTAssertEqual(status, .ok)
    XCTAssertTrue(body.hasSuffix(#""changed":["items.0.quantity"]}"# + "\n"), body)
    // Emptying the items changes their count, which <items> bounds.
    let (emptied, emptiedBody) = try await edit(#"{"items": []}"#)
    XCTAssertEqual(emptied, .unprocessableContent)
    XCTAssertTrue(emptiedBody.contains(#""key":"items","path":"/items","validator":"min_items""#), emptiedBody)
    XCTAssertTrue(emptiedBody.hasSuffix(#""changed":["items"]}"# + "\n"), emptiedBody)
    // Turning a gift on in the first element shows its note, which is then validated.
    let note = String(repeating: "x", count: 141)
    let (gift, giftBody) = try await edit(
      #"{"items": [{"sku": "TEA-001", "quantity": 2, "gift": true, "gift_note": "\#(note)"}, {"sku": "jam"}]}"#)
    XCTAssertEqual(gift, .unprocessableContent)
    XCTAssertTrue(giftBody.contains(#""key":"items.0.gift_note","path":"/items/0/gift_note","validator":"max_length""#))
    XCTAssertFalse(giftBody.contains("items.1.sku"), "the unchanged invalid element is not validated")
  }
}

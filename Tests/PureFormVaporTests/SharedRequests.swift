import Foundation
import PureFormHTTP

/// The requests the same-answer test sends to both servers: every route, each body type and query option, and
/// every error a client can cause, host checks and PATCH included.
enum SharedRequests {
  static let login = "/forms/login/validate"
  static let signup = "/forms/signup/validate"
  static let business = "/forms/business-account/validate"

  /// The signup sample record with the e-mail address `email`.
  static func signupRecord(_ email: String) -> String {
    SharedForms.file("Specs/inputs/signup.json").replacingOccurrences(of: "grace@example.com", with: email)
  }

  /// A PATCH body editing the stored business account with `patch`.
  static func edit(_ patch: String) -> String {
    let stored =
      #"{"account": {"kind": "business"}, "company": {"name": "X"}, "email": "ada@example.com", "billing": {"street": "1 Analytical Row", "country": "GB"}}"#
    return #"{"before": \#(stored), "patch": \#(patch)}"#
  }

  /// The read routes: the list, each form's model and page, the OpenAPI document, and what is not there.
  static let reads: [SharedRequest] =
    [SharedRequest("GET", "/forms"), SharedRequest("GET", "/openapi.json")]
    + SharedForms.catalog.names.flatMap {
      [SharedRequest("GET", "/forms/\($0)"), SharedRequest("GET", "/forms/\($0)/page")]
    }
    + [
      SharedRequest("GET", "/forms/nope"), SharedRequest("GET", "/forms/no%20pe"),
      SharedRequest("GET", "/forms/nope/page"), SharedRequest("GET", "/nothing"),
      SharedRequest("GET", "/forms/login/page/deeper"), SharedRequest("GET", "/forms?flat"),
      SharedRequest("HEAD", "/forms"), SharedRequest("HEAD", "/forms/login"), SharedRequest("HEAD", "/forms/nope"),
    ]

  /// The validate route: valid and invalid records as JSON, form posts and NDJSON, with the query options.
  static let validations: [SharedRequest] = [
    .json(login, SharedForms.file("Specs/inputs/login.json")),
    .json(login, SharedForms.file("Specs/inputs/login-invalid.json")),
    SharedRequest(
      "POST", login, "Application/JSON; charset=utf-8", SharedForms.file("Specs/inputs/login-invalid.json")),
    .json(login + "?all-failures", SharedForms.file("Specs/inputs/login-invalid.json")),
    .json(login + "?field=password&live", SharedForms.file("Specs/inputs/login-invalid.json")),
    .json(login + "?field=pass%77ord&live=1", SharedForms.file("Specs/inputs/login-invalid.json")),
    // The field routes: one field, its live validators, a group's template key escaped or not, and the errors.
    .json("/forms/login/fields/password/validate", SharedForms.file("Specs/inputs/login-invalid.json")),
    .json("/forms/login/fields/pass%77ord/live", SharedForms.file("Specs/inputs/login-invalid.json")),
    .json("/forms/login/fields/login/validate?all-failures&flat", SharedForms.file("Specs/inputs/login.json")),
    .json("/forms/order/fields/items.%2A.sku/validate", SharedForms.file("Specs/inputs/order-invalid.json")),
    .json("/forms/order/fields/items.*.qty/validate", SharedForms.file("Specs/inputs/order-invalid.json")),
    .json("/forms/login/fields/pasword/validate", "{}"),
    .json("/forms/login/fields/password/validate?live", "{}"),
    .json("/forms/nope/fields/password/live", "{}"),
    SharedRequest("GET", "/forms/login/fields/password/validate"),
    SharedRequest("PUT", "/forms/login/fields/password/live"),
    .json(login + "?all-failures=true&flat=1", SharedForms.file("Specs/inputs/login-invalid.json")),
    .json(login + "?all-failures=false&flat=0", SharedForms.file("Specs/inputs/login-invalid.json")),
    .json(login + "?flat&", SharedForms.file("Specs/inputs/login.json")),
    .json("/forms/registration/validate?flat", SharedForms.file("Specs/inputs/registration.json")),
    .json("/forms/order/validate", SharedForms.file("Specs/inputs/order.json")),
    .json("/forms/order/validate", SharedForms.file("Specs/inputs/order-invalid.json")),
    .json("/forms/checkout/validate", SharedForms.file("Specs/inputs/checkout-invalid.json")),
    .json(business, SharedForms.file("Specs/inputs/business-account-invalid.json")),
    .form(login, "login=user%40example.com&password=hunter+22"),
    .form(login, "login=a&password=&login=b&&junk"),
    .form("/forms/registration/validate", "order.quantity=3&name=Ann"),
    .form(
      "/forms/order/validate",
      "email=ada%40example.com&items[0][sku]=TEA-001&items[0][quantity]=2&items[1][sku]=jam&coupons[]=A&coupons[]=B"),
    .form(
      "/forms/order/validate", "email=ada%40example.com&items.0.sku=TEA-001&items.0.quantity=2&items.1.sku=JAM-042"),
    .ndjson(signup, SharedForms.file("Specs/inputs/signup.ndjson")),
    .ndjson(signup + "?id=email&no-values", SharedForms.file("Specs/inputs/signup.ndjson")),
    .ndjson("/forms/checkout/validate?all-failures", SharedForms.file("Specs/inputs/checkout.ndjson")),
    .ndjson(login, ""),
  ]

  /// Bodies that are no record, options that do not fit, unknown forms, unread content types, a body
  /// over the limit.
  static let clientErrors: [SharedRequest] = [
    .json(login, #"{"login": "a",,}"#),
    .json(login, "[1, 2]"),
    .json(login, ""),
    .json(login, " \n "),
    .json(login, "{\"login\": \"\u{FFFF}\u{0}\"}"),
    .json("/forms/nope/validate", "{}"),
    .json("/forms/no%20pe/validate", "{}"),
    .json(login + "?field=nope", "{}"),
    .json(login + "?field=pasword", "{}"),
    .json(login + "?live", "{}"),
    .json(login + "?flat=maybe", "{}"),
    .json(login + "?flat=%zz", "{}"),
    .json(login + "?bogus=1", "{}"),
    .json(login + "?&&flat", "{}"),
    .json(login + "?=1", "{}"),
    .json(login + "?id=login", "{}"),
    .form(login + "?no-values", "login=a"),
    SharedRequest("POST", login, "text/plain", "x"),
    SharedRequest("POST", login, nil, "{}"),
    SharedRequest("POST", login, "application/jsonx", "{}"),
    SharedRequest("POST", "/forms/nope/validate", "text/plain", "x"),
    .json(login, "{\"login\": \"" + String(repeating: "a", count: SharedForms.maxBodySize) + "\"}"),
    .ndjson(login, String(repeating: "{}\n", count: SharedForms.maxBodySize)),
  ]

  /// Methods a path does not take: 405 with `Allow`.
  static let methods: [SharedRequest] = [
    SharedRequest("DELETE", "/forms/login"), SharedRequest("PUT", "/forms"), SharedRequest("POST", "/forms"),
    SharedRequest("GET", login), SharedRequest("HEAD", login), SharedRequest("PUT", login, "application/json", "{}"),
    SharedRequest("OPTIONS", "/forms"), SharedRequest("TRACE", "/forms/login/page"),
    SharedRequest("PROPFIND", "/forms/login"), SharedRequest("QUERY", "/forms/login/validate"),
    SharedRequest("POST", "/openapi.json"), SharedRequest("DELETE", "/forms/nope"),
  ]

  /// PATCH: edits valid and invalid, bodies that are no edit, options PATCH does not take.
  static let patches: [SharedRequest] = [
    .json(business, edit(#"{"billing": {"street": "12 Analytical Row"}}"#), method: "PATCH"),
    .json(business, edit(#"{"company": {"name": "Y"}}"#), method: "PATCH"),
    .json(business, edit(#"{"billing": {"country": "DE"}}"#), method: "PATCH"),
    .json(business + "?all-failures", edit(#"{"shipping": {"same_as_billing": false}}"#), method: "PATCH"),
    .json(business, #"{"before": {}}"#, method: "PATCH"),
    .json(business, #"{"before": {}, "patch": [], "more": 1}"#, method: "PATCH"),
    .json(business, #"{"before": {"#, method: "PATCH"),
    .json(business, "1", method: "PATCH"),
    .json(business + "?id=email", edit("{}"), method: "PATCH"),
    .json(business + "?field=nope", edit("{}"), method: "PATCH"),
    SharedRequest("PATCH", business, "application/x-www-form-urlencoded", "a=1"),
    SharedRequest("PATCH", business, nil, "{}"),
    .json("/forms/nope/validate", edit("{}"), method: "PATCH"),
  ]

  /// Host checks: failures merged, a check that throws (503), one past its limit (504), on every body type
  /// and on PATCH.
  static let hostChecks: [SharedRequest] = [
    .json(signup, signupRecord("ada@example.com")),
    .json(signup, signupRecord("grace@example.com")),
    .json(signup, signupRecord("down@example.com")),
    .json(signup, signupRecord("slow@example.com")),
    .json(signup + "?field=email", signupRecord("grace@example.com")),
    .form(
      signup,
      "email=grace%40example.com&password=cobol1959&password_confirm=cobol1959&full_name=Grace+Hopper&age=85&zip=10001"
    ),
    .ndjson(signup, SharedForms.file("Specs/inputs/signup.ndjson") + signupRecord("grace@example.com") + "\n"),
    .ndjson(signup, signupRecord("down@example.com") + "\n"),
    .json(
      signup,
      #"{"before": \#(signupRecord("ada@example.com")), "patch": {"email": "grace@example.com"}}"#, method: "PATCH"),
    .json(
      signup, #"{"before": \#(signupRecord("ada@example.com")), "patch": {"email": "down@example.com"}}"#,
      method: "PATCH"),
  ]

  /// Every request of the test.
  static let all = reads + validations + clientErrors + methods + patches + hostChecks
}

import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PureForm
import PureFormHummingbird
import XCTest

// The host-check example of docs/host.md ("E-mail already registered"), verbatim: the test below checks the
// guide still shows exactly these lines, so the example always compiles, and the others run it.
// Guide example begins
/// The e-mail addresses already registered: your database, here an actor holding a set.
actor RegisteredEmails {
  private var emails: Set<String>
  init(_ emails: Set<String>) { self.emails = emails }
  func contains(_ email: String) -> Bool { emails.contains(email.lowercased()) }
}

/// The signup form's host check: an address already registered fails at the field `email`.
///
/// On an edit it runs only when the address changed: the stored one is its owner's.
func emailNotRegistered(_ registered: RegisteredEmails) -> HostCheck {
  HostCheck("email_registered", timeLimit: .seconds(1)) { record in
    guard record.isChecked("email"), case .string(let email)? = record.value("email"),
      await registered.contains(email)
    else { return [] }
    return [HostCheckFailure(key: "email", reason: "This e-mail is already registered")]
  }
}

/// Without a server: validate, then run the checks on a record that passes the spec.
func validateSignup(_ form: CompiledForm, body: [UInt8], registered: RegisteredEmails) async throws
  -> ValidationResult
{
  try await form.applyingHostChecks([emailNotRegistered(registered)], to: form.validate(json: body))
}

/// Your application: the forms of a folder under /api, the signup form checked against the registered
/// addresses on POST and PATCH.
func makeSignupApp(specs: String, registered: RegisteredEmails) throws -> some ApplicationProtocol {
  let router = Router()
  let forms = try FormDirectory.load(specs)
  let checks = ["signup": [emailNotRegistered(registered)]]
  router.addRoutes(FormRoutes(catalog: forms, hostChecks: checks).collection, atPath: "/api")
  return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
}
// Guide example ends

final class HostCheckExampleTests: XCTestCase {
  static let registered = RegisteredEmails(["grace@example.com"])

  func testGuideShowsTheCompiledExample() throws {
    try TestForms.assertGuide(
      "docs/host.md", showsExampleOf: #filePath, imports: ["Hummingbird", "PureForm", "PureFormHummingbird"])
  }

  func testTheLibraryCallMergesTheFailure() async throws {
    let form = try XCTUnwrap(TestForms.catalog["signup"])
    let record = try TestForms.file("Specs/inputs/signup.json")
    let taken = try await validateSignup(form, body: Array(record.utf8), registered: Self.registered)
    XCTAssertEqual(
      taken.jsonText,
      #"{"valid":false,"failures":[{"key":"email","path":"/email","validator":"email_registered","argument":null,"reason":"This e-mail is already registered","section":0,"row":0,"tag":0,"line":4,"column":7}]}"#
    )
    let free = record.replacingOccurrences(of: "grace@example.com", with: "ada@example.com")
    let result = try await validateSignup(form, body: Array(free.utf8), registered: Self.registered)
    XCTAssertTrue(result.isValid)
  }

  func testTheMountedRoutesCheckPostsAndEdits() async throws {
    let app = try makeSignupApp(
      specs: TestForms.packageRoot.appendingPathComponent("Specs").path, registered: Self.registered)
    let record = try TestForms.file("Specs/inputs/signup.json")
    try await app.test(.router) { client in
      try await client.execute(
        uri: "/api/forms/signup/validate", method: .post, headers: [.contentType: "application/json"],
        body: ByteBuffer(string: record)
      ) { response in
        XCTAssertEqual(response.status, .unprocessableContent)
        XCTAssertTrue(String(buffer: response.body).contains(#""validator":"email_registered""#))
      }
      // Grace edits her name: her own address did not change, so it is not checked.
      let rename = #"{"before": \#(record), "patch": {"full_name": "Grace Brewster Hopper"}}"#
      try await client.execute(
        uri: "/api/forms/signup/validate", method: .patch, headers: [.contentType: "application/json"],
        body: ByteBuffer(string: rename)
      ) { response in
        XCTAssertEqual(response.status, .ok)
        XCTAssertTrue(String(buffer: response.body).hasSuffix(#""changed":["full_name"]}"# + "\n"))
      }
    }
  }
}

import Foundation
import NIOCore
import PureForm
import PureFormVapor
import Testing
import Vapor
import VaporTesting

// The example of docs/vapor.md, verbatim: the test below checks the guide still shows exactly these lines,
// so the example always compiles, and the tests after it run it.
// Guide example begins
/// The accounts already registered: your database, here an actor holding the e-mail addresses.
actor Accounts {
  private var emails: Set<String> = []
  func contains(_ email: String) -> Bool { emails.contains(email.lowercased()) }
  func add(_ email: String) { emails.insert(email.lowercased()) }
}

/// The values of the signup form the handler reads (`pureform generate swift` writes the whole type).
struct Signup: Decodable {
  var email: String
}

/// The signup form's host check: an address already registered fails at the field `email`.
func emailNotTaken(_ accounts: Accounts) -> HostCheck {
  HostCheck("email_registered", timeLimit: .seconds(1)) { record in
    guard case .string(let email)? = record.value("email"), await accounts.contains(email) else { return [] }
    return [HostCheckFailure(key: "email", reason: "This e-mail is already registered")]
  }
}

/// Your application: the forms of a folder of specs under /api, every error as JSON, and a signup handler
/// of your own that registers the account when the form (and its host check) passes the record.
func configure(_ app: Application, specs: String, accounts: Accounts) throws {
  let forms = FormRouteCollection(
    catalog: try FormDirectory.load(specs), hostChecks: ["signup": [emailNotTaken(accounts)]])
  app.middleware.use(FormErrorMiddleware())
  try app.grouped("api").register(collection: forms)
  app.pureform.use(forms)
  app.post("signup") { req async throws -> FormVerdict in
    let verdict = try await req.pureform.validate(form: "signup")
    if verdict.isValid { await accounts.add(try verdict.result.decode(Signup.self).email) }
    return verdict
  }
}
// Guide example ends

/// docs/vapor.md's example: shown verbatim, and run.
@Suite struct GuideExampleTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  @Test func theGuideShowsTheCompiledExample() throws {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let begin = try #require(source.range(of: "// Guide example begins\n"))
    let end = try #require(source.range(of: "// Guide example ends\n"))
    let block =
      "```swift\nimport PureForm\nimport PureFormVapor\nimport Vapor\n\n" + source[begin.upperBound..<end.lowerBound]
      + "```"
    let guide = try String(contentsOf: Self.root.appendingPathComponent("docs/vapor.md"), encoding: .utf8)
    #expect(guide.contains(block), "docs/vapor.md's example differs from \(#filePath)'s")
  }

  @Test func theMountedRoutesAndTheHandlerAnswer() async throws {
    let specs = Self.root.appendingPathComponent("Specs").path
    let accounts = Accounts()
    try await withApp(configure: { try configure($0, specs: specs, accounts: accounts) }) { app in
      let tester = try app.testing()
      let json: HTTPHeaders = ["Content-Type": "application/json"]
      try await tester.test(
        .POST, "/api/forms/login/validate", headers: json,
        body: ByteBuffer(string: #"{"login":"a@b.co","password":"secret1"}"#)
      ) { response in
        #expect(response.status == .ok)
        #expect(response.body.string == #"{"valid":true,"values":{"login":"a@b.co","password":"secret1"}}"# + "\n")
      }
      let record =
        #"{"email": "ada@example.com", "password": "analytical1", "password_confirm": "analytical1", "full_name": "Ada Lovelace", "age": 36, "zip": "10115"}"#
      // The first signup passes and registers the address; the same address again fails the host check,
      // at its field, in the validate route's 422.
      try await tester.test(.POST, "/signup", headers: json, body: ByteBuffer(string: record)) { response in
        #expect(response.status == .ok)
        #expect(response.body.string.hasPrefix(#"{"valid":true,"values":{"email":"ada@example.com","#))
      }
      #expect(await accounts.contains("Ada@Example.com"))
      try await tester.test(.POST, "/signup", headers: json, body: ByteBuffer(string: record)) { response in
        #expect(response.status == .unprocessableEntity)
        #expect(
          response.body.string.hasPrefix(
            #"{"valid":false,"failures":[{"key":"email","path":"/email","validator":"email_registered","#))
      }
      // The routes run the same check.
      try await tester.test(
        .POST, "/api/forms/signup/validate", headers: json, body: ByteBuffer(string: record)
      ) { response in
        #expect(response.status == .unprocessableEntity)
      }
    }
  }
}

import Hummingbird
import HummingbirdTesting
import Logging
import NIOConcurrencyHelpers
import NIOCore
import PureForm
import PureFormHummingbird
import XCTest

/// `FormReloadService.reload()` and `ReloadableCatalog`: a reload replaces the forms for the next requests, a
/// failed one keeps the old ones, and requests answered during reloads all get a whole answer.
final class ReloadTests: XCTestCase {
  /// The login form with its password's `min_length` set to `minimum`.
  private static func login(minimum: Int) throws -> CompiledForm {
    let text = try TestForms.file("Specs/pureform-readme/login.json").replacingOccurrences(
      of: #""min_length!": 6"#, with: #""min_length!": \#(minimum)"#)
    return try XCTUnwrap(FormCompiler.compile(SourceFile(name: "login.json", text: text)).form)
  }

  private static let record = #"{"login":"user@example.com","password":"hunter22"}"#

  func testReloadReplacesTheFormsAndAFailedOneKeepsThem() async throws {
    let live = ReloadableCatalog(FormCatalog(forms: ["login": try Self.login(minimum: 6)]))
    let next = NIOLockedValueBox<FormCatalog?>(nil)
    let metrics = FormMetrics()
    let service = FormReloadService(
      reloadable: live, metrics: metrics, logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })
    ) {
      guard let catalog = next.withLockedValue({ $0 }) else { throw FormDirectory.LoadError.empty(path: "specs") }
      return catalog
    }
    let app = Application(
      router: FormServer.router(reloadable: live, metrics: metrics),
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.router) { client in
      func post() async throws -> HTTPResponse.Status {
        try await client.execute(
          uri: "/forms/login/validate", method: .post, headers: [.contentType: "application/json"],
          body: ByteBuffer(string: Self.record)
        ) { $0.status }
      }
      var status = try await post()
      XCTAssertEqual(status, .ok)
      XCTAssertFalse(service.reload(), "a load that throws is no reload")
      status = try await post()
      XCTAssertEqual(status, .ok, "the old forms stay")
      let stricter = FormCatalog(forms: [
        "login": try Self.login(minimum: 10), "signup": try XCTUnwrap(TestForms.catalog["signup"]),
      ])
      next.withLockedValue { $0 = stricter }
      XCTAssertTrue(service.reload())
      status = try await post()
      XCTAssertEqual(status, .unprocessableContent, "hunter22 is shorter than the new minimum")
      let forms = try await client.execute(uri: "/forms", method: .get) { String(buffer: $0.body) }
      XCTAssertTrue(
        forms.hasPrefix(#"{"forms":[{"name":"login","fields":["login","password"]},{"name":"signup""#), forms)
      let text = try await client.execute(uri: "/metrics", method: .get) { String(buffer: $0.body) }
      XCTAssertTrue(text.contains(#"pureform_reloads_total{result="failed"} 1"#), text)
      XCTAssertTrue(text.contains(#"pureform_reloads_total{result="succeeded"} 1"#), text)
      XCTAssertTrue(text.contains("pureform_forms 2.0"), text)
    }
  }

  func testRequestsDuringReloadsAllGetAWholeAnswer() async throws {
    let (lenient, strict) = (try Self.login(minimum: 6), try Self.login(minimum: 10))
    let live = ReloadableCatalog(FormCatalog(forms: ["login": lenient]))
    let answers = [
      try lenient.validate(json: Self.record).jsonText + "\n", try strict.validate(json: Self.record).jsonText + "\n",
    ]
    let app = Application(
      router: FormServer.router(reloadable: live, metrics: FormMetrics()),
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: 0)))
    try await app.test(.router) { client in
      let bodies = try await withThrowingTaskGroup(of: [String].self) { group in
        group.addTask {
          for round in 0..<200 {
            live.replace(with: FormCatalog(forms: ["login": round.isMultiple(of: 2) ? strict : lenient]))
            await Task.yield()
          }
          return []
        }
        for _ in 0..<8 {
          group.addTask {
            var bodies: [String] = []
            for _ in 0..<50 {
              bodies.append(
                try await client.execute(
                  uri: "/forms/login/validate", method: .post, headers: [.contentType: "application/json"],
                  body: ByteBuffer(string: Self.record)
                ) { String(buffer: $0.body) })
            }
            return bodies
          }
        }
        return try await group.reduce(into: []) { $0 += $1 }
      }
      XCTAssertEqual(bodies.count, 400)
      for body in bodies { XCTAssertTrue(answers.contains(body), body) }
    }
  }
}

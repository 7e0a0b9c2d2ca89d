import Foundation
import Hummingbird
import HummingbirdTesting
import PureFormHummingbird
import XCTest

// The mounting example of docs/serving.md ("In your own Hummingbird application"), verbatim: the test
// below checks the guide still shows exactly these lines, so the example always compiles.
// Guide example begins
/// Your application, with the forms of a folder of specs under /api/forms.
func makeApp(specs: String) throws -> some ApplicationProtocol {
  let router = Router()
  router.get("/") { _, _ in "my app\n" }
  let forms = try FormDirectory.load(specs)
  router.addRoutes(FormRoutes(catalog: forms).collection, atPath: "/api")
  return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
}
// Guide example ends

final class MountExampleTests: XCTestCase {
  func testGuideShowsTheCompiledExample() throws {
    try TestForms.assertGuide(
      "docs/serving.md", showsExampleOf: #filePath, imports: ["Hummingbird", "PureFormHummingbird"])
  }

  func testTheMountedRoutesAnswerUnderTheirPrefix() async throws {
    let app = try makeApp(specs: TestForms.packageRoot.appendingPathComponent("Specs").path)
    try await app.test(.router) { client in
      try await client.execute(
        uri: "/api/forms/login/validate", method: .post, headers: [.contentType: "application/json"],
        body: ByteBuffer(string: #"{"login":"a@b.co","password":"secret1"}"#)
      ) { response in
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(
          String(buffer: response.body), #"{"valid":true,"values":{"login":"a@b.co","password":"secret1"}}"# + "\n")
      }
      try await client.execute(uri: "/", method: .get) { response in
        XCTAssertEqual(String(buffer: response.body), "my app\n")
      }
    }
  }
}

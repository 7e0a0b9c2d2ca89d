import Foundation
import Hummingbird
import HummingbirdTesting
import PureFormHummingbird
import XCTest

// The README's mounting example ("Serving forms", "In your own Hummingbird application"), verbatim: the
// test below checks the README still shows exactly these lines, so the example always compiles.
// README example begins
/// Your application, with the forms of a folder of specs under /api/forms.
func makeApp(specs: String) throws -> some ApplicationProtocol {
  let router = Router()
  router.get("/") { _, _ in "my app\n" }
  let forms = try FormDirectory.load(specs)
  router.addRoutes(FormRoutes(catalog: forms).collection, atPath: "/api")
  return Application(router: router, configuration: .init(address: .hostname("127.0.0.1", port: 8080)))
}
// README example ends

final class MountExampleTests: XCTestCase {
  func testREADMEShowsTheCompiledExample() throws {
    let source = try String(contentsOf: URL(fileURLWithPath: #filePath), encoding: .utf8)
    let begin = try XCTUnwrap(source.range(of: "// README example begins\n"))
    let end = try XCTUnwrap(source.range(of: "// README example ends\n"))
    let example = String(source[begin.upperBound..<end.lowerBound])
    let readme = try TestForms.file("README.md")
    XCTAssertTrue(
      readme.contains("```swift\nimport Hummingbird\nimport PureFormHummingbird\n\n" + example + "```"),
      "README.md's mounting example differs from MountExampleTests.swift's:\n\(example)")
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

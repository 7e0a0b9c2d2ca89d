import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import PureForm
import PureFormHummingbird
import ServerTestSupport
import XCTest

/// The repository's Specs folder compiled once, and helpers to ask a router about it.
enum TestForms {
  /// The package root.
  static var packageRoot: URL { ExampleSpecs.packageRoot }

  /// The catalog of `Specs/*.json`.
  static var catalog: FormCatalog { ExampleSpecs.catalog }

  /// The serve router over `catalog`, with a small body limit when given.
  static func app(maxBodySize: Int = 1 << 20, port: Int = 0) -> some ApplicationProtocol {
    Application(
      router: FormServer.router(catalog: catalog, maxBodySize: maxBodySize),
      configuration: ApplicationConfiguration(address: .hostname("127.0.0.1", port: port)))
  }

  /// One request through the in-process router: the status and the body as text.
  static func send(
    _ method: HTTPRequest.Method, _ uri: String, contentType: String? = nil, body: String? = nil,
    maxBodySize: Int = 1 << 20
  ) async throws -> (status: HTTPResponse.Status, body: String, headers: HTTPFields) {
    try await app(maxBodySize: maxBodySize).test(.router) { client in
      var headers: HTTPFields = [:]
      if let contentType { headers[.contentType] = contentType }
      return try await client.execute(
        uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(string: $0) }
      ) { response in
        (response.status, String(buffer: response.body), response.headers)
      }
    }
  }

  /// Fails unless `guide` shows, in a Swift block after `imports`, exactly the lines of the test file `path`
  /// between `// Guide example begins` and `// Guide example ends`: so the guide's example always compiles.
  static func assertGuide(
    _ guide: String, showsExampleOf path: String, imports: [String], line: UInt = #line
  ) throws {
    let source = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
    let begin = try XCTUnwrap(source.range(of: "// Guide example begins\n"))
    let end = try XCTUnwrap(source.range(of: "// Guide example ends\n"))
    let example = String(source[begin.upperBound..<end.lowerBound])
    let block = "```swift\n" + imports.map { "import \($0)\n" }.joined() + "\n" + example + "```"
    XCTAssertTrue(
      try file(guide).contains(block), "\(guide)'s example differs from \(path)'s:\n\(example)", line: line)
  }

  /// The text of a file of the repository.
  static func file(_ path: String) throws -> String {
    try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
  }
}

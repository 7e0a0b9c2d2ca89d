import Hummingbird
import HummingbirdTesting
import NIOCore
import XCTest

/// The routes through a real listening socket on 127.0.0.1, on a port the system picks.
final class RealSocketTests: XCTestCase {
  func testValidateOverARealSocket() async throws {
    let record = try TestForms.file("Specs/inputs/login.json")
    try await TestForms.app(port: 0).test(.live) { client in
      XCTAssertNotNil(client.port)
      XCTAssertNotEqual(client.port, 0)
      try await client.execute(
        uri: "/forms/login/validate", method: .post, headers: [.contentType: "application/json"],
        body: ByteBuffer(string: record)
      ) { response in
        XCTAssertEqual(response.status, .ok)
        XCTAssertEqual(
          String(buffer: response.body),
          #"{"valid":true,"values":{"login":"user@example.com","password":"hunter22"}}"# + "\n")
      }
      try await client.execute(uri: "/health", method: .get) { response in
        XCTAssertEqual(response.status, .ok)
      }
    }
  }
}

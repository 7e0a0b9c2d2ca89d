import Foundation
import Testing

/// `pureform openapi DIR`: the document `serve DIR` serves, and the exit codes.
@Suite struct OpenAPICommandTests {
  @Test func writesTheDocumentOfTheFolder() throws {
    let result = try CLI.run(["openapi", "Specs"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("{\n  \"openapi\": \"3.1.0\",\n"))
    #expect(result.stdout.hasSuffix("}\n"))
    #expect(result.stdout.contains(#""/forms/signup/validate""#))
    #expect(result.stdout.contains(#""summary": "Specs/inputs/login-invalid.json""#))
  }

  @Test func aFolderWithoutSpecsOrWithErrorsExits2() throws {
    let empty = try CLI.run(["openapi", "Specs/strings"])
    #expect(empty.status == 2)
    #expect(empty.stdout == "")
    let broken = try CLI.run(["openapi", "Specs/invalid"])
    #expect(broken.status == 2)
    #expect(broken.stderr.contains("no document is written"))
  }
}

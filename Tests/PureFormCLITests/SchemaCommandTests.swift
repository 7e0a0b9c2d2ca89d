import Foundation
import Testing

/// `pureform schema`: the schema on standard output, and the exit codes.
@Suite struct SchemaCommandTests {
  @Test func writesTheSchemaOfTheLoginForm() throws {
    let result = try CLI.run(["schema", "Specs/pureform-readme/login.json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(result.stdout.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"))
    #expect(result.stdout.hasSuffix("\n  \"required\": [\n    \"login\",\n    \"password\"\n  ]\n}\n"))
    let document = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any]
    #expect(document?["type"] as? String == "object")
  }

  @Test func resolvesStarTextsWithStrings() throws {
    let plain = try CLI.run(["schema", "Specs/registration.json"])
    let resolved = try CLI.run(["schema", "Specs/registration.json", "--strings", "Specs/strings/en.json"])
    #expect(plain.status == 0 && resolved.status == 0)
    #expect(plain.stdout.contains(#""description": "registration.email""#))
    #expect(resolved.stdout.contains(#""description": "E-mail""#))
  }

  @Test func aSpecWithErrorsPrintsItsDiagnosticsAndExits2() throws {
    let result = try CLI.run(["schema", "Specs/invalid/unknown-validator.json"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("error: unknown validator 'min_lenght' [PF304]"))
    #expect(result.stderr.hasSuffix("error: Specs/invalid/unknown-validator.json does not compile: 1 error\n"))
  }

  @Test func anUnreadableFileExits2() throws {
    let spec = try CLI.run(["schema", "nope.json"])
    #expect(spec.status == 2)
    #expect(spec.stderr.contains("nope.json"))
    let strings = try CLI.run(["schema", "Specs/pureform-readme/login.json", "--strings", "nope.json"])
    #expect(strings.status == 2)
    #expect(strings.stdout == "")
  }

  @Test func readsTheSpecFromStandardInput() throws {
    let result = try CLI.run(["schema", "-"], stdin: Data(#"[{"<C + I>": {"f?": {"<key>": "f"}}}]"#.utf8))
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""f": {"#))
  }

  @Test func helpHasAnExample() throws {
    let result = try CLI.run(["schema", "--help"])
    #expect(result.status == 0)
    #expect(result.stdout.contains("pureform schema Specs/login.json"))
  }
}

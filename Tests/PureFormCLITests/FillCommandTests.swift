import Foundation
import Testing

/// `pureform fill`: the filled spec on standard output or in a file, and every exit code.
@Suite struct FillCommandTests {
  @Test func fillsTheLoginFormAndOnlyItsValues() throws {
    let result = try CLI.run(["fill", "Specs/login.json", "--object", "Specs/inputs/login.json"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    let original = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Specs/login.json"), encoding: .utf8)
    #expect(
      result.stdout
        == original.replacingOccurrences(
          of: #"        "placeholder": "Login","#,
          with: "        \"<value>\": \"user@example.com\",\n        \"placeholder\": \"Login\","
        ).replacingOccurrences(
          of: #"        "placeholder": "Password","#,
          with: "        \"<value>\": \"hunter22\",\n        \"placeholder\": \"Password\","))
  }

  @Test func writesToAFileWithO() throws {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("pureform-fill-\(UUID())")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let out = directory.appendingPathComponent("filled.json").path
    let result = try CLI.run(
      ["fill", "Specs/login.json", "--object", "-", "-o", out], stdin: Data(#"{"login": "a@b.co"}"#.utf8))
    #expect(result.status == 0)
    #expect(result.stdout == "")
    let check = try CLI.run(["check", out])
    #expect(check.status == 0)
    #expect(try String(contentsOfFile: out, encoding: .utf8).contains(#""<value>": "a@b.co","#))
  }

  @Test func recordProblemsExit1AndWriteNothing() throws {
    let unknown = try CLI.run(
      ["fill", "Specs/login.json", "--object", "-"],
      stdin: Data(#"{"login": "a@b.co", "pasword": "x", "x": {"y": 1}}"#.utf8))
    #expect(unknown.status == 1)
    #expect(unknown.stdout == "")
    #expect(unknown.stderr == "error: <stdin>: keys name no form view: 'pasword', 'x'\n")
    let ignored = try CLI.run(
      ["fill", "Specs/login.json", "--object", "-", "--ignore-unknown"], stdin: Data(#"{"pasword": "x"}"#.utf8))
    #expect(ignored.status == 0)
    let typed = try CLI.run(
      ["fill", "Specs/registration.json", "--object", "-"], stdin: Data(#"{"profile": {"age": [36]}}"#.utf8))
    #expect(typed.status == 1)
    #expect(typed.stderr == "error: <stdin>: the value of 'profile.age' ([36]) does not fit its type: integer\n")
  }

  /// A record naming a repeated group's views (as an array, flat keys or the literal key) is refused, even
  /// with `--ignore-unknown`; the spec's other views are still filled from a record that names none.
  @Test func repeatedGroupsAreRefusedAndTheRestFills() throws {
    let arrays = try CLI.run(["fill", "Specs/order.json", "--object", "Specs/inputs/order.json", "--ignore-unknown"])
    #expect(arrays.status == 1)
    #expect(arrays.stdout == "")
    #expect(
      arrays.stderr
        == "error: Specs/inputs/order.json: repeated groups cannot be filled into a device spec, whose view holds one value: 'items', 'coupons' name groups\n"
    )
    let literal = try CLI.run(
      ["fill", "Specs/order.json", "--object", "-"],
      stdin: Data(#"{"items.*.sku": "TEA-001", "items.1.sku": "X"}"#.utf8))
    #expect(literal.status == 1)
    #expect(
      literal.stderr
        == "error: <stdin>: repeated groups cannot be filled into a device spec, whose view holds one value: 'items.*.sku', 'items.1.sku' name groups\n"
    )
    let plain = try CLI.run(["fill", "Specs/order.json", "--object", "-"], stdin: Data(#"{"email": "a@b.co"}"#.utf8))
    #expect(plain.status == 0)
    #expect(plain.stdout.contains(#""<value>": "a@b.co","#))
  }

  @Test func unreadableInputsExit2() throws {
    #expect(try CLI.run(["fill", "Specs/login.json", "--object", "-"], stdin: Data("[1]".utf8)).status == 2)
    let notJSON = try CLI.run(["fill", "Specs/login.json", "--object", "-"], stdin: Data("{".utf8))
    #expect(notJSON.status == 2)
    #expect(notJSON.stderr.hasPrefix("error: <stdin>: 1:2: "))
    #expect(try CLI.run(["fill", "Specs/login.json", "--object", "nope.json"]).status == 2)
    #expect(try CLI.run(["fill", "Specs/invalid/keys.json", "--object", "Specs/inputs/login.json"]).status == 2)
    #expect(try CLI.run(["fill", "-", "--object", "-"]).status == 2)
    #expect(try CLI.run(["fill", "Specs/login.json"]).status == 2)
  }
}

import Foundation
import Testing

/// `pureform check`: exit codes, both formats, `--emit model`, `--strings`.
@Suite struct CheckCommandTests {
  /// The example forms of `Specs/` are forms to copy: no error, and no warning but an extension's own.
  ///
  /// They warn only where they use an extension the device does not evaluate, with that extension's own
  /// warning (PF707–PF709 for the conditions of `Specs/business-account.json` and the gift note of
  /// `Specs/order.json`; PF431–PF435 for the value rules of `Specs/booking.json`). PureForm's own README forms, with their warnings, are in
  /// `Specs/pureform-readme/`, checked by the golden tests.
  @Test func examplesCompileWithoutErrorsOrOtherWarnings() throws {
    let specs = try FileManager.default.contentsOfDirectory(
      atPath: CLI.packageRoot.appendingPathComponent("Specs").path
    )
    .filter { $0.hasSuffix(".json") && !$0.hasSuffix(".tests.json") }.sorted().map { "Specs/\($0)" }
    #expect(specs.count >= 5)
    let valueRules = ["-Wno-PF431", "-Wno-PF432", "-Wno-PF433", "-Wno-PF434", "-Wno-PF435"]
    let result = try CLI.run(["check", "-Wno-PF707", "-Wno-PF708", "-Wno-PF709", "-Wno-PF907"] + valueRules + specs)
    #expect(result.status == 0, "\(result.stdout)")
    #expect(result.stdout == "")
    #expect(result.stderr == "checked \(specs.count) specs: 0 errors, 0 warnings\n")
    let conditions = try CLI.run(["check"] + valueRules + specs)
    let codes = conditions.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }.map { $0.suffix(7) }
    #expect(
      codes == ["[PF707]", "[PF707]", "[PF708]", "[PF709]", "[PF707]", "[PF707]", "[PF708]", "[PF708]", "[PF707]"])
    // The checkout's two come from the address partial it includes twice, with its `<required_if>`; the
    // order form's from its gift note's `<visible_if>`.
    #expect(
      conditions.stdout.split(separator: "\n").filter { $0.contains(": warning: ") }.map { $0.prefix { $0 != ":" } }
        == Array(repeating: "Specs/business-account.json", count: 6) + [
          "Specs/partials/address.json", "Specs/partials/address.json", "Specs/order.json",
        ])
  }

  @Test func warningsAreSilencedByCodeOrName() throws {
    let spec = "Specs/invalid/parity-warnings.json"
    let all = try CLI.run(["check", spec])
    #expect(all.status == 1)
    #expect(all.stderr == "checked 1 spec: 2 errors, 8 warnings\n")
    // -Wno-CODE and -Wno-name (compilers' spelling) and --no-warn say the same; codes in any case.
    let quiet = try CLI.run([
      "check", "-Wno-PF317", "-Wno-equal-kind-mismatch", "--no-warn", "custom-names-rule", "-Wno-pf312", spec,
    ])
    #expect(quiet.status == 1, "errors still fail the check")
    #expect(quiet.stderr == "checked 1 spec: 2 errors, 0 warnings\n")
    #expect(!quiet.stdout.contains("warning:"))
    #expect(quiet.stdout.components(separatedBy: "error:").count == 3)
    let json = try CLI.run(["check", "--format", "json", "-Wno-empty-always-fails", spec])
    let document = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
    #expect(document["warnings"] as? Int == 5)
    #expect(document["errors"] as? Int == 2)
  }

  @Test func silencingAnUnknownNameOrAnErrorIsAUsageError() throws {
    let misspelt = try CLI.run(["check", "-Wno-empty-always-fail", "Specs/pureform-readme/login.json"])
    #expect(misspelt.status == 2)
    #expect(misspelt.stdout == "")
    #expect(
      misspelt.stderr
        == "error: -Wno-empty-always-fail: no warning has that code or name; did you mean '-Wno-empty-always-fails'?\n")
    let error = try CLI.run(["check", "-Wno-PF408", "Specs/pureform-readme/login.json"])
    #expect(error.status == 2)
    #expect(error.stderr == "error: -Wno-PF408: PF408 is an error, and errors cannot be silenced\n")
    let nothingClose = try CLI.run(["check", "--no-warn", "banana", "Specs/pureform-readme/login.json"])
    #expect(nothingClose.status == 2)
    #expect(nothingClose.stderr == "error: -Wno-banana: no warning has that code or name\n")
  }

  @Test func centeredExampleWarnsAboutItsMissingKey() throws {
    let result = try CLI.run(["check", "Specs/pureform-readme/centered.json"])
    #expect(result.status == 0)
    #expect(
      result.stdout == """
        Specs/pureform-readme/centered.json:4:7: warning: form view 'textField' has no '<key>': its value is output as 'unknown_key_0' [PF501]
              "textField?": {
              ^~~~~~~~~~~~

        """)
  }

  @Test func textDiagnosticsLookLikeACompilers() throws {
    let spec = try temporarySpec(
      """
      [
        {"<Cell + Id>": {"field?": {"<key>": "a", "<validators>": {"min_lenght": 6}}}}
      ]
      """)
    defer { try? FileManager.default.removeItem(atPath: spec) }
    let result = try CLI.run(["check", spec])
    #expect(result.status == 1)
    let sourceLine = #"  {"<Cell + Id>": {"field?": {"<key>": "a", "<validators>": {"min_lenght": 6}}}}"#
    let caretLine = String(repeating: " ", count: 61) + "^~~~~~~~~~~~"
    #expect(
      result.stdout == """
        \(spec):2:62: error: unknown validator 'min_lenght' [PF304]
        \(sourceLine)
        \(caretLine)
        note: did you mean 'min_length'?

        """)
    #expect(result.stderr == "checked 1 spec: 1 error, 0 warnings\n")
  }

  @Test func jsonFormat() throws {
    let spec = try temporarySpec(#"[{"<A + B>": {"f?": {"<key>": "a"}, "g?": {"<key>": "a"}}}]"#)
    defer { try? FileManager.default.removeItem(atPath: spec) }
    let result = try CLI.run(["check", "--format", "json", spec])
    #expect(result.status == 1)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(document["errors"] as? Int == 1)
    #expect(document["warnings"] as? Int == 0)
    let diagnostic = try #require((document["diagnostics"] as? [[String: Any]])?.first)
    #expect(diagnostic["code"] as? String == "PF502")
    #expect(diagnostic["line"] as? Int == 1)
    #expect(diagnostic["column"] as? Int == 53)
    #expect(diagnostic["endColumn"] as? Int == 56)
    #expect(diagnostic["severity"] as? String == "error")
    let note = try #require((diagnostic["notes"] as? [[String: Any]])?.first)
    #expect(note["message"] as? String == "first used here")
    #expect(note["column"] as? Int == 31)
    #expect(result.stderr == "")
  }

  @Test func exitCodes() throws {
    #expect(try CLI.run(["check", "Specs/pureform-readme/login.json"]).status == 0)
    #expect(try CLI.run(["check", "Specs/invalid/unknown-validator.json"]).status == 1)
    let missing = try CLI.run(["check", "Specs/nope.json"])
    #expect(missing.status == 2)
    #expect(missing.stderr.hasPrefix("error: Specs/nope.json: no such file\n"))
    #expect(try CLI.run(["check", "Specs"]).status == 2)
    #expect(try CLI.run(["check"]).status == 2)
    #expect(try CLI.run(["check", "--format", "xml", "Specs/pureform-readme/login.json"]).status == 2)
    #expect(try CLI.run(["frobnicate"]).status == 2)
    #expect(try CLI.run(["--help"]).status == 0)
    // An unreadable file among good ones: the others are still checked, and the exit is 2.
    let mixed = try CLI.run(["check", "Specs/pureform-readme/login.json", "Specs/nope.json"])
    #expect(mixed.status == 2)
    #expect(mixed.stderr.contains("checked 1 spec"))
  }

  @Test func standardInput() throws {
    let result = try CLI.run(["check", "-"], stdin: Data(#"[{"<A + B>": 1}]"#.utf8))
    #expect(result.status == 1)
    #expect(result.stdout.hasPrefix("<stdin>:1:14: error: cell '<A + B>' must hold an object of views"))
  }

  @Test func emitModelResolvesEnumsAndColours() throws {
    let result = try CLI.run(["check", "Specs/pureform-readme/login.json", "--emit", "model"])
    #expect(result.status == 0)
    let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(document["format"] as? String == "pureform-model")
    let sections = try #require(document["sections"] as? [[String: Any]])
    #expect(sections.count == 2)
    #expect(result.stdout.contains(#""enum": "UIKeyboardType""#))
    #expect(result.stdout.contains(#""name": "UIKeyboardTypeEmailAddress""#))
    #expect(result.stdout.contains(#""value": 7"#))
    #expect(result.stdout.contains(##""hex": "#6F3F83""##))
    #expect(result.stdout.contains(#""red": 111"#))
    // Canonical: the same spec gives the same bytes.
    #expect(try CLI.run(["check", "Specs/pureform-readme/login.json", "--emit", "model"]).stdout == result.stdout)
  }

  @Test func stringsTableResolvesLocalizedTexts() throws {
    let result = try CLI.run([
      "check", "Specs/registration.json", "--strings", "Specs/strings/en.json", "--emit", "model",
    ])
    #expect(result.status == 0)
    #expect(result.stdout.contains(#""text": "Create your account""#))
    let bad = try CLI.run(["check", "Specs/registration.json", "--strings", "Specs/pureform-readme/login.json"])
    #expect(bad.status == 2)
    #expect(bad.stderr.contains("a strings table must be a JSON object"))
    let missingKey = try CLI.run([
      "check", "Specs/invalid/missing-localization.json", "--strings", "Specs/strings/en.json",
    ])
    #expect(missingKey.status == 1)
    #expect(missingKey.stdout.contains("[PF410]"))
  }

  @Test func hostileInputsEndInDiagnosticsNotCrashes() throws {
    let deep = try CLI.run(["check", "-"], stdin: Data(String(repeating: "[", count: 100_000).utf8))
    #expect(deep.status == 1)
    #expect(deep.stdout.hasPrefix("<stdin>:1:513: error: "))
    #expect(deep.stdout.contains("[PF109]"))
    let binary = try CLI.run(["check", "-"], stdin: Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
    #expect(binary.status == 1)
    #expect(binary.stdout.contains("[PF1"))
  }

  /// Writes `text` to a temporary file and returns its path; the caller removes it.
  private func temporarySpec(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pureform-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    return url.path
  }
}

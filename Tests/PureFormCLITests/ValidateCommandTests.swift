import Foundation
import Testing

/// `pureform validate`: the README login form end to end, every flag, every exit code.
@Suite struct ValidateCommandTests {
  static let loginFailures =
    #"{"valid":false,"failures":[{"key":"login","path":"/login","validator":"type","argument":"email","reason":"Value doesn't match email format","section":0,"row":0,"tag":0,"line":4,"column":7},{"key":"password","path":"/password","validator":"min_length","argument":6,"reason":"String length is too short, than expected (6)","section":0,"row":1,"tag":0,"line":17,"column":7}]}"#

  // MARK: The README's login form

  @Test func loginFormIsValid() throws {
    let result = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json"])
    #expect(result.status == 0)
    #expect(result.stdout == #"{"valid":true,"values":{"login":"user@example.com","password":"hunter22"}}"# + "\n")
    #expect(result.stderr == "Specs/inputs/login.json: valid\n")
  }

  @Test func loginFormIsInvalid() throws {
    let result = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login-invalid.json",
    ])
    #expect(result.status == 1)
    #expect(result.stdout == Self.loginFailures + "\n")
    #expect(
      result.stderr == """
        Specs/inputs/login-invalid.json: 2 failures
          login: Value doesn't match email format [type] (Specs/pureform-readme/login.json:4:7)
          password: String length is too short, than expected (6) [min_length] (Specs/pureform-readme/login.json:17:7)

        """)
  }

  @Test func everyExampleInputValidates() throws {
    for name in ["pureform-readme/centered", "login", "pureform-readme/login", "profile", "registration", "signup"] {
      let input = "Specs/inputs/\(URL(fileURLWithPath: name).lastPathComponent).json"
      let result = try CLI.run(["validate", "Specs/\(name).json", "--input", input])
      #expect(result.status == 0, "\(name): \(result.stdout) \(result.stderr)")
      #expect(result.stdout.hasPrefix(#"{"valid":true,"values":{"#))
    }
  }

  @Test func registrationFailuresCoverEveryKind() throws {
    let result = try CLI.run([
      "validate", "Specs/registration.json", "--input", "Specs/inputs/registration-invalid.json", "--format", "json",
    ])
    #expect(result.status == 1)
    #expect(result.stderr == "")
    let failures = try #require(try document(result.stdout)["failures"] as? [[String: Any]])
    #expect(
      failures.map { "\($0["key"] ?? "") \($0["validator"] ?? "")" } == [
        "account.email type", "account.password min_length", "account.password_confirm equal_previous",
        "profile.full_name type", "profile.nickname equal_next", "address.zip equal_length", "profile.age min_value",
        "order.quantity max_value", "plan equal", "newsletter type_mismatch", "terms_accepted equal",
      ])
    #expect(failures[0]["reason"] as? String == "That does not look like an e-mail address")
    #expect(failures[6]["reason"] as? String == "You must be at least 13")
    #expect(failures[7]["argument"] as? Double == 10.25)
    #expect(failures[9]["argument"] as? String == "bool")
    #expect(failures[0]["section"] as? Int == 1)
    #expect(failures[5]["row"] as? Int == 3)
    #expect(failures[5]["line"] as? Int == 115)
  }

  // MARK: Flags

  @Test func formatJSONKeepsStandardErrorForErrors() throws {
    let valid = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json", "--format", "json",
    ])
    #expect(valid.status == 0)
    #expect(valid.stderr == "")
    let invalid = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login-invalid.json", "--format", "json",
    ])
    #expect(invalid.status == 1)
    #expect(invalid.stdout == Self.loginFailures + "\n")
    #expect(invalid.stderr == "")
    #expect(
      try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "-", "--format", "xml"]).status == 2)
  }

  @Test func allFailures() throws {
    let input = #"{"login": "x", "password": "12345678901234567890123456", "extra": 1}"#
    let spec = try temporaryFile(
      #"[{"<A + B>": {"f?": {"<key>": "password", "<validators>": {"equal_length": 5, "max_length": 25, "custom": "[a-z]*"}}}}]"#
    )
    defer { try? FileManager.default.removeItem(atPath: spec) }
    let first = try CLI.run(["validate", spec, "--input", "-"], stdin: Data(input.utf8))
    #expect(first.status == 1)
    #expect(try failureValidators(first.stdout) == ["equal_length"])
    let all = try CLI.run(["validate", spec, "--input", "-", "--all-failures"], stdin: Data(input.utf8))
    #expect(all.status == 1)
    #expect(try failureValidators(all.stdout) == ["equal_length", "max_length", "custom"])
    #expect(all.stderr.hasPrefix("<stdin>: 3 failures\n"))
  }

  @Test func fieldAndLive() throws {
    let input = Data(#"{"login": "not an email", "password": "hunter22"}"#.utf8)
    let password = try CLI.run(
      ["validate", "Specs/pureform-readme/login.json", "--input", "-", "--field", "password"], stdin: input)
    #expect(password.status == 0)
    #expect(password.stdout == #"{"valid":true,"values":{"password":"hunter22"}}"# + "\n")
    let login = try CLI.run(
      ["validate", "Specs/pureform-readme/login.json", "--input", "-", "--field", "login"], stdin: input)
    #expect(login.status == 1)
    #expect(try failureValidators(login.stdout) == ["type"])
    // `type` on login is not live: with --live only the `!` validators run.
    let live = try CLI.run(
      ["validate", "Specs/pureform-readme/login.json", "--input", "-", "--field", "login", "--live"], stdin: input)
    #expect(live.status == 0)
    #expect(live.stdout == #"{"valid":true,"values":{"login":"not an email"}}"# + "\n")
    let short = Data(#"{"password": "hunt"}"#.utf8)
    let livePassword = try CLI.run(
      ["validate", "Specs/pureform-readme/login.json", "--input", "-", "--field", "password", "--live"], stdin: short)
    #expect(livePassword.status == 1)
    #expect(try failureValidators(livePassword.stdout) == ["min_length"])
  }

  @Test func settingsFile() throws {
    let keyboard = try CLI.run([
      "validate", "Specs/signup.json", "--input", "Specs/inputs/signup-keyboard.json", "--settings",
      "Specs/settings/pureform-settings.json",
    ])
    #expect(keyboard.status == 1)
    #expect(
      keyboard.stdout
        == #"{"valid":false,"failures":[{"key":"zip","path":"/zip","validator":"keyboard_type","argument":null,"reason":"Only digits, please","section":0,"row":5,"tag":0,"line":69,"column":7}]}"#
        + "\n")
    let without = try CLI.run(["validate", "Specs/signup.json", "--input", "Specs/inputs/signup-keyboard.json"])
    #expect(try failureValidators(without.stdout) == ["custom"], "keyboard validation is off without the setting")
    let reasons = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login-invalid.json", "--settings",
      "Specs/settings/pureform-settings.json", "--format", "json",
    ])
    #expect(reasons.stdout.contains(#""reason":"Use at least 6 characters""#))
  }

  @Test func stringsTable() throws {
    let ok = try CLI.run([
      "validate", "Specs/registration.json", "--input", "Specs/inputs/registration.json", "--strings",
      "Specs/strings/en.json",
    ])
    #expect(ok.status == 0)
    let missing = try CLI.run([
      "validate", "Specs/invalid/missing-localization.json", "--input", "Specs/inputs/login.json", "--strings",
      "Specs/strings/en.json",
    ])
    #expect(missing.status == 2)
    #expect(missing.stderr.contains("[PF410]"))
    let bad = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json", "--strings",
      "Specs/pureform-readme/login.json",
    ])
    #expect(bad.status == 2)
    #expect(
      bad.stderr == """
        Specs/pureform-readme/login.json:1:1: error: a strings table must be a JSON object of key to text [PF603]
        [
        ^
        error: strings table Specs/pureform-readme/login.json cannot be used

        """)
  }

  @Test func flat() throws {
    let nested = try CLI.run(["validate", "Specs/registration.json", "--input", "Specs/inputs/registration.json"])
    #expect(nested.stdout.hasPrefix(#"{"valid":true,"values":{"account":{"email":"ada@example.com","password":"#))
    let flat = try CLI.run([
      "validate", "Specs/registration.json", "--input", "Specs/inputs/registration.json", "--flat",
    ])
    #expect(flat.status == 0)
    #expect(
      flat.stdout
        == #"{"valid":true,"values":{"account.email":"ada@example.com","account.password":"analytical1","profile.full_name":"Ada Lovelace","profile.nickname":"ada","address.zip":"10115","profile.age":36,"order.quantity":2.5,"plan":"Basic","newsletter":true,"terms_accepted":true}}"#
        + "\n")
  }

  @Test func standardInput() throws {
    let result = try CLI.run(
      ["validate", "Specs/pureform-readme/login.json", "--input", "-"],
      stdin: Data(#"{"login": "a@b.c", "password": "secret"}"#.utf8))
    #expect(result.status == 0)
    #expect(result.stdout == #"{"valid":true,"values":{"login":"a@b.c","password":"secret"}}"# + "\n")
    #expect(result.stderr == "<stdin>: valid\n")
  }

  // MARK: Exit codes

  @Test func specThatDoesNotCompileExitsTwoWithItsDiagnostics() throws {
    let result = try CLI.run(["validate", "Specs/invalid/unknown-validator.json", "--input", "Specs/inputs/login.json"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("error: unknown validator"))
    #expect(result.stderr.contains("[PF304]"))
    #expect(result.stderr.hasSuffix("error: Specs/invalid/unknown-validator.json does not compile: 1 error\n"))
    let json = try CLI.run([
      "validate", "Specs/invalid/unknown-validator.json", "--input", "Specs/inputs/login.json", "--format", "json",
    ])
    #expect(json.status == 2)
    #expect(json.stdout == "")
    #expect(json.stderr.contains("[PF304]"), "diagnostics are errors, so they are on stderr in JSON format too")
  }

  @Test func unreadableFilesExitTwo() throws {
    let spec = try CLI.run(["validate", "Specs/nope.json", "--input", "Specs/inputs/login.json"])
    #expect(spec.status == 2)
    #expect(spec.stderr == "error: Specs/nope.json: no such file\n")
    let input = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/nope.json"])
    #expect(input.status == 2)
    #expect(input.stderr == "error: Specs/inputs/nope.json: no such file\n")
    #expect(input.stdout == "")
    let directory = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "Specs"])
    #expect(directory.status == 2)
  }

  @Test func inputThatIsNotJSONExitsTwo() throws {
    let path = try temporaryFile("{\n  \"login\": \"a\"\n  \"password\": 1\n}\n")
    defer { try? FileManager.default.removeItem(atPath: path) }
    let result = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", path])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == "error: \(path):3:3: expected ',' or '}' after object member\n")
    let stdin = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "-"], stdin: Data("nope".utf8))
    #expect(stdin.status == 2)
    #expect(stdin.stderr.hasPrefix("error: <stdin>:1:1: "))
    let empty = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "-"])
    #expect(empty.status == 2)
  }

  @Test func inputThatIsNotAnObjectExitsTwo() throws {
    let result = try CLI.run(
      ["validate", "Specs/pureform-readme/login.json", "--input", "-"], stdin: Data(#"["login"]"#.utf8))
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == "error: <stdin>: input must be a JSON object of key to value, found an array\n")
  }

  @Test func usageErrorsExitTwo() throws {
    let live = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json", "--live",
    ])
    #expect(live.status == 2)
    #expect(live.stderr.contains("--live needs --field KEY"))
    let field = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json", "--field", "pasword",
    ])
    #expect(field.status == 2)
    #expect(field.stderr == "error: no field has the key 'pasword' (did you mean 'password'?)\n")
    #expect(try CLI.run(["validate", "Specs/pureform-readme/login.json"]).status == 2, "--input is required")
    #expect(try CLI.run(["validate", "--input", "Specs/inputs/login.json"]).status == 2)
    #expect(try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "-", "--bogus"]).status == 2)
  }

  @Test func badSettingsExitTwo() throws {
    let unknownKey = try temporaryFile(#"{"failureReasons": {"PFValidationMaxLenghtFailure": "Too long"}}"#)
    defer { try? FileManager.default.removeItem(atPath: unknownKey) }
    let result = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json", "--settings", unknownKey,
    ])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: settings \(unknownKey):1:21: unknown failure reason key 'PFValidationMaxLenghtFailure' (did you mean 'PFValidationMaxLengthFailure'?)\n"
    )
    let missing = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json", "--settings",
      "Specs/settings/nope.json",
    ])
    #expect(missing.status == 2)
    #expect(missing.stderr == "error: settings Specs/settings/nope.json: no such file\n")
    let topLevel = try temporaryFile(#"{"keyboardValidation": true}"#)
    defer { try? FileManager.default.removeItem(atPath: topLevel) }
    let unknownSetting = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json", "--settings", topLevel,
    ])
    #expect(unknownSetting.status == 2)
    #expect(unknownSetting.stderr.contains("unknown settings key 'keyboardValidation'"))
  }

  @Test func catastrophicPatternFailsFast() throws {
    let spec = try temporaryFile(#"[{"<A + B>": {"f?": {"<key>": "word", "<validators>": {"custom": "(a+)+"}}}}]"#)
    defer { try? FileManager.default.removeItem(atPath: spec) }
    let input = Data(#"{"word": "\#(String(repeating: "a", count: 40))!"}"#.utf8)
    let result = try CLI.run(["validate", spec, "--input", "-", "--format", "json"], stdin: input, timeout: 30)
    #expect(result.status == 1)
    #expect(result.stdout.contains(#""validator":"custom","argument":"(a+)+","reason":"pattern gave up: "#))
  }

  @Test func helpListsTheCommand() throws {
    let help = try CLI.run(["validate", "--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("--all-failures"))
    #expect(try CLI.run(["--help"]).stdout.contains("validate"))
  }

  // MARK: Helpers

  /// The parsed JSON object a run printed.
  private func document(_ stdout: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(stdout.utf8)) as? [String: Any])
  }

  /// The validator names of the failures a run printed.
  private func failureValidators(_ stdout: String) throws -> [String] {
    let failures = try #require(try document(stdout)["failures"] as? [[String: Any]])
    return failures.compactMap { $0["validator"] as? String }
  }

  /// Writes `text` to a temporary file and returns its path; the caller removes it.
  private func temporaryFile(_ text: String) throws -> String {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("pureform-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    return url.path
  }
}

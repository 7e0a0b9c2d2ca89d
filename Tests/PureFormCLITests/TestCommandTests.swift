import Foundation
import Testing

/// `pureform test`: finding cases files, malformed ones reported before anything runs, every output format, coverage
/// and every exit code.
@Suite struct TestCommandTests {
  /// A folder with `files` (name → text), removed after `body`.
  private func inFolder(_ files: [String: String], _ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("pureform-test-\(UUID())")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in files { try Data(text.utf8).write(to: folder.appendingPathComponent(name)) }
    try body(folder.path)
  }

  private static let login = """
    [{"<A + B>": {"f?": {"<key>": "login", "<validators>": {"required": true, "type": "email"}}}},
     {"<A + C>": {"g?": {"<key>": "password", "<validators>": {"required": true, "min_length": 6}}}}]
    """

  private static let cases = """
    {
      "cases": [
        {"name": "good", "record": {"login": "a@b.co", "password": "secret1"}, "expect": "valid"},
        {"name": "short", "record": {"login": "a@b.co", "password": "abc"},
         "expect": {"valid": false, "failures": [{"path": "/password", "validator": "min_length"}]}},
        {"name": "wrong",
         "record": {"login": "x", "password": "abc"},
         "expect": {"valid": false, "failures": [{"path": "/password", "validator": "required"}], "exact": true}}
      ]
    }
    """

  @Test func textReportsFailingCasesAndTheCount() throws {
    try inFolder(["login.json": Self.login, "login.tests.json": Self.cases]) { folder in
      let result = try CLI.run(["test", folder + "/login.json"])
      #expect(result.status == 1)
      #expect(result.stderr == "")
      #expect(
        result.stdout
          == "FAIL \(folder)/login.json: wrong: missing failure /password required; got /login type, "
          + "/password min_length; unexpected failure /login type; unexpected failure /password min_length\n"
          + "2 passed, 1 failed\n")
      let verbose = try CLI.run(["test", folder, "-v"])
      #expect(verbose.stdout.hasPrefix("ok   \(folder)/login.json: good\nok   \(folder)/login.json: short\nFAIL "))
    }
  }

  @Test func everyFormatNamesTheCasesFileAndLine() throws {
    try inFolder(["login.json": Self.login, "login.tests.json": Self.cases]) { folder in
      let spec = folder + "/login.json"
      let file = folder + "/login.tests.json"
      let tap = try CLI.run(["test", spec, "--format", "tap"])
      #expect(tap.stdout.hasPrefix("TAP version 13\n1..3\nok 1 - \(spec): good\nok 2 - \(spec): short\nnot ok 3 - "))
      #expect(tap.stdout.hasSuffix("  ...\n# 2 passed, 1 failed\n"))
      let github = try CLI.run(["test", spec, "--format", "github"])
      #expect(github.stdout.hasPrefix("::error file=\(file),line=6::\(spec): wrong: missing failure"))
      #expect(github.stdout.hasSuffix("\n2 passed, 1 failed\n"))
      let junit = try CLI.run(["test", spec, "--format", "junit"])
      #expect(junit.stdout.contains(#"<testsuites tests="3" failures="1" errors="0">"#))
      #expect(junit.stdout.contains(#"<testcase name="good" classname="\#(spec)" file="\#(file)" line="3"/>"#))
      #expect(junit.stdout.contains(#"<failure message="missing failure /password required; got"#))
      let json = try CLI.run(["test", spec, "--format", "json"])
      let document = try #require(JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
      #expect(document["passed"] as? Int == 2)
      #expect(document["failed"] as? Int == 1)
      let specs = try #require(document["specs"] as? [[String: Any]])
      let run = try #require(specs.first?["cases"] as? [[String: Any]])
      #expect(run.map { $0["line"] as? Int } == [3, 4, 6])
      #expect((run[1]["result"] as? [String: Any])?["valid"] as? Bool == false)
      #expect(json.status == 1)
    }
  }

  @Test func malformedCasesAreAllReportedAndNothingRuns() throws {
    let cases = """
      {"cases": [
        {"name": "a", "record": {}, "expcet": "valid"},
        {"name": "a", "record": [], "expect": {"valid": true, "failures": []}},
        {"name": "b", "record": {}, "options": {"field": "pasword"}, "expect": "invalid"}
      ]}
      """
    try inFolder(["login.json": Self.login, "login.tests.json": cases]) { folder in
      let result = try CLI.run(["test", folder])
      #expect(result.status == 2)
      #expect(result.stdout == "")
      let errors = result.stderr.split(separator: "\n").filter { $0.contains("error:") }.map {
        $0.replacingOccurrences(of: folder + "/", with: "")
      }
      #expect(
        errors == [
          "login.tests.json:2:31: error: unknown member 'expcet' in a case: it takes 'name', 'record', "
            + "'changed_from', 'options', 'expect' [PF010]",
          "login.tests.json:2:3: error: a case needs 'expect' [PF010]",
          "login.tests.json:3:12: error: duplicate case name 'a': names are unique in a cases file [PF010]",
          "login.tests.json:3:27: error: 'record' must be an object: the record, keyed by <key> [PF010]",
          "login.tests.json:3:57: error: 'failures' needs \"valid\": false [PF010]",
          "login.tests.json:4:52: error: 'field' names no form view of the spec: 'pasword' [PF010]",
          "error: login.tests.json is malformed: 6 errors",
        ])
      #expect(result.stderr.contains("note: did you mean 'password'?"))
    }
  }

  @Test func aSyntaxErrorIsReportedAsCheckReportsIt() throws {
    try inFolder(["login.json": Self.login, "login.tests.json": #"{"cases": [1,]}"#]) { folder in
      let result = try CLI.run(["test", folder + "/login.json"])
      #expect(result.status == 2)
      #expect(result.stdout == "")
      #expect(result.stderr.hasPrefix("\(folder)/login.tests.json:1:13: error: trailing ',' before ']' [PF114]\n"))
    }
  }

  @Test func missingCasesFilesAreErrorsNamingTheFileLookedFor() throws {
    try inFolder(["login.json": Self.login]) { folder in
      let spec = try CLI.run(["test", folder + "/login.json"])
      #expect(spec.status == 2)
      #expect(spec.stdout == "")
      #expect(
        spec.stderr == "error: \(folder)/login.json has no cases file: \(folder)/login.tests.json does not exist\n")
      let directory = try CLI.run(["test", folder])
      #expect(directory.status == 2)
      #expect(
        directory.stderr
          == "error: \(folder) has no cases file: no NAME.tests.json beside a NAME.json spec directly in it\n")
    }
  }

  @Test func coverageListsUncoveredRulesAndMinCoverageExits1() throws {
    let cases =
      #"{"cases": [{"name": "short", "record": {"login": "a@b.co", "password": "abc"}, "expect": "invalid"}]}"#
    try inFolder(["login.json": Self.login, "login.tests.json": cases]) { folder in
      let spec = folder + "/login.json"
      let result = try CLI.run(["test", spec, "--min-coverage", "50"])
      #expect(result.status == 1)
      #expect(
        result.stdout == """
          coverage \(spec): 25.0% (1 of 4 rules)
            \(spec):1:57: login required
            \(spec):1:75: login type
            \(spec):2:60: password required
          coverage \(spec): 25.0% is below --min-coverage 50
          1 passed, 0 failed

          """)
      let enough = try CLI.run(["test", spec, "--min-coverage", "25"])
      #expect(enough.status == 0)
    }
  }

  @Test func conditionsAreCoveredWhenSeenBothWays() throws {
    let spec = """
      [{"<A + B>": {"f?": {"<key>": "kind"}}},
       {"<A + C>": {"g?": {"<key>": "company", "<visible_if>": {"kind": "business"}}}}]
      """
    let cases = """
      {"cases": [
        {"name": "personal", "record": {"kind": "personal"}, "expect": {"valid": true, "hidden": ["company"]}},
        {"name": "business", "record": {"kind": "business"}, "expect": {"valid": true, "hidden": []}}
      ]}
      """
    try inFolder(["form.json": spec, "form.tests.json": cases]) { folder in
      let both = try CLI.run(["test", folder, "--coverage"])
      #expect(both.stdout == "coverage \(folder)/form.json: 100.0% (1 of 1 rules)\n2 passed, 0 failed\n")
      let one = try CLI.run(["test", folder + "/form.json", "--cases", folder + "/form.tests.json", "--coverage"])
      #expect(one.status == 0)
    }
    let personalOnly = #"{"cases": [{"name": "p", "record": {"kind": "personal"}, "expect": "valid"}]}"#
    try inFolder(["form.json": spec, "form.tests.json": personalOnly]) { folder in
      let result = try CLI.run(["test", folder, "--coverage"])
      #expect(
        result.stdout
          == "coverage \(folder)/form.json: 0.0% (0 of 1 rules)\n  \(folder)/form.json:2:42: company <visible_if> never true\n"
          + "1 passed, 0 failed\n")
    }
  }

  @Test func generatedCasesPassAndAreTheSameEveryRun() throws {
    try inFolder(["login.json": Self.login]) { folder in
      let first = try CLI.run(["test", folder + "/login.json", "--generate"])
      let second = try CLI.run(["test", folder + "/login.json", "--generate"])
      #expect(first.status == 0)
      #expect(first.stdout == second.stdout)
      #expect(first.stdout.contains(#"{"name":"password min_length 6: 5 units","#))
      try Data(first.stdout.utf8).write(to: URL(fileURLWithPath: folder + "/login.tests.json"))
      let run = try CLI.run(["test", folder, "--coverage"])
      #expect(run.status == 0)
      #expect(run.stdout.hasSuffix("coverage \(folder)/login.json: 100.0% (4 of 4 rules)\n7 passed, 0 failed\n"))
    }
  }

  @Test func pageWithoutChromiumExits2BeforeAnyCase() throws {
    try inFolder(["login.json": Self.login, "login.tests.json": Self.cases]) { folder in
      let task = Process()
      task.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      task.arguments = ["PUREFORM_CHROMIUM=/nonexistent/chromium", CLI.binary.path, "test", folder, "--page"]
      let output = Pipe()
      let error = Pipe()
      task.standardOutput = output
      task.standardError = error
      try task.run()
      let stdout = output.fileHandleForReading.readDataToEndOfFile()
      let stderr = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      task.waitUntilExit()
      #expect(task.terminationStatus == 2)
      #expect(stdout.isEmpty)
      #expect(stderr.contains("Chromium") && stderr.contains("PUREFORM_CHROMIUM"))
    }
  }

  @Test func checkAndFoldersOfSpecsSkipCasesFiles() throws {
    try inFolder(["login.json": Self.login, "login.tests.json": Self.cases]) { folder in
      let check = try CLI.run(["check", folder + "/login.json", folder + "/login.tests.json"])
      #expect(check.status == 0)
      #expect(check.stderr == "checked 1 spec: 0 errors, 0 warnings\n")
      let alone = try CLI.run(["check", folder + "/login.tests.json"])
      #expect(alone.status == 2)
      let openapi = try CLI.run(["openapi", folder])
      #expect(openapi.status == 0)
      #expect(!openapi.stdout.contains("login.tests"))
    }
  }
}

import Foundation
import Testing

/// Errors that say what to do: each mistake a newcomer makes on the command line gets a message that names
/// it (with "did you mean" where a name is close) and exit status 2, pinned here word for word.
@Suite struct UsageErrorTests {
  @Test func unknownOptionIsNamedBeforeAMissingOne() throws {
    let result = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--inptu", "x.json"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr == "error: unknown option '--inptu' for 'pureform validate'; did you mean '--input'?\n")
    let check = try CLI.run(["check", "--fromat", "json", "Specs/pureform-readme/login.json"])
    #expect(check.status == 2)
    #expect(check.stderr == "error: unknown option '--fromat' for 'pureform check'; did you mean '--format'?\n")
    let nothingClose = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "-", "--bogus"])
    #expect(nothingClose.status == 2)
    #expect(
      nothingClose.stderr
        == "error: unknown option '--bogus' for 'pureform validate' (see 'pureform validate --help')\n")
    let short = try CLI.run(["check", "-x", "Specs/pureform-readme/login.json"])
    #expect(short.stderr == "error: unknown option '-x' for 'pureform check' (see 'pureform check --help')\n")
  }

  @Test func optionLikeArgumentsThatAreNotOptionsPass() throws {
    // A value after `--`, `-` for standard input, `-Wno-…` and an option's value are not options.
    #expect(try CLI.run(["check", "-Wno-PF317", "--", "Specs/pureform-readme/login.json"]).status == 0)
    let stdin = try CLI.run(["check", "-"], stdin: Data("[]".utf8))
    #expect(stdin.status == 0)
    #expect(try CLI.run(["check", "--format=json", "Specs/pureform-readme/login.json"]).status == 0)
  }

  @Test func unknownCommandIsNamed() throws {
    let close = try CLI.run(["chek", "Specs/pureform-readme/login.json"])
    #expect(close.status == 2)
    #expect(close.stdout == "")
    #expect(close.stderr == "error: unknown command 'chek'; did you mean 'check'?\n")
    let far = try CLI.run(["frobnicate"])
    #expect(far.status == 2)
    #expect(
      far.stderr
        == "error: unknown command 'frobnicate': the commands are 'bundle', 'check', 'diff', 'fill', 'generate', 'help', 'lsp', 'openapi', 'render', 'schema', 'serve', 'test', 'validate'\n"
    )
  }

  @Test func bareCommandPrintsHelpAsAUsageError() throws {
    let result = try CLI.run([])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.hasPrefix("OVERVIEW: "))
    #expect(result.stderr.contains("USAGE: pureform <subcommand>"))
    #expect(try CLI.run(["--help"]).status == 0, "asking for help is not an error")
  }

  @Test func jobsBelowOneIsAUsageError() throws {
    for (jobs, found) in [("-1", "-1"), ("0", "0")] {
      let result = try CLI.run(["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--jobs", jobs])
      #expect(result.status == 2)
      #expect(firstLine(result.stderr) == "Error: --jobs must be at least 1, found \(found)")
    }
  }

  @Test func jobsOnASingleRecordIsAUsageError() throws {
    let result = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json", "--jobs", "2",
    ])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      firstLine(result.stderr)
        == "Error: --jobs applies to NDJSON input only (--ndjson, or a *.ndjson or *.jsonl file); "
        + "Specs/inputs/login.json is one record")
  }

  @Test func repeatedFieldIsAUsageError() throws {
    let result = try CLI.run([
      "validate", "Specs/pureform-readme/login.json", "--input", "Specs/inputs/login.json", "--field", "login",
      "--field", "password",
    ])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr
        == "error: --field is given twice ('login', then 'password'): validate one field per run, or leave --field "
        + "out to validate them all\n")
    let format = try CLI.run(["check", "--format", "json", "--format=text", "Specs/pureform-readme/login.json"])
    #expect(format.status == 2)
    #expect(format.stderr == "error: --format is given twice ('json', then 'text'): give it once\n")
    let repeatable = try CLI.run([
      "check", "--no-warn", "PF317", "--no-warn", "PF501", "Specs/pureform-readme/login.json",
    ])
    #expect(repeatable.status == 0, "--no-warn may be repeated")
  }

  @Test func standardInputTwiceIsAUsageError() throws {
    let result = try CLI.run(["validate", "-", "--input", "-"], stdin: Data("[]".utf8))
    #expect(result.status == 2)
    #expect(
      firstLine(result.stderr)
        == "Error: the spec and --input cannot both read standard input ('-'): give one of them a file")
    let settings = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "-", "--settings", "-"])
    #expect(settings.status == 2)
    #expect(
      firstLine(settings.stderr)
        == "Error: --input and --settings cannot both read standard input ('-'): give one of them a file")
  }

  @Test func ndjsonWithoutTheFlagGetsANote() throws {
    let records = Data("{\"login\": \"a@b.co\", \"password\": \"hunter22\"}\n{\"login\": \"x\"}\n".utf8)
    let result = try CLI.run(["validate", "Specs/pureform-readme/login.json", "--input", "-"], stdin: records)
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr == """
        error: <stdin>:2:1: unexpected '{' after the top-level value
        note: the input holds one JSON object per line: add --ndjson to validate each line as a record

        """)
    // Two values on one line are not NDJSON: no note.
    let sameLine = try CLI.run(
      ["validate", "Specs/pureform-readme/login.json", "--input", "-"], stdin: Data("{} {}".utf8))
    #expect(sameLine.stderr == "error: <stdin>:1:4: unexpected '{' after the top-level value\n")
    let withFlag = try CLI.run(
      ["validate", "Specs/pureform-readme/login.json", "--input", "-", "--ndjson"], stdin: records)
    #expect(withFlag.status == 1)
  }

  @Test func unreadableFileIsADiagnosticInJSON() throws {
    let result = try CLI.run(["check", "--format", "json", "nope.json", "Specs", "Specs/pureform-readme/login.json"])
    #expect(result.status == 2, "an unreadable file still exits 2")
    #expect(result.stderr == "error: nope.json: no such file\nerror: Specs: is a directory\n")
    let document = try #require(
      try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
    #expect(document["errors"] as? Int == 2)
    let diagnostics = try #require(document["diagnostics"] as? [[String: Any]])
    let unreadable = diagnostics.filter { $0["code"] as? String == "PF001" }
    #expect(unreadable.map { $0["file"] as? String } == ["nope.json", "Specs"])
    #expect(
      unreadable.map { $0["message"] as? String } == [
        "cannot read 'nope.json': no such file", "cannot read 'Specs': is a directory",
      ])
    #expect(unreadable.allSatisfy { $0["line"] as? Int == 1 && $0["column"] as? Int == 1 })
    #expect(unreadable.allSatisfy { $0["severity"] as? String == "error" })
  }

  @Test func unterminatedAndEmptySpecsSayWhatEnded() throws {
    let unterminated = try CLI.run(["check", "-"], stdin: Data("[\n  {\"<A + B>\": {}}\n\n".utf8))
    #expect(unterminated.status == 1)
    #expect(
      unterminated.stdout == """
        <stdin>:2:18: error: unexpected end of file: expected ',' or ']' after array element [PF111]
          {"<A + B>": {}}
                         ^
        <stdin>:1:1: note: to match this '['
        [
        ^

        """)
    let empty = try CLI.run(["check", "-"])
    #expect(empty.stdout == "<stdin>:1:1: error: the file is empty: expected a JSON value [PF100]\n")
  }

  @Test func recordCutShortSaysEndOfLine() throws {
    let records = Data("{\"email\": \"a@b.co\"\n{\"email\":\n".utf8)
    let result = try CLI.run(
      ["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--format", "json"], stdin: records)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        {"line":1,"error":"1:19: unexpected end of line: expected ',' or '}' after object member"}
        {"line":2,"error":"1:10: unexpected end of line: expected a value"}

        """)
  }

  @Test func quotedNumberArgumentGetsANote() throws {
    let spec = Data(#"[{"<A + B>": {"f?": {"<key>": "a", "<validators>": {"min_length": "5"}}}}]"#.utf8)
    let result = try CLI.run(["check", "-"], stdin: spec)
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        <stdin>:1:67: error: validator 'min_length' needs a non-negative integer, found the string "5" [PF302]
        [{"<A + B>": {"f?": {"<key>": "a", "<validators>": {"min_length": "5"}}}}]
                                                                          ^~~
        note: write the number without quotes: 5

        """)
  }

  /// The first line of a message (ArgumentParser follows its own errors with the usage).
  private func firstLine(_ text: String) -> String {
    String(text.prefix(while: { $0 != "\n" }))
  }
}

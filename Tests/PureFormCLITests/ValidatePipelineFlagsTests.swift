import Foundation
import Testing

/// `validate --exit-zero`, `--id KEY` and `--no-values` on NDJSON: exact output lines, exit codes, the same
/// bytes on every job count, and usage errors for a single record.
@Suite struct ValidatePipelineFlagsTests {
  /// Records of the signup form: valid, invalid, an array, a syntax error, an empty line; ids of four kinds.
  static let input = Data(
    """
    {"id": 101, "email": "ada@example.com", "password": "analytical1", "password_confirm": "analytical1", "full_name": "Ada Lovelace", "age": 36, "zip": "10115"}
    {"id": "r-2", "email": "bob@example.com", "password": "abc", "password_confirm": "abc", "full_name": "Bob Byte", "zip": "10115"}
    [1, 2]
    {"id": 4,}

    {"email": "eve@example.com", "password": "secret12", "password_confirm": "secret12", "full_name": "Eve Ng", "zip": "12345", "id": {"batch": 7}}

    """.utf8)

  /// The result lines of `input` with `--id id --no-values`.
  static let expected = [
    #"{"line":1,"id":101,"valid":true}"#,
    #"{"line":2,"id":"r-2","valid":false,"failures":[{"key":"password","path":"/password","validator":"min_length","argument":6,"reason":"String length is too short, than expected (6)","section":0,"row":1,"tag":0,"line":17,"column":7}]}"#,
    #"{"line":3,"id":null,"error":"input must be a JSON object of key to value, found an array"}"#,
    #"{"line":4,"id":null,"error":"1:9: trailing ',' before '}'"}"#,
    #"{"line":5,"id":null,"error":"empty line"}"#,
    #"{"line":6,"id":{"batch": 7},"valid":true}"#,
  ]

  @Test(arguments: ["1", "2"])
  func idAndNoValuesGiveExactLines(jobs: String) throws {
    let run = try CLI.run(
      ["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--id", "id", "--no-values", "--jobs", jobs],
      stdin: Self.input)
    #expect(run.stdout.split(separator: "\n").map(String.init) == Self.expected)
    #expect(run.stderr == "<stdin>: 6 records: 2 valid, 1 invalid, 3 malformed\n")
    #expect(run.status == 1)
  }

  @Test func jobCountsGiveTheSameBytes() throws {
    let path = CLI.packageRoot.appendingPathComponent("Specs/inputs/signup.ndjson").path
    let big = Data(try (0..<400).map { _ in try Data(contentsOf: URL(fileURLWithPath: path)) }.joined())
    var outputs: [String] = []
    for jobs in ["1", "2"] {
      let run = try CLI.run(
        ["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--id", "email", "--exit-zero", "--jobs", jobs],
        stdin: big)
      #expect(run.status == 0)
      outputs.append(run.stdout)
    }
    #expect(outputs[0] == outputs[1])
    #expect(outputs[0].split(separator: "\n").count == 2800)
  }

  @Test func exitZeroWhenEveryRecordGotItsResult() throws {
    let run = try CLI.run(
      ["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--exit-zero", "--format", "json"],
      stdin: Self.input)
    #expect(run.status == 0)
    #expect(run.stderr == "")
    let lines = run.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 6)
    #expect(lines[0].hasPrefix(#"{"line":1,"valid":true,"values":{"email":"ada@example.com","#))
    // Still 2 for what is not a record's verdict: an unreadable input, a usage error.
    let missing = try CLI.run(["validate", "Specs/signup.json", "--input", "no-such.ndjson", "--exit-zero"])
    #expect(missing.status == 2)
    let badField = try CLI.run(
      ["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--exit-zero", "--field", "emial"],
      stdin: Self.input)
    #expect(badField.status == 2)
  }

  @Test(arguments: [["--exit-zero"], ["--id", "id"], ["--no-values"]])
  func pipelineFlagsNeedNDJSON(flag: [String]) throws {
    let run = try CLI.run(["validate", "Specs/login.json", "--input", "Specs/inputs/login.json"] + flag)
    #expect(run.status == 2)
    #expect(
      run.stderr.hasPrefix(
        "Error: \(flag[0]) applies to NDJSON input only (--ndjson, or a *.ndjson or *.jsonl file); "
          + "Specs/inputs/login.json is one record\n"))
    #expect(run.stdout == "")
  }
}

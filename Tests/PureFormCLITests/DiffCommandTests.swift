import Foundation
import Testing

/// `pureform diff OLD NEW`: the changes, their kinds and locations, every output format, `--fail-on`,
/// `--records` and the exit codes.
@Suite struct DiffCommandTests {
  static let old = "Specs/diff/cases/orders-old.json"
  static let new = "Specs/diff/cases/orders-new.json"
  static let records = "Specs/diff/cases/orders.ndjson"

  @Test func textListsNewsChangesByLocationThenRemovalsInOld() throws {
    let result = try CLI.run(["diff", Self.old, Self.new])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        Specs/diff/cases/orders-new.json:6:21: tightened: items: min_items 1 -> 2
        Specs/diff/cases/orders-new.json:9:40: loosened: items.*.qty: <type> "integer" -> "number"
        Specs/diff/cases/orders-new.json:15:32: changed: vat: <visible_if> {"kind":"business"} -> {"kind":"company"}
        Specs/diff/cases/orders-new.json:15:86: changed: vat: equal_length 9 -> 11
        Specs/diff/cases/orders-new.json:16:53: tightened: email: type none -> "email"
        Specs/diff/cases/orders-old.json:6:31: loosened: items: max_items 5 -> none
        Specs/diff/cases/orders-old.json:16:36: loosened: email: <required_if> "kind" -> none
        7 changes: 2 tightened, 3 loosened, 2 changed

        """)
  }

  @Test func theLiveMarkerAndANumberWrittenOtherwiseAreNoChange() throws {
    // `required` → `required!`, `min_length!` → `min_length`, `min_value` 1 → 1.0: none is listed.
    let result = try CLI.run(["diff", Self.old, Self.new])
    // (`<required_if>` is a change of its own in this pair: the validator `required` is not.)
    #expect(!result.stdout.contains(": required "))
    #expect(!result.stdout.contains(": min_length "))
    #expect(!result.stdout.contains(": min_value "))
  }

  @Test func aSpecAgainstItselfHasNoChanges() throws {
    let text = try CLI.run(["diff", Self.old, Self.old, "--fail-on", "any"])
    #expect(text.status == 0)
    #expect(text.stdout == "0 changes: 0 tightened, 0 loosened, 0 changed\n")
    let json = try CLI.run(["diff", Self.old, Self.old, "--format", "json"])
    #expect(json.stdout == "[]\n")
    let markdown = try CLI.run(["diff", Self.old, Self.old, "--format", "markdown"])
    #expect(markdown.stdout == "**pureform diff**: 0 changes, 0 breaking\n")
  }

  @Test func exampleSpecsAddedViewAndTightenings() throws {
    let result = try CLI.run(["diff", "Specs/diff/signup-v1.json", "Specs/diff/signup-v2.json", "--format", "json"])
    #expect(result.status == 0)
    #expect(
      result.stdout
        == #"[{"key":"password","path":"/password","kind":"tightened","change":"min_length","old":6,"new":10,"location":"Specs/diff/signup-v2.json:22:11"},{"key":"password","path":"/password","kind":"loosened","change":"max_length","old":25,"new":64,"location":"Specs/diff/signup-v2.json:23:11"},{"key":"full_name","path":"/full_name","kind":"tightened","change":"type","old":null,"new":"full_name","location":"Specs/diff/signup-v2.json:35:11"},{"key":"phone","path":"/phone","kind":"tightened","change":"view","old":null,"new":{"<validators>":{"required":true,"custom":"^\\+?[0-9 ]{7,15}$"}},"location":"Specs/diff/signup-v2.json:42:7"},{"key":"age","path":"/age","kind":"loosened","change":"<type>","old":"integer","new":"number","location":"Specs/diff/signup-v2.json:57:9"},{"key":"age","path":"/age","kind":"tightened","change":"min_value","old":13,"new":16,"location":"Specs/diff/signup-v2.json:59:11"},{"key":"newsletter","path":"/newsletter","kind":"changed","change":"<value>","old":false,"new":true,"location":"Specs/diff/signup-v2.json:68:9"},{"key":"referral","path":"/referral","kind":"loosened","change":"view","old":{"<validators>":{"max_length":12}},"new":null,"location":"Specs/diff/signup-v1.json:61:7"}]"#
        + "\n")
  }

  @Test func failOnSetsTheExitAndTheAnnotationLevels() throws {
    let breaking = try CLI.run(["diff", Self.old, Self.new, "--format", "github", "--fail-on", "breaking"])
    #expect(breaking.status == 1)
    #expect(
      breaking.stdout == """
        ::error file=Specs/diff/cases/orders-new.json,line=6,col=21::tightened: items: min_items 1 -> 2
        ::notice file=Specs/diff/cases/orders-new.json,line=9,col=40::loosened: items.*.qty: <type> "integer" -> "number"
        ::error file=Specs/diff/cases/orders-new.json,line=15,col=32::changed: vat: <visible_if> {"kind":"business"} -> {"kind":"company"}
        ::error file=Specs/diff/cases/orders-new.json,line=15,col=86::changed: vat: equal_length 9 -> 11
        ::error file=Specs/diff/cases/orders-new.json,line=16,col=53::tightened: email: type none -> "email"
        ::notice file=Specs/diff/cases/orders-old.json,line=6,col=31::loosened: items: max_items 5 -> none
        ::notice file=Specs/diff/cases/orders-old.json,line=16,col=36::loosened: email: <required_if> "kind" -> none
        7 changes: 2 tightened, 3 loosened, 2 changed

        """)
    let tightened = try CLI.run(["diff", Self.old, Self.new, "--format", "github", "--fail-on", "tightened"])
    #expect(tightened.status == 1)
    #expect(tightened.stdout.contains("::warning file=Specs/diff/cases/orders-new.json,line=15,col=86::changed"))
    let none = try CLI.run(["diff", Self.old, Self.new, "--format", "github"])
    #expect(none.status == 0)
    #expect(!none.stdout.contains("::error"))
    let loosenedOnly = try CLI.run(["diff", Self.new, Self.new, "--fail-on", "any"])
    #expect(loosenedOnly.status == 0)
  }

  @Test func markdownIsOneLineAndOneTable() throws {
    let result = try CLI.run(["diff", Self.old, Self.new, "--format", "markdown", "--fail-on", "any"])
    #expect(result.status == 1)
    #expect(
      result.stdout == """
        **pureform diff**: 7 changes, 4 breaking

        | kind | key | change | old | new | location |
        |---|---|---|---|---|---|
        | tightened | `items` | `min_items` | `1` | `2` | Specs/diff/cases/orders-new.json:6:21 |
        | loosened | `items.*.qty` | `<type>` | `"integer"` | `"number"` | Specs/diff/cases/orders-new.json:9:40 |
        | changed | `vat` | `<visible_if>` | `{"kind":"business"}` | `{"kind":"company"}` | Specs/diff/cases/orders-new.json:15:32 |
        | changed | `vat` | `equal_length` | `9` | `11` | Specs/diff/cases/orders-new.json:15:86 |
        | tightened | `email` | `type` | none | `"email"` | Specs/diff/cases/orders-new.json:16:53 |
        | loosened | `items` | `max_items` | `5` | none | Specs/diff/cases/orders-old.json:6:31 |
        | loosened | `email` | `<required_if>` | `"kind"` | none | Specs/diff/cases/orders-old.json:16:36 |

        """)
  }

  @Test func recordsAreCountedAndAttributed() throws {
    let result = try CLI.run(["diff", Self.old, Self.new, "--records", Self.records, "--id", "rid"])
    #expect(result.status == 0)
    #expect(result.stderr == "")
    #expect(
      result.stdout == """
        Specs/diff/cases/orders-new.json:6:21: tightened: items: min_items 1 -> 2 (1 newly failing)
        Specs/diff/cases/orders-new.json:9:40: loosened: items.*.qty: <type> "integer" -> "number"
        Specs/diff/cases/orders-new.json:15:32: changed: vat: <visible_if> {"kind":"business"} -> {"kind":"company"} (1 newly failing)
        Specs/diff/cases/orders-new.json:15:86: changed: vat: equal_length 9 -> 11 (1 newly failing)
        Specs/diff/cases/orders-new.json:16:53: tightened: email: type none -> "email" (1 newly failing)
        Specs/diff/cases/orders-old.json:6:31: loosened: items: max_items 5 -> none
        Specs/diff/cases/orders-old.json:16:36: loosened: email: <required_if> "kind" -> none
        records: 4 total, 2 newly failing, 0 newly passing, 2 still failing, 0 still passing
          /email type: 1 (null)
          /items min_items: 1 (7)
          /vat equal_length: 1 (7)
        7 changes: 2 tightened, 3 loosened, 2 changed

        """)
  }

  @Test func recordsJSONIsTheSameAtEveryJobCount() throws {
    let expected =
      #"{"changes":[{"key":"items","path":"/items","kind":"tightened","change":"min_items","old":1,"new":2,"location":"Specs/diff/cases/orders-new.json:6:21","newly_failing":1,"samples":[1]},{"key":"items.*.qty","path":"/items/*/qty","kind":"loosened","change":"<type>","old":"integer","new":"number","location":"Specs/diff/cases/orders-new.json:9:40","newly_failing":0,"samples":[]},{"key":"vat","path":"/vat","kind":"changed","change":"<visible_if>","old":{"kind":"business"},"new":{"kind":"company"},"location":"Specs/diff/cases/orders-new.json:15:32","newly_failing":1,"samples":[1]},{"key":"vat","path":"/vat","kind":"changed","change":"equal_length","old":9,"new":11,"location":"Specs/diff/cases/orders-new.json:15:86","newly_failing":1,"samples":[1]},{"key":"email","path":"/email","kind":"tightened","change":"type","old":null,"new":"email","location":"Specs/diff/cases/orders-new.json:16:53","newly_failing":1,"samples":[2]},{"key":"items","path":"/items","kind":"loosened","change":"max_items","old":5,"new":null,"location":"Specs/diff/cases/orders-old.json:6:31","newly_failing":0,"samples":[]},{"key":"email","path":"/email","kind":"loosened","change":"<required_if>","old":"kind","new":null,"location":"Specs/diff/cases/orders-old.json:16:36","newly_failing":0,"samples":[]}],"records":{"file":"Specs/diff/cases/orders.ndjson","total":4,"newly_failing":2,"newly_passing":0,"still_failing":2,"still_passing":0,"unattributed":0,"new_failures":[{"path":"/email","validator":"type","count":1,"samples":[2]},{"path":"/items","validator":"min_items","count":1,"samples":[1]},{"path":"/vat","validator":"equal_length","count":1,"samples":[1]}]}}"#
      + "\n"
    for jobs in ["1", "2", "3"] {
      let result = try CLI.run(
        ["diff", Self.old, Self.new, "--records", Self.records, "--format", "json", "--jobs", jobs])
      #expect(result.status == 0)
      #expect(result.stdout == expected, "--jobs \(jobs)")
    }
  }

  @Test func manyRecordsGiveTheSameReportAtEveryJobCount() throws {
    // Enough lines for several chunks: 20,000 records, a third of them newly failing.
    var lines: [String] = []
    for number in 0..<20_000 {
      let items = number % 3 == 0 ? #"[{"name":"ab","qty":1}]"# : #"[{"name":"ab","qty":1},{"name":"cd","qty":2}]"#
      lines.append(#"{"items":\#(items),"kind":"x","email":"a@b.co","email2":"a@b.co","id":\#(number)}"#)
    }
    let data = Data((lines.joined(separator: "\n") + "\n").utf8)
    let one = try CLI.run(
      ["diff", Self.old, Self.new, "--records", "-", "--id", "id", "--format", "json", "--jobs", "1"], stdin: data)
    let two = try CLI.run(
      ["diff", Self.old, Self.new, "--records", "-", "--id", "id", "--format", "json", "--jobs", "2"], stdin: data)
    #expect(one.status == 0)
    #expect(one.stdout == two.stdout)
    #expect(
      one.stdout.contains(
        #""records":{"file":"<stdin>","total":20000,"newly_failing":6667,"newly_passing":0,"still_failing":0,"still_passing":13333,"unattributed":0,"new_failures":[{"path":"/items","validator":"min_items","count":6667,"samples":[0,3,6,9,12]}]}"#
      ))
  }

  /// Samples are the `--id` member as sent, whether the record's rules come from the kernel's failures (the first
  /// record failing that way) or from the memo of a way of failing already seen (the ones after it).
  @Test(arguments: [
    #""a,\"b\"\\ \u00e9""#, "12.5e3", "-7", "true", "null", #"{"valid":false,"x":[1]}"#, #"[1,"valid",{}]"#,
  ])
  func samplesAreTheIDAsSentFromTheKernelAndTheMemo(id: String) throws {
    let line = #"{"items":[{"name":"ab","qty":1}],"kind":"x","email":"a@b.co","email2":"a@b.co","id":\#(id)}"#
    let data = Data(([line, line, line].joined(separator: "\n") + "\n").utf8)
    let result = try CLI.run(
      ["diff", Self.old, Self.new, "--records", "-", "--id", "id", "--format", "json", "--jobs", "1"], stdin: data)
    #expect(result.status == 0)
    #expect(
      result.stdout.contains(
        #""new_failures":[{"path":"/items","validator":"min_items","count":3,"samples":[\#(id),\#(id),\#(id)]}]"#),
      "\(result.stdout)")
  }

  @Test func malformedRecordsAreEachReportedAndStopTheReport() throws {
    let input = "{\"kind\":\"x\"}\n\n[1]\n{\"a\":1,}\n"
    let result = try CLI.run(["diff", Self.old, Self.new, "--records", "-"], stdin: Data(input.utf8))
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(
      result.stderr == """
        <stdin>:2: error: empty line
        <stdin>:3: error: input must be a JSON object of key to value, found an array
        <stdin>:4: error: 1:7: trailing ',' before '}'

        """)
  }

  @Test func usageErrorsExitTwo() throws {
    let noRecords = try CLI.run(["diff", Self.old, Self.new, "--id", "rid"])
    #expect(noRecords.status == 2)
    #expect(noRecords.stderr.hasPrefix("Error: --id applies with --records only\n"))
    let jobs = try CLI.run(["diff", Self.old, Self.new, "--records", Self.records, "--jobs", "0"])
    #expect(jobs.status == 2)
    #expect(jobs.stderr.hasPrefix("Error: --jobs must be at least 1, found 0\n"))
    let failOn = try CLI.run(["diff", Self.old, Self.new, "--fail-on", "bad"])
    #expect(failOn.status == 2)
    #expect(failOn.stderr.contains("'breaking', 'tightened' or 'any'"))
    let missing = try CLI.run(["diff", Self.old, "Specs/diff/cases/missing.json"])
    #expect(missing.status == 2)
    #expect(missing.stderr == "error: Specs/diff/cases/missing.json: no such file\n")
    let noFile = try CLI.run(["diff", Self.old, Self.new, "--records", "Specs/diff/cases/missing.ndjson"])
    #expect(noFile.status == 2)
    #expect(noFile.stdout == "")
  }

  @Test func aSpecThatDoesNotCompileExitsTwoWithItsDiagnostics() throws {
    let result = try CLI.run(["diff", Self.old, "Specs/invalid/unknown-validator.json"])
    #expect(result.status == 2)
    #expect(result.stdout == "")
    #expect(result.stderr.contains("error: Specs/invalid/unknown-validator.json does not compile"))
  }
}

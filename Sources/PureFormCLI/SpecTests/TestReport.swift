import Foundation
import PureForm

/// Writes the runs of `pureform test` in each format: text, json, junit, tap, github.
struct TestReport {
  /// Every spec's run, in run order.
  var runs: [SpecRun]
  /// `--min-coverage`, when given.
  var minimumCoverage: Double?
  /// `-v`: also a line per passing case (text).
  var verbose: Bool

  /// How many cases passed, over all specs.
  var passed: Int { runs.reduce(0) { $0 + $1.passed } }
  /// How many cases failed, over all specs.
  var failed: Int { runs.reduce(0) { $0 + $1.failed } }
  /// The last line: `N passed, M failed`.
  var countLine: String { "\(passed) passed, \(failed) failed" }

  /// The specs whose coverage is below `--min-coverage`.
  var belowMinimum: [SpecRun] {
    guard let minimumCoverage else { return [] }
    return runs.filter { run in run.coverage.map { !$0.meets(minimumCoverage) } ?? false }
  }

  /// The whole output in `format`, ending with a newline.
  func rendered(_ format: TestReportFormat) -> String {
    switch format {
    case .text: return text()
    case .json: return json()
    case .junit: return junit()
    case .tap: return tap()
    case .github: return github()
    }
  }

  /// `FAIL SPEC: NAME: WHAT` per failing case (and `ok   SPEC: NAME` with `-v`), the coverage lines, the count.
  private func text() -> String {
    var lines: [String] = []
    for run in runs {
      for outcome in run.outcomes {
        if !outcome.passed {
          lines.append("FAIL \(run.target.spec): \(outcome.testCase.name): \(what(outcome))")
        } else if verbose {
          lines.append("ok   \(run.target.spec): \(outcome.testCase.name)\(letsThrough(outcome))")
        }
      }
    }
    lines += coverageLines(prefix: "")
    lines.append(countLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// What differed, joined: `missing failure /password min_length; got /login type`.
  private func what(_ outcome: CaseOutcome) -> String {
    outcome.differences.joined(separator: "; ")
  }

  /// ` (page lets through: KEYS)` for a passing case the page let through, or nothing.
  private func letsThrough(_ outcome: CaseOutcome) -> String {
    outcome.pageLetsThrough.isEmpty ? "" : " (page lets through: \(outcome.pageLetsThrough.joined(separator: ", ")))"
  }

  /// `coverage SPEC: P% (C of T rules)` and the uncovered rules per spec, then the specs below the minimum.
  private func coverageLines(prefix: String) -> [String] {
    var lines: [String] = []
    for run in runs {
      guard let coverage = run.coverage else { continue }
      lines.append(
        "\(prefix)coverage \(run.target.spec): \(coverage.percentText)% (\(coverage.covered) of \(coverage.total) rules)"
      )
      for rule in coverage.uncovered { lines.append("\(prefix)  \(rule.place): \(rule.key) \(rule.text)") }
    }
    for run in belowMinimum {
      guard let coverage = run.coverage, let minimumCoverage else { continue }
      lines.append(
        "\(prefix)coverage \(run.target.spec): \(coverage.percentText)% is below --min-coverage \(Self.number(minimumCoverage))"
      )
    }
    return lines
  }

  /// `{"passed", "failed", "specs": [{"spec", "cases_file", "cases": [...], "coverage"?}]}`.
  private func json() -> String {
    let specs: [OutputJSON] = runs.map { run in
      var members: [(String, OutputJSON)] = [
        ("spec", .string(run.target.spec)), ("cases_file", .string(run.target.casesFile)),
        ("cases", .array(run.outcomes.map(Self.caseJSON))),
      ]
      if let coverage = run.coverage { members.append(("coverage", coverage.json)) }
      return .object(members)
    }
    let document = OutputJSON.object([
      ("passed", .number(String(passed))), ("failed", .number(String(failed))), ("specs", .array(specs)),
    ])
    return document.rendered(pretty: true) + "\n"
  }

  /// One case in the json format.
  private static func caseJSON(_ outcome: CaseOutcome) -> OutputJSON {
    var members: [(String, OutputJSON)] = [
      ("name", .string(outcome.testCase.name)), ("line", .number(String(outcome.testCase.line))),
      ("passed", .bool(outcome.passed)), ("differences", .array(outcome.differences.map(OutputJSON.string))),
      ("result", outcome.resultJSON),
    ]
    if !outcome.pageLetsThrough.isEmpty {
      members.append(("page_lets_through", .array(outcome.pageLetsThrough.map(OutputJSON.string))))
    }
    return .object(members)
  }

  /// JUnit XML: a `<testsuite>` per spec, a `<testcase>` per case, a `<failure>` when it failed.
  private func junit() -> String {
    var lines = [
      #"<?xml version="1.0" encoding="UTF-8"?>"#,
      #"<testsuites tests="\#(passed + failed)" failures="\#(failed)" errors="0">"#,
    ]
    for run in runs {
      let spec = XML.escape(run.target.spec)
      lines.append(#"  <testsuite name="\#(spec)" tests="\#(run.outcomes.count)" failures="\#(run.failed)">"#)
      for outcome in run.outcomes {
        let attributes =
          #"name="\#(XML.escape(outcome.testCase.name))" classname="\#(spec)" file="\#(XML.escape(run.target.casesFile))" line="\#(outcome.testCase.line)""#
        if outcome.passed {
          lines.append("    <testcase \(attributes)/>")
        } else {
          lines.append("    <testcase \(attributes)>")
          lines.append(#"      <failure message="\#(XML.escape(what(outcome)))"/>"#)
          lines.append("    </testcase>")
        }
      }
      lines.append("  </testsuite>")
    }
    lines.append("</testsuites>")
    return lines.joined(separator: "\n") + "\n"
  }

  /// TAP version 13: a line per case, the differences as YAML under a failing one, the count as a `#` line.
  private func tap() -> String {
    let total = runs.reduce(0) { $0 + $1.outcomes.count }
    var lines = ["TAP version 13", "1..\(total)"]
    var number = 0
    for run in runs {
      for outcome in run.outcomes {
        number += 1
        let name = "\(run.target.spec): \(outcome.testCase.name)"
        guard !outcome.passed else {
          lines.append("ok \(number) - \(name)")
          continue
        }
        lines.append("not ok \(number) - \(name)")
        lines.append("  ---")
        lines.append("  differences:")
        for difference in outcome.differences { lines.append("    - \(OutputJSON.string(difference).rendered())") }
        lines.append("  ...")
      }
    }
    lines += coverageLines(prefix: "# ")
    lines.append("# \(countLine)")
    return lines.joined(separator: "\n") + "\n"
  }

  /// GitHub workflow commands: `::error` per failing case, `::warning` per uncovered rule, then the count.
  private func github() -> String {
    var lines: [String] = []
    for run in runs {
      for outcome in run.outcomes where !outcome.passed {
        lines.append(
          "::error file=\(GitHub.property(run.target.casesFile)),line=\(outcome.testCase.line)::"
            + GitHub.data("\(run.target.spec): \(outcome.testCase.name): \(what(outcome))"))
      }
    }
    for run in runs {
      guard let coverage = run.coverage else { continue }
      for rule in coverage.uncovered {
        lines.append(
          "::warning file=\(GitHub.property(rule.file)),line=\(rule.line),col=\(rule.column)::"
            + GitHub.data("\(run.target.spec): uncovered rule \(rule.key) \(rule.text)"))
      }
    }
    for run in belowMinimum {
      guard let coverage = run.coverage, let minimumCoverage else { continue }
      lines.append(
        "::error::"
          + GitHub.data(
            "coverage \(run.target.spec): \(coverage.percentText)% is below --min-coverage \(Self.number(minimumCoverage))"
          ))
    }
    lines.append(countLine)
    return lines.joined(separator: "\n") + "\n"
  }

  /// `80`, `72.5`: a percentage as given, without a trailing `.0`.
  static func number(_ value: Double) -> String {
    value == value.rounded() ? String(Int(value)) : String(value)
  }
}

/// XML attribute escapes.
enum XML {
  /// `text` with `&`, `<`, `>`, `"` and control characters escaped, for an attribute value.
  static func escape(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "\n": escaped += "&#10;"
      case "\r": escaped += "&#13;"
      case "\t": escaped += "&#9;"
      default:
        // XML 1.0 has no other control characters, even escaped.
        if scalar.value < 0x20 { escaped += "\u{FFFD}" } else { escaped.unicodeScalars.append(scalar) }
      }
    }
    return escaped
  }
}

/// GitHub Actions workflow command escapes.
enum GitHub {
  /// A command's message: `%`, CR and LF escaped.
  static func data(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// A property value: as `data`, and `:` and `,`.
  static func property(_ text: String) -> String {
    data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}

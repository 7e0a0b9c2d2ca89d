import Foundation
import Testing

@testable import PureForm

/// The compile errors and device warnings of the value-rule words.
///
/// `<format>`, `<schemes>`, `<in>`, `<not_in>`, `<min>` and `<max>`, with exact positions and wording. Members start at line 5, column 9.
@Suite struct ValueRuleDiagnosticsTests {
  /// Only the errors (the device warnings are tested once, below).
  private func errors(_ members: String) -> [String] {
    diagnose(field(members)).filter { !$0.contains(": warning: ") }
  }

  @Test func eachWordWarnsThatTheDeviceIgnoresIt() {
    let spec = field(
      #""<key>": "a", "<format>": "date", "<in>": ["2024-01-01"], "<not_in>": ["2024-01-02"], "<min>": "2024-01-01", "<max>": "2024-12-31""#
    )
    #expect(
      diagnose(spec) == [
        "5:23: warning: '<format>' is not checked on the device: field 'a' takes any value there [PF431]",
        "5:43: warning: '<in>' is not checked on the device: field 'a' takes any value there [PF432]",
        "5:67: warning: '<not_in>' is not checked on the device: field 'a' takes any value there [PF433]",
        "5:95: warning: '<min>' is not checked on the device: field 'a' takes any value there [PF434]",
        "5:118: warning: '<max>' is not checked on the device: field 'a' takes any value there [PF435]",
      ])
    let silenced = CompileOptions(silencedWarnings: [
      .deviceIgnoresFormat, .deviceIgnoresIn, .deviceIgnoresNotIn, .deviceIgnoresMin, .deviceIgnoresMax,
    ])
    #expect(diagnose(spec, options: silenced) == [])
    #expect(
      [
        "device-ignores-format", "device-ignores-in", "device-ignores-not-in", "device-ignores-min",
        "device-ignores-max",
      ].compactMap { try? DiagnosticCode.warning(named: $0).rawValue } == ["PF431", "PF432", "PF433", "PF434", "PF435"])
  }

  @Test func onAPlainViewTheyAreNeverRun() {
    #expect(
      codes(field(#""<format>": "url", "<in>": ["a"]"#, view: "textField")) == ["PF411", "PF411"])
  }

  @Test func anUnknownFormatSuggestsTheClosest() {
    let found = FormCompiler.compile(string: field(#""<key>": "a", "<format>": "datetime""#)).diagnostics
      .filter { $0.severity == .error }
    #expect(found.map(\.message) == ["unknown format 'datetime'"])
    #expect(found.first?.notes.map(\.message) == ["did you mean 'date_time'?"])
    #expect(found.first.map { "\($0.range.start.line):\($0.range.start.column)" } == "5:35")
    #expect(
      FormCompiler.compile(string: field(#""<key>": "a", "<format>": "email""#)).diagnostics
        .first { $0.code == .unknownFormat }?.notes.map(\.message)
        == ["the formats are 'url', 'uuid', 'date', 'date_time', 'time'"])
  }

  @Test(arguments: ["number", "integer", "bool", "image"])
  func formatOnlyOnText(_ type: String) {
    let members = #""<key>": "a", "<type>": "\#(type)", "<format>": "uuid""#
    let column = 9 + members.distance(from: members.startIndex, to: members.range(of: "\"uuid\"")!.lowerBound)
    #expect(
      errors(members) == [
        "5:\(column): error: '<format>' 'uuid' checks text, and a '\(type)' view never holds text [PF422]"
      ])
  }

  @Test func schemes() {
    #expect(
      errors(#""<key>": "a", "<schemes>": ["https"]"#) == [
        "5:23: error: '<schemes>' lists the schemes of a URL, and the view has no '<format>' [PF423]"
      ])
    #expect(
      errors(#""<key>": "a", "<format>": "uuid", "<schemes>": ["https"]"#) == [
        "5:43: error: '<schemes>' lists the schemes of a URL, and '<format>' is 'uuid' [PF423]"
      ])
    #expect(
      errors(#""<key>": "a", "<format>": "url", "<schemes>": []"#) == [
        "5:55: error: '<schemes>' must be a non-empty array of scheme names, found an empty array [PF423]"
      ])
    #expect(
      errors(#""<key>": "a", "<format>": "url", "<schemes>": ["https", "1x"]"#) == [
        "5:65: error: a scheme is a name such as 'https' (a letter, then letters, digits, '+', '-', '.') [PF423]"
      ])
    #expect(errors(#""<key>": "a", "<format>": "url", "<schemes>": ["HTTPS", "mailto"]"#) == [])
    let schemes = model(field(#""<key>": "a", "<format>": "url", "<schemes>": ["HTTPS", "mailto"]"#))?
      .cells.first?.views.first?.field?.format?.schemes
    #expect(schemes == ["https", "mailto"])
  }

  @Test func valueLists() {
    #expect(
      errors(#""<key>": "a", "<in>": "DE""#) == [
        "5:31: error: '<in>' must be a non-empty array of strings, numbers or bools, found the string \"DE\" [PF424]"
      ])
    #expect(
      errors(#""<key>": "a", "<not_in>": []"#) == [
        "5:35: error: '<not_in>' must be a non-empty array of strings, numbers or bools, found an empty array [PF424]"
      ])
    #expect(
      errors(#""<key>": "a", "<in>": ["a", "", null, [1], {}]"#) == [
        "5:37: error: '<in>' never meets the string \"\": such a value is missing, and a missing value is not checked [PF424]",
        "5:41: error: '<in>' never meets null: such a value is missing, and a missing value is not checked [PF424]",
        "5:47: error: an element of '<in>' must be a string, number or bool, found an array [PF424]",
        "5:52: error: an element of '<in>' must be a string, number or bool, found an object [PF424]",
      ])
    #expect(
      errors(#""<key>": "a", "<type>": "integer", "<in>": [1, 2.5, "3", true]"#) == [
        "5:56: error: view 'a' never holds 2.5: its '<type>' is 'integer' [PF425]",
        "5:61: error: view 'a' never holds \"3\": its '<type>' is 'integer' [PF425]",
        "5:66: error: view 'a' never holds true: its '<type>' is 'integer' [PF425]",
      ])
    // Repeats, and a value in both lists, are allowed; an untyped view holds every kind.
    #expect(errors(#""<key>": "a", "<in>": [1, 1, "1", true], "<not_in>": [1]"#) == [])
  }

  @Test func bounds() {
    #expect(
      errors(#""<key>": "a", "<min>": "2024-01-01""#) == [
        "5:23: error: '<min>' bounds a date, date_time or time view, and it has no '<format>' [PF426]"
      ])
    #expect(
      errors(#""<key>": "a", "<format>": "uuid", "<max>": "x""#) == [
        "5:43: error: '<max>' bounds a date, date_time or time view, and its '<format>' is 'uuid' [PF426]"
      ])
    #expect(
      errors(#""<key>": "a", "<format>": "date", "<min>": 20240101"#) == [
        "5:52: error: '<min>' must be a date or a binding path string, found the number 20240101 [PF427]"
      ])
    #expect(
      errors(#""<key>": "a", "<format>": "date", "<min>": "a""#) == [
        "5:52: error: '<min>' names its own view 'a': a value never bounds itself [PF428]"
      ])
    #expect(
      errors(#""<key>": "a", "<format>": "time", "<min>": "18:00", "<max>": "09:00""#) == [
        "5:52: error: '<min>' '18:00' is later than '<max>' '09:00': no value is between [PF429]"
      ])
    // A date the calendar lacks is no literal: it is read as a path, which names no view.
    #expect(
      errors(#""<key>": "a", "<format>": "date", "<max>": "2023-02-29""#) == [
        "5:52: error: binding path '2023-02-29' names no form view [PF701]"
      ])
    // An unknown format is reported once, not again at its bounds or schemes.
    #expect(
      codes(field(#""<key>": "a", "<format>": "dat", "<min>": "2024-01-01", "<schemes>": ["x"]"#)).filter {
        !$0.hasPrefix("PF43")
      } == ["PF421"])
  }

  @Test func boundPathsAreCheckedAsOtherPaths() {
    let spec = """
      [
        {"<A + a>": {"t?": {"<key>": "stay.start", "<format>": "date"}}},
        {"<B + b>": {"t?": {"<key>": "stay.end", "<format>": "date", "<min>": "stay/strat"}}},
        {"<C + c>": {"t?": {"<key>": "items.*.day", "<format>": "date"}}},
        {"<D + d>": {"t?": {"<key>": "last", "<format>": "date", "<max>": "items/day"}}},
        {"<E + e>": {"t?": {"<key>": "items.*.until", "<format>": "date", "<max>": "day", "<min>": "/stay/start"}}}
      ]
      """
    let found = FormCompiler.compile(string: spec).diagnostics.filter { $0.severity == .error }
    #expect(
      found.map { "\($0.range.start.line):\($0.range.start.column): \($0.message) [\($0.code.rawValue)]" } == [
        "3:73: binding path 'stay/strat' names no form view [PF701]",
        "5:69: binding path 'items/day' names view 'items.*.day' inside group 'items', which view 'last' is not in [PF807]",
      ])
    #expect(found.first?.notes.map(\.message) == ["did you mean 'stay/start'?"])
  }
}

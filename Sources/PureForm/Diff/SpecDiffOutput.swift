import Foundation

/// The outputs of `pureform diff`: text, json, markdown (a pull-request comment) and GitHub annotations.
public enum SpecDiffOutput {
  /// One line per change, `LOCATION: KIND: KEY: CHANGE OLD -> NEW`, then (with records) the counts and the
  /// new failures, then `N changes: T tightened, L loosened, C changed`.
  public static func text(_ changes: [SpecChange], records: RecordDiffReport? = nil) -> String {
    var lines = changes.enumerated().map { index, change in
      "\(change.location): \(describe(change))\(newlyFailing(index, records))"
    }
    if let records {
      lines.append(countsLine(records))
      for group in records.newFailures {
        lines.append("  \(group.path) \(group.validator): \(group.records.count) (\(samples(group.records)))")
      }
    }
    lines.append(totalsLine(changes))
    return lines.joined(separator: "\n")
  }

  /// The array of changes, compact on one line; with records, the object of `changes` and `records`.
  public static func json(_ changes: [SpecChange], records: RecordDiffReport? = nil) -> String {
    let items = changes.enumerated().map { index, change in
      var members: [(String, OutputJSON)] = [
        ("key", .string(change.key)), ("path", .string(change.path)), ("kind", .string(change.kind.rawValue)),
        ("change", .string(change.change)), ("old", change.old.outputJSON), ("new", change.new.outputJSON),
        ("location", .string(change.location)),
      ]
      if let records {
        let claimed = records.claimed[index]
        members += [("newly_failing", .int(claimed.count)), ("samples", samplesJSON(claimed))]
      }
      return OutputJSON.object(members)
    }
    guard let records else { return OutputJSON.array(items).rendered() }
    let groups = records.newFailures.map { group in
      OutputJSON.object([
        ("path", .string(group.path)), ("validator", .string(group.validator)), ("count", .int(group.records.count)),
        ("samples", samplesJSON(group.records)),
      ])
    }
    let counts: OutputJSON = .object([
      ("file", .string(records.file)), ("total", .int(records.total)), ("newly_failing", .int(records.newlyFailing)),
      ("newly_passing", .int(records.newlyPassing)), ("still_failing", .int(records.stillFailing)),
      ("still_passing", .int(records.stillPassing)), ("unattributed", .int(records.unattributed)),
      ("new_failures", .array(groups)),
    ])
    return OutputJSON.object([("changes", .array(items)), ("records", counts)]).rendered()
  }

  /// `**pureform diff**: N changes, B breaking`, then a table of the changes (none without changes); with
  /// records, the counts line and a table of the new failures.
  public static func markdown(_ changes: [SpecChange], records: RecordDiffReport? = nil) -> String {
    let breaking = changes.filter(\.isBreaking).count
    var lines = ["**pureform diff**: \(changes.count) changes, \(breaking) breaking"]
    if !changes.isEmpty {
      lines += ["", "| kind | key | change | old | new | location |", "|---|---|---|---|---|---|"]
      for (index, change) in changes.enumerated() {
        let cells = [
          change.kind.rawValue, code(change.key), code(change.change), value(change.old), value(change.new),
          cell(change.location) + cell(newlyFailing(index, records)),
        ]
        lines.append("| " + cells.joined(separator: " | ") + " |")
      }
    }
    if let records {
      lines += ["", countsLine(records)]
      if !records.newFailures.isEmpty {
        lines += ["", "| path | validator | newly failing | samples |", "|---|---|---|---|"]
        for group in records.newFailures {
          let cells = [
            code(group.path), code(group.validator), String(group.records.count),
            group.records.samples.map(code).joined(separator: ", "),
          ]
          lines.append("| " + cells.joined(separator: " | ") + " |")
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// A GitHub Actions annotation per change at its location (`::error` when `failOn` matches it, else
  /// `::warning` for a breaking change, `::notice` for a loosened one), then the totals line.
  public static func github(
    _ changes: [SpecChange], records: RecordDiffReport? = nil, failOn: SpecDiffFailOn? = nil
  ) -> String {
    var lines = changes.enumerated().map { index, change in
      let level =
        failOn?.matches(change) == true ? "error" : change.isBreaking ? "warning" : "notice"
      let properties = "file=\(escapeProperty(change.file)),line=\(change.line),col=\(change.column)"
      return "::\(level) \(properties)::\(escapeData(describe(change) + newlyFailing(index, records)))"
    }
    if let records { lines.append(countsLine(records)) }
    lines.append(totalsLine(changes))
    return lines.joined(separator: "\n")
  }

  // MARK: Parts

  /// `KIND: KEY: CHANGE OLD -> NEW`.
  static func describe(_ change: SpecChange) -> String {
    "\(change.kind.rawValue): \(change.key): \(change.change) \(shown(change.old)) -> \(shown(change.new))"
  }

  /// Compact JSON, `none` for null.
  static func shown(_ value: FormValue) -> String {
    if case .null = value { return "none" }
    return value.outputJSON.rendered()
  }

  /// ` (N newly failing)` for a change that claims records, else nothing.
  private static func newlyFailing(_ index: Int, _ records: RecordDiffReport?) -> String {
    guard let count = records?.claimed[index].count, count > 0 else { return "" }
    return " (\(count) newly failing)"
  }

  /// `records: T total, F newly failing, P newly passing, S still failing, V still passing`.
  static func countsLine(_ records: RecordDiffReport) -> String {
    "records: \(records.total) total, \(records.newlyFailing) newly failing, \(records.newlyPassing) newly passing, "
      + "\(records.stillFailing) still failing, \(records.stillPassing) still passing"
  }

  /// `N changes: T tightened, L loosened, C changed`.
  static func totalsLine(_ changes: [SpecChange]) -> String {
    let counts = SpecChange.Kind.allCases.map { kind in "\(changes.filter { $0.kind == kind }.count) \(kind.rawValue)" }
    return "\(changes.count) changes: " + counts.joined(separator: ", ")
  }

  private static func samples(_ records: RecordSamples) -> String { records.samples.joined(separator: ", ") }

  private static func samplesJSON(_ records: RecordSamples) -> OutputJSON {
    // A sample is JSON text already (the `--id` member as sent, or a line number): written as is.
    .array(records.samples.map { OutputJSON.number($0) })
  }

  /// A table cell's text with `|` escaped.
  private static func cell(_ text: String) -> String { text.replacingOccurrences(of: "|", with: "\\|") }

  /// A code span in a table cell (backticks inside are longer fences' business: a single space pads).
  private static func code(_ text: String) -> String {
    let fence = text.contains("`") ? "``" : "`"
    return "\(fence)\(text.contains("`") ? " \(cell(text)) " : cell(text))\(fence)"
  }

  /// A value's cell: a code span of its compact JSON, `none` for null.
  private static func value(_ value: FormValue) -> String {
    if case .null = value { return "none" }
    return code(value.outputJSON.rendered())
  }

  /// An annotation's message with `%`, CR and LF escaped, as the runner reads it.
  private static func escapeData(_ text: String) -> String {
    text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
      .replacingOccurrences(of: "\n", with: "%0A")
  }

  /// An annotation property with `:` and `,` escaped besides.
  private static func escapeProperty(_ text: String) -> String {
    escapeData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
  }
}

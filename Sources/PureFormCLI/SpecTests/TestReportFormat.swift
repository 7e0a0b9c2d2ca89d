import ArgumentParser

/// The output formats of `pureform test`.
enum TestReportFormat: String, ExpressibleByArgument, CaseIterable, Sendable {
  case text, json, junit, tap, github
}

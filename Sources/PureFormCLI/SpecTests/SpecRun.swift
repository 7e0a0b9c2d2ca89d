import PureForm

/// The cases of one spec, run: what every output format of `pureform test` writes.
struct SpecRun: Sendable {
  /// The spec and its cases file, as named on output.
  var target: TestTarget
  /// Each case's outcome, in file order.
  var outcomes: [CaseOutcome]
  /// The spec's rule coverage, with `--coverage`.
  var coverage: CoverageReport?

  /// How many cases passed.
  var passed: Int { outcomes.count { $0.passed } }
  /// How many cases failed.
  var failed: Int { outcomes.count - passed }
}

extension CompiledForm {
  /// `result` with the failures of the host `checks` merged in, when it is valid and is a whole record's.
  ///
  /// The checks run at the same time, each once, on the result's values; their failures join in spec order
  /// of their keys (a check's failures at one key in the order it gave them, checks in the order given),
  /// with `validator` the check's name, `argument` null, and the field's place in the spec. An invalid
  /// result, a validation of one field (`options.field`) and an empty `checks` are returned as they are.
  ///
  /// Throws `HostCheckError` naming the first check, in the order given, that threw, returned a failure
  /// for a key no field has, or passed its time limit: the record then has no verdict.
  public func applyingHostChecks(
    _ checks: [HostCheck], to result: ValidationResult, options: ValidationOptions = ValidationOptions()
  ) async throws(HostCheckError) -> ValidationResult {
    try await applyingHostChecks(checks, to: result, changed: nil, options: options)
  }

  /// A validation of a change with the host checks' failures merged in, as for a whole record; each check
  /// sees what changed (`HostCheckRecord.changed`).
  public func applyingHostChecks(
    _ checks: [HostCheck], to result: ChangeValidationResult, options: ValidationOptions = ValidationOptions()
  ) async throws(HostCheckError) -> ChangeValidationResult {
    ChangeValidationResult(
      result: try await applyingHostChecks(checks, to: result.result, changed: result.changed, options: options),
      changed: result.changed)
  }

  private func applyingHostChecks(
    _ checks: [HostCheck], to result: ValidationResult, changed: [String]?, options: ValidationOptions
  ) async throws(HostCheckError) -> ValidationResult {
    guard !checks.isEmpty, options.field == nil, case .valid(let values, let hidden) = result else { return result }
    let record = HostCheckRecord(values: values, changed: changed)
    let outcomes = await withTaskGroup(of: (Int, HostCheckRace.Outcome).self) { group in
      for (index, check) in checks.enumerated() {
        group.addTask { (index, await HostCheckRace.run(check, on: record)) }
      }
      var outcomes = [HostCheckRace.Outcome](repeating: .failures([]), count: checks.count)
      for await (index, outcome) in group { outcomes[index] = outcome }
      return outcomes
    }
    let plan = self.plan
    var found: [(number: Int, failure: ValidationFailure)] = []
    for (check, outcome) in zip(checks, outcomes) {
      switch outcome {
      case .threw(let error): throw .failed(check: check.name, error: error)
      case .timedOut: throw .timedOut(check: check.name, limit: check.timeLimit)
      case .failures(let failures):
        for failure in failures {
          guard let number = plan.fieldNumbers[failure.key] else {
            throw .failed(
              check: check.name,
              error: "it returned a failure for '\(failure.key)', which is no field's key"
                + (Suggestion.closest(to: failure.key, among: plan.fields.map(\.key)).map { " (did you mean '\($0)'?)" }
                  ?? ""))
          }
          let field = plan.fields[number]
          found.append(
            (
              number,
              ValidationFailure(
                key: field.key, validator: check.name, argument: .null, reason: failure.reason, section: field.section,
                row: field.row, tag: field.tag, line: field.line, column: field.column)
            ))
        }
      }
    }
    guard !found.isEmpty else { return result }
    // A stable sort: spec order of the keys, then the checks' order, then each check's own.
    let merged = found.enumerated().sorted { ($0.element.number, $0.offset) < ($1.element.number, $1.offset) }
    return .invalid(failures: merged.map(\.element.failure), hidden: hidden)
  }
}

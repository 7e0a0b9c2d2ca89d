extension RecordValidator {
  /// A validator for `form` with `options` applied to every record; throws when the options name no field
  /// (`unknownField`) or ask for live validators without one.
  public init(form: CompiledForm, options: ValidationOptions = ValidationOptions()) throws(InputError) {
    self.init(plan: try Self.plan(of: form, options: options), fastPath: true)
  }

  /// A validator of `form` that also counts its records' failures by validator (`takeFailureCounts()`),
  /// for a server's metrics.
  package init(countingFailuresOf form: CompiledForm, options: ValidationOptions) throws(InputError) {
    self.init(plan: try Self.plan(of: form, options: options), fastPath: true, countsFailures: true)
  }

  /// The record plan of `form` with `options` applied: what `init(form:options:)` builds, for callers that
  /// share one plan between validators (the parity fuzz target runs a fast and an exact one on each).
  package static func plan(
    of form: CompiledForm, options: ValidationOptions = ValidationOptions()
  ) throws(InputError) -> RecordPlan {
    let plan = form.plan
    return RecordPlan(plan, run: try plan.runOptions(options))
  }

  /// A validator of `form` whose records all take the exact path (`JSONReader`, then the plan): the
  /// reference the fast path is tested against.
  package init(exactPathOf form: CompiledForm, options: ValidationOptions = ValidationOptions()) throws(InputError) {
    self.init(plan: try Self.plan(of: form, options: options), fastPath: false)
  }
}

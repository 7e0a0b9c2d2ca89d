extension RecordValidator {
  /// A validator for `form` with `options` applied to every record; throws when the options name no field
  /// (`unknownField`) or ask for live validators without one.
  public init(form: CompiledForm, options: ValidationOptions = ValidationOptions()) throws(InputError) {
    self.init(plan: try Self.plan(of: form, options: options))
  }

  /// A validator of `form` that also counts its records' failures by validator (`takeFailureCounts()`),
  /// for a server's metrics.
  package init(countingFailuresOf form: CompiledForm, options: ValidationOptions) throws(InputError) {
    self.init(plan: try Self.plan(of: form, options: options), countsFailures: true)
  }

  /// The record plan of `form` with `options` applied: what `init(form:options:)` builds, for callers that
  /// share one plan between validators.
  package static func plan(
    of form: CompiledForm, options: ValidationOptions = ValidationOptions()
  ) throws(InputError) -> RecordPlan {
    let plan = form.plan
    return RecordPlan(plan, run: try plan.runOptions(options))
  }
}

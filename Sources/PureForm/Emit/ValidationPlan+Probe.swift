extension ValidationPlan {
  /// Whether field `number` passes with `value` as its input (nil: absent, so it takes its `<value>`) and
  /// every other field absent: the plan's own verdict, so a schema built from probes says exactly what
  /// `validate` says.
  ///
  /// Failures of the validators named in `ignoring` do not count: the neighbour comparisons and registered
  /// validators, whose verdict on a present value depends on more than the value.
  func probe(_ number: Int, _ value: FormValue?, ignoring: Set<String> = []) -> Bool {
    var inputs = [FieldInput](repeating: nil, count: fields.count)
    inputs[number] = value
    let result = run(inputs, options: RunOptions(allFailures: true, field: number))
    return result.failures.allSatisfy { ignoring.contains($0.validator) }
  }

  /// The names of field `number`'s checks whose verdict on a present value JSON Schema cannot know:
  /// `equal_next` / `equal_previous` (another field's value) and registered validators (code).
  func undecidableChecks(of number: Int) -> Set<String> {
    Set(
      fields[number].checks.compactMap { check in
        switch check.rule {
        case .equalField, .registered: return check.name
        default: return nil
        }
      })
  }
}

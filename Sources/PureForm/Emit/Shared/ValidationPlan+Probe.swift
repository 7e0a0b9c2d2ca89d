extension ValidationPlan {
  /// A plan of field `number` alone, to probe with `probe(_:ignoring:)`.
  ///
  /// Its neighbour checks and a bound's path point at itself, which changes no verdict a probe counts (a missing value
  /// fails them whatever the neighbour holds, and a present value's neighbour failures are ignored). Probing the field
  /// alone keeps a schema of N fields linear in N.
  ///
  /// Its `<visible_if>` and `<required_if>` are left out (they read other fields): a probe says what the
  /// field's own rules say, and the schema says what the conditions add (`FieldSchema`).
  func alone(_ number: Int) -> ValidationPlan {
    var field = fields[number]
    for index in field.checks.indices {
      switch field.checks[index].rule {
      case .equalField: field.checks[index].rule = .equalField(0)
      case .bound(.field, let format, let isMinimum):
        field.checks[index].rule = .bound(.field(0), format: format, isMinimum: isMinimum)
      default: continue
      }
    }
    field.visibleIf = nil
    (field.requiredIf, field.requiredIfFailure) = (nil, nil)
    // A group's field alone is one value, as its element gives it.
    field.group = nil
    var plan = self
    plan.fields = [field]
    plan.fieldNumbers = [field.key: 0]
    plan.lookup = InputLookup(fields: [field])
    plan.output = OutputTree(fields: [field], groups: [])
    plan.visibilityOrder = []
    plan.groups = []
    plan.usesPatterns = field.checks.contains { if case .pattern = $0.rule { return true } else { return false } }
    return plan
  }

  /// Whether the plan's first field passes with `value` as its input (nil: absent, so it takes its
  /// `<value>`): the plan's own verdict, so a schema built from probes says exactly what `validate` says.
  ///
  /// Failures of the validators named in `ignoring` do not count: the neighbour comparisons and registered
  /// validators, whose verdict on a present value depends on more than the value.
  func probe(_ value: FormValue?, ignoring: Set<String> = []) -> Bool {
    // The record holding `value` at the field's path, validated by the kernel as `validate` does.
    var record = value ?? .object([])
    if value != nil { for segment in fields[0].segments.reversed() { record = .object([(segment, record)]) } }
    let engine = RecordEngine(plan: RecordPlan(self, run: RunOptions(allFailures: true, field: 0)))
    var sink = ResultSink()
    var bytes = record.recordBytes
    let verdict = bytes.withUTF8 { engine.runKernel(UnsafeRawBufferPointer($0), into: &sink) }
    guard verdict != nil, let result = sink.result else { return false }
    return result.failures.allSatisfy { ignoring.contains($0.validator) }
  }

  /// The names of the first field's checks whose verdict on a present value JSON Schema cannot know:
  /// `equal_next` / `equal_previous` and a bound's path (another field's value) and registered validators
  /// (code).
  var undecidableChecks: Set<String> {
    Set(
      fields[0].checks.compactMap { check in
        switch check.rule {
        case .equalField, .registered, .bound(.field, _, _): return check.name
        default: return nil
        }
      })
  }
}

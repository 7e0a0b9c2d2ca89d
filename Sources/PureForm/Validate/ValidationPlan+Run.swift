extension ValidationPlan {
  /// Checks options against the fields: the field must exist, and live-only needs a field.
  func runOptions(_ options: ValidationOptions) throws(InputError) -> RunOptions {
    var run = RunOptions(
      allFailures: options.allFailures, liveOnly: options.liveOnly, flat: options.flat, idKey: options.idKey,
      includesValues: options.includesValues)
    if let key = options.field {
      guard let number = fieldNumbers[key] else {
        throw .unknownField(key, suggestion: Suggestion.closest(to: key, among: fields.map(\.key)))
      }
      run.field = number
    } else if options.liveOnly {
      throw .liveOnlyWithoutField
    }
    return run
  }

  /// Validates one record: `inputs` holds each field's submitted value, by field number.
  func run(_ inputs: [FieldInput], options: RunOptions) -> ValidationResult {
    if usesPatterns {
      return RegexScratchPool.shared.withScratch { scratch in run(inputs, options: options, scratch: scratch) }
    }
    return run(inputs, options: options, scratch: nil)
  }

  /// Validates one record with a scratch for pattern checks (nil only when none is needed or memory ran out).
  func run(_ inputs: [FieldInput], options: RunOptions, scratch: RegexScratch?) -> ValidationResult {
    if !groups.isEmpty { return runGrouped(inputs, options: options, scratch: scratch) }
    var states = states(inputs)
    // Hidden fields read as missing for every condition and reference after them (and are not checked).
    var hidden: [Bool] = []
    if !visibilityOrder.isEmpty {
      hidden = [Bool](repeating: false, count: fields.count)
      for number in visibilityOrder where fields[number].visibleIf?.holds(states) == false {
        hidden[number] = true
        states[number] = .missing
      }
    }
    var failures: [ValidationFailure] = []
    let numbers = options.field.map { $0..<($0 + 1) } ?? fields.indices
    for number in numbers where (hidden.isEmpty || !hidden[number]) && options.selected?[number] != false {
      check(number, states: states, options: options, scratch: scratch, failures: &failures)
    }
    let hiddenKeys = hidden.isEmpty ? nil : fields.indices.filter { hidden[$0] }.map { fields[$0].key }
    guard failures.isEmpty else { return .invalid(failures: failures, hidden: hiddenKeys) }
    return .valid(values: values(states, hidden: hidden, options: options), hidden: hiddenKeys)
  }

  /// The state of field `number` for its submitted value: `<value>` when there is none, the transformer,
  /// then the coercion to its type.
  func state(of number: Int, input: FieldInput) -> FieldState {
    let field = fields[number]
    let given = input ?? field.initialValue
    let raw = given.map { value in field.transformer?(value) ?? value }
    return FieldState(coercing: raw, to: field.type)
  }

  /// Each field's state for a record: its input (or its `<value>` when it has none), transformed, then
  /// coerced to its `<type>`; conditions are not applied yet.
  func states(_ inputs: [FieldInput]) -> [FieldState] {
    var states: [FieldState] = []
    states.reserveCapacity(fields.count)
    for number in fields.indices { states.append(state(of: number, input: inputs[number])) }
    return states
  }

  /// Appends the failures of one field: a type mismatch alone, else the keyboard check, then the
  /// validators in spec order (the first failure only, unless `allFailures`).
  ///
  /// `key` is the failures' key when it is not the field's own (an element's: `items.3.name`).
  func check(
    _ number: Int, states: [FieldState], options: RunOptions, scratch: RegexScratch?,
    failures: inout [ValidationFailure], key: String? = nil
  ) {
    let field = fields[number]
    let state = states[number]
    func fail(_ validator: String, _ argument: FormValue, _ reason: String, condition: FormValue? = nil) {
      failures.append(
        ValidationFailure(
          key: key ?? field.key, validator: validator, argument: argument, condition: condition, reason: reason,
          section: field.section, row: field.row, tag: field.tag, file: field.file, line: field.line,
          column: field.column))
    }
    if case .mismatch = state {
      fail(FailureName.typeMismatch, .string(field.typeName), field.typeMismatchReason)
      return
    }
    if let pad = field.keyboard, case .present(let value, fromString: true) = state, !pad.accepts(value.text) {
      fail(FailureName.keyboardType, .null, field.keyboardReason)
      if !options.allFailures { return }
    }
    if let requiredIf = field.requiredIf, !options.liveOnly, state.value == nil, requiredIf.condition.holds(states) {
      fail(FailureName.requiredIf, .null, requiredIf.reason, condition: requiredIf.written)
      if !options.allFailures { return }
    }
    for check in field.checks where check.isLive || !options.liveOnly {
      guard let reason = failureReason(check, state: state, states: states, scratch: scratch) else { continue }
      fail(check.name, check.argument, reason)
      if !options.allFailures { return }
    }
  }

  /// Why `check` fails for `state`, or nil when it passes: the verdict of `ParityTable` for the value's
  /// kind, then the rule's comparison where the table says to compare.
  private func failureReason(
    _ check: PlannedCheck, state: FieldState, states: [FieldState], scratch: RegexScratch?
  ) -> String? {
    let value = state.value
    let passes: Bool
    switch ParityTable.verdict(check.rule.kind, value?.kind) {
    case .passes: passes = true
    case .fails: passes = false
    case .compares:
      // Only the length rules compare a missing value (as length 0); every other rule has a value here.
      switch check.rule {
      case .equalLength, .minLength, .maxLength:
        passes = check.rule.passes(length: value.map { $0.text.utf16.count } ?? 0)
      case .equal(let target):
        passes = value.flatMap { value in target.map { FieldValue.same(value, $0) } } ?? false
      case .equalField(let neighbour):
        passes = value.flatMap { value in states[neighbour].value.map { FieldValue.same(value, $0) } } ?? false
      case .minValue(let limit): passes = value?.number.map { $0 >= limit } ?? false
      case .maxValue(let limit): passes = value?.number.map { $0 <= limit } ?? false
      case .pattern(let regex):
        switch scratch?.matchWhole(regex, value?.text ?? "") ?? .gaveUp("no memory for matching") {
        case .match: passes = true
        case .noMatch: passes = false
        case .gaveUp(let why): return RegexScratch.gaveUpReason(why)
        }
      case .registered(let test, let argument): passes = value.map { test($0.formValue, argument) } ?? true
      case .required: passes = value != nil
      }
    }
    return passes ? nil : check.reason
  }

  /// The output values of a valid record: persisted fields that are not hidden, by key.
  ///
  /// A missing value is `""`; `hidden` is empty for a form without `<visible_if>`.
  private func values(_ states: [FieldState], hidden: [Bool], options: RunOptions) -> FormValue {
    func value(_ number: Int) -> FormValue { states[number].value?.formValue ?? .string("") }
    func shown(_ number: Int) -> Bool { fields[number].persist && (hidden.isEmpty || !hidden[number]) }
    if let number = options.field {
      let field = fields[number]
      guard shown(number) else { return .object([]) }
      if options.flat || field.segments.count == 1 { return .object([(field.key, value(number))]) }
      var nested = value(number)
      for segment in field.segments.reversed() { nested = .object([(segment, nested)]) }
      return nested
    }
    if options.flat {
      return .object(fields.indices.filter(shown).map { (fields[$0].key, value($0)) })
    }
    // An object every field of which is hidden is left out, as its fields are.
    func build(_ nodes: [OutputNode]) -> [(key: String, value: FormValue)] {
      nodes.compactMap { node in
        switch node {
        case .field(let key, let number): return shown(number) ? (key, value(number)) : nil
        case .object(let key, let children):
          let members = build(children)
          return members.isEmpty && !hidden.isEmpty ? nil : (key, .object(members))
        }
      }
    }
    return .object(build(output))
  }
}

extension CheckRule {
  /// The length rules' comparison of a UTF-16 length (a missing value's is 0); every other rule has none
  /// and passes.
  func passes(length: Int) -> Bool {
    switch self {
    case .equalLength(let limit), .minLength(let limit), .maxLength(let limit):
      return ParityTable.lengthPasses(kind, limit: limit, length: length)
    default: return true
    }
  }
}

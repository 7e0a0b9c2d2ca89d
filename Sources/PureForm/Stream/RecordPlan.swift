/// The validation plan of one form and one set of options, flattened for the byte-level fast path: the
/// routing tables, each field's type, initial value and checks, every failure already rendered as the JSON
/// `jsonText` writes for it, and the output template of a valid record.
///
/// Built once and shared by every worker. The tables live in memory allocated here and never written after
/// `init`, so the hot loop reads them through plain pointers (no reference counting, no bounds checks);
/// the class is `@unchecked Sendable` because it is immutable after `init` and frees that memory only in
/// `deinit`, when no worker can hold it any more.
package final class RecordPlan: @unchecked Sendable {
  /// The form's plan and the options, for the exact path.
  let validation: ValidationPlan
  let run: RunOptions
  /// Whether the fast path may run: no transformers, no registered validators, ASCII keys only (the `id`
  /// member's name included).
  let isFast: Bool

  /// Keeps the compiled patterns alive: `tables.codes` points into them.
  private let patterns: [CompiledPattern]
  /// The number of failures one record can have at most.
  let maximumFailures: Int
  /// The validator of each failure fragment, by the fragment's start in the pool: what a failure the fast
  /// path found is counted under when an engine counts failures (`RecordEngine.failureCounts`).
  let validatorOfFragment: [Int32: String]
  /// The tables, in memory allocated here and freed in `deinit`.
  let tables: PlanTables

  /// Flattens `validation` for the options `run`.
  init(_ validation: ValidationPlan, run: RunOptions) {
    self.validation = validation
    self.run = run
    var builder = Builder()
    let router = KeyRouter(validation.lookup)
    var fast = router != nil
    var planFields: [PlanField] = []
    var planChecks: [PlanCheck] = []
    var targets: [PoolSpan?] = []
    var patterns: [CompiledPattern] = []
    for field in validation.fields {
      // Conditions are evaluated on the exact path only, for now: same output, record by record.
      if field.transformer != nil || field.visibleIf != nil || field.requiredIf != nil { fast = false }
      var planField = PlanField(
        type: field.type, persist: field.persist, initial: .missing, checkStart: planChecks.count,
        checkCount: field.checks.count, pad: field.keyboard,
        mismatchFragment: builder.add(
          failure: field, validator: FailureName.typeMismatch, argument: .string(field.typeName),
          reason: field.typeMismatchReason),
        keyboardFragment: builder.add(
          failure: field, validator: FailureName.keyboardType, argument: .null, reason: field.keyboardReason))
      planField.initial = builder.add(state: FieldState(coercing: field.initialValue, to: field.type))
      planFields.append(planField)
      for check in field.checks {
        var planCheck = PlanCheck(
          rule: check.rule.kind, isLive: check.isLive, number: 0, regex: -1,
          fragment: builder.add(failure: field, validator: check.name, argument: check.argument, reason: check.reason))
        var target: PoolSpan?
        switch check.rule {
        case .required: break
        case .equalField(let neighbour): planCheck.number = neighbour
        case .equalLength(let length), .minLength(let length), .maxLength(let length): planCheck.number = length
        case .minValue(let limit), .maxValue(let limit):
          target = builder.add(limit.description)
          planCheck.targetInt = limit.intValue
        case .equal(let value):
          // A number or bool target is compared by value (a bool as 1 or 0), a text target by its bytes.
          planCheck.targetKind = value?.kind
          switch value {
          case .text(let text)?: planCheck.target = builder.add(text)
          case .number(let number, let text)?:
            target = builder.add(text)
            planCheck.targetInt = number.intValue
          case .bool?:
            let number = value?.number
            target = builder.add(number?.description ?? "")
            planCheck.targetInt = number?.intValue
          case nil: break
          }
        case .pattern(let regex):
          planCheck.regex = patterns.count
          planCheck.isJIT = regex.isJIT
          patterns.append(regex)
        case .registered:
          fast = false
        }
        planChecks.append(planCheck)
        targets.append(target)
      }
    }
    let template = RecordPlan.template(validation, run: run, builder: &builder)
    // The scanner compares member names byte for byte, which `String` equality matches only for ASCII.
    let idKey = builder.add(run.idKey ?? "")
    if let key = run.idKey, !key.utf8.allSatisfy({ $0 < 0x80 }) { fast = false }
    // A bool's output text and its value where numbers are compared, as the exact path's `FieldValue` has them.
    let trueText = builder.add(FieldValue.bool(true).text)
    let falseText = builder.add(FieldValue.bool(false).text)
    let oneText = builder.add(FieldValue.bool(true).number?.description ?? "1")
    let zeroText = builder.add(FieldValue.bool(false).number?.description ?? "0")
    let boolStrings = FieldState.boolStrings.sorted { $0.key < $1.key }.map { text, flag in
      BoolString(text: builder.add(text), value: flag)
    }
    let pool = RecordPlan.freeze(builder.bytes)
    let decimals = targets.map { span in
      span.flatMap { span in DecimalView(pool + Int(span.start), count: Int(span.count)) }
    }
    var fixedBytes = 64 + 3 * planFields.count
    fixedBytes += template.reduce(0) { $0 + Int($1.bytes.count) }
    fixedBytes += planFields.reduce(0) { $0 + 6 * Int($1.initial.bytes.count) }
    fixedBytes += planFields.reduce(0) { $0 + Int($1.mismatchFragment.count) + Int($1.keyboardFragment.count) + 2 }
    fixedBytes += planChecks.reduce(0) { $0 + Int($1.fragment.count) + 1 }
    let routes = router ?? KeyRouter()
    self.isFast = fast
    self.patterns = patterns
    self.maximumFailures = planChecks.count + 2 * planFields.count
    self.validatorOfFragment = builder.validators
    self.tables = PlanTables(
      fields: RecordPlan.freeze(planFields), fieldCount: planFields.count, checks: RecordPlan.freeze(planChecks),
      decimals: RecordPlan.freeze(decimals), codes: RecordPlan.freeze(patterns.map(\.code)), pool: pool,
      template: RecordPlan.freeze(template), templateCount: template.count,
      entries: RecordPlan.freeze(routes.entries), nodes: RecordPlan.freeze(routes.nodes),
      slots: RecordPlan.freeze(routes.slots), names: RecordPlan.freeze(routes.names),
      below: RecordPlan.freeze(routes.below), trueText: trueText, falseText: falseText, oneText: oneText,
      zeroText: zeroText, boolStrings: RecordPlan.freeze(boolStrings), boolStringCount: boolStrings.count,
      verdicts: RecordPlan.freeze(ParityTable.rows), padCharacters: RecordPlan.freeze(PadCharacters.table),
      allFailures: run.allFailures, liveOnly: run.liveOnly, firstField: run.field ?? 0,
      endField: run.field.map { $0 + 1 } ?? planFields.count, fixedBytes: fixedBytes, idKey: idKey,
      hasID: run.idKey != nil, includesValues: run.includesValues)
  }

  deinit {
    tables.fields.deallocate()
    tables.checks.deallocate()
    tables.decimals.deallocate()
    tables.codes.deallocate()
    tables.pool.deallocate()
    tables.template.deallocate()
    tables.entries.deallocate()
    tables.nodes.deallocate()
    tables.slots.deallocate()
    tables.names.deallocate()
    tables.below.deallocate()
    tables.boolStrings.deallocate()
    tables.verdicts.deallocate()
    tables.padCharacters.deallocate()
  }

  /// A copy of `array` in memory of its own (at least one element's worth), freed in `deinit`.
  private static func freeze<Element>(_ array: [Element]) -> UnsafePointer<Element> {
    let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(array.count, 1))
    _ = buffer.initialize(from: array)
    return UnsafePointer(buffer.baseAddress.unsafelyUnwrapped)
  }

  /// The pieces of `"values":…` for a valid record, as `ValidationPlan.values` builds it for `run`.
  private static func template(
    _ validation: ValidationPlan, run: RunOptions, builder: inout Builder
  ) -> [TemplatePiece] {
    let fields = validation.fields
    let shape: OutputShape
    if let number = run.field {
      let field = fields[number]
      if !field.persist {
        shape = .object([])
      } else if run.flat || field.segments.count == 1 {
        shape = .object([(field.key, .field(number))])
      } else {
        var nested = OutputShape.field(number)
        for segment in field.segments.reversed() { nested = .object([(segment, nested)]) }
        shape = nested
      }
    } else if run.flat {
      shape = .object(fields.indices.filter { fields[$0].persist }.map { (fields[$0].key, .field($0)) })
    } else {
      shape = OutputShape(validation.output)
    }
    var pieces: [TemplatePiece] = []
    var text = ""
    shape.render(into: &text) { number, text in
      pieces.append(TemplatePiece(field: -1, bytes: builder.add(text)))
      pieces.append(TemplatePiece(field: Int32(number), bytes: PoolSpan(start: 0, count: 0)))
      text = ""
    }
    pieces.append(TemplatePiece(field: -1, bytes: builder.add(text)))
    return pieces.filter { $0.field >= 0 || $0.bytes.count > 0 }
  }

  /// Collects the pool's bytes while the plan is built.
  private struct Builder {
    var bytes: [UInt8] = []
    /// The validator of each failure added, by where its fragment starts.
    var validators: [Int32: String] = [:]

    /// Adds text's UTF-8 bytes.
    mutating func add(_ text: String) -> PoolSpan {
      let span = PoolSpan(start: Int32(bytes.count), count: Int32(text.utf8.count))
      bytes.append(contentsOf: text.utf8)
      return span
    }

    /// Adds one failure as `jsonText` renders it.
    mutating func add(failure field: PlannedField, validator: String, argument: FormValue, reason: String)
      -> PoolSpan
    {
      let failure = ValidationFailure(
        key: field.key, validator: validator, argument: argument, reason: reason, section: field.section,
        row: field.row, tag: field.tag, file: field.file, line: field.line, column: field.column)
      let span = add(failure.outputJSON.rendered())
      validators[span.start] = validator
      return span
    }

    /// Adds a field's value when the input has none.
    mutating func add(state: FieldState) -> PlanValue {
      switch state {
      case .missing: return .missing
      case .mismatch: return .mismatch
      case .present(let value, let fromString):
        switch value {
        case .text(let text): return PlanValue(state: .present, kind: .text, fromString: fromString, bytes: add(text))
        case .number(_, let text):
          return PlanValue(state: .present, kind: .number, fromString: fromString, bytes: add(text))
        case .bool:
          return PlanValue(state: .present, kind: .bool, fromString: fromString, bytes: add(value.text))
        }
      }
    }
  }
}

/// The shape of a valid record's values: objects of members, fields' values at the leaves.
private indirect enum OutputShape {
  case field(Int)
  case object([(String, OutputShape)])

  /// The shape of the nested output tree.
  init(_ nodes: [OutputNode]) {
    self = .object(
      nodes.map { node in
        switch node {
        case .field(let key, let number): return (key, .field(number))
        case .object(let key, let children): return (key, OutputShape(children))
        }
      })
  }

  /// Renders the fixed text as `OutputJSON.rendered()` would into `text`, calling `value` where a field's
  /// value goes (with the text so far, which it may take).
  func render(into text: inout String, value: (Int, inout String) -> Void) {
    switch self {
    case .field(let number): value(number, &text)
    case .object(let members):
      text += "{"
      for (index, member) in members.enumerated() {
        if index > 0 { text += "," }
        OutputJSON.writeString(member.0, to: &text)
        text += ":"
        member.1.render(into: &text, value: value)
      }
      text += "}"
    }
  }
}

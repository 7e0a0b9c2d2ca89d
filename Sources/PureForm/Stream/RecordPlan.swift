/// The validation plan of one form and one set of options, flattened for the rule kernel: the
/// routing tables, each field's type, initial value and checks, every failure already rendered as the JSON
/// `jsonText` writes for it, and the output template of a valid record.
///
/// Built once and shared by every worker. The tables (`PlanTables`) live in memory of their own, never written
/// after `init`, so the hot loop reads them through plain pointers (no reference counting, no bounds checks);
/// the class is `@unchecked Sendable` because it is immutable after `init`, and the tables free that memory
/// only when the plan, which every engine holds, goes.
package final class RecordPlan: @unchecked Sendable {
  /// The form's plan and the options: what the plan was built from, for messages and handed-back records.
  let validation: ValidationPlan
  let run: RunOptions
  /// Whether the kernel reads the form's records: false only for a form with a group's view whose concrete key
  /// cannot be written as fixed text around its indices (`GroupTables.writesEveryKey`; a compiled form's
  /// always can be).
  let takesRecords: Bool
  /// For each field, the fields whose verdict reads it (`ValidationPlan.readers`): what an edit follows.
  let readers: [[Int]]

  /// Keeps the compiled patterns alive: `tables.codes` points into them.
  private let patterns: [CompiledPattern]
  /// The number of failures one record can have at most.
  let maximumFailures: Int
  /// The failure each fragment renders, by the fragment's start in the pool: what `ResultSink` hands the
  /// library for a failure the kernel found (the same value the fragment was rendered from).
  let failureOfFragment: [Int32: ValidationFailure]
  /// The validators failures are counted under when an engine counts them (`RecordEngine.failureCounts`),
  /// and each fragment's by its start: counting a failure looks a number up, not a failure's name.
  let countedValidators: [String]
  let countedValidatorOfFragment: [Int32: Int]
  /// The tables, which own their memory.
  let tables: PlanTables
  /// The numbers of the fields with a value transformer: the fields `RecordEngine.transform` gives values.
  let transformed: [Int]
  /// The values of each `<in>` and `<not_in>` as the kernel compares them, by `PlanCheck.number` of its check.
  let valueLists: [ValueTable]
  /// The size of the pool of texts, in bytes: every fragment's start is below it.
  let poolSize: Int

  /// Flattens `validation` for the options `run`; the fields from `checkedFields` on (when given) are read
  /// into their slots but never checked: what another form's engine takes its values from
  /// (`RecordEngine.adoptFlat`).
  init(_ validation: ValidationPlan, run: RunOptions, checkedFields: Int? = nil) {
    self.validation = validation
    self.run = run
    var builder = Builder()
    let router =
      validation.groups.isEmpty
      ? KeyRouter(validation.lookup)
      : KeyRouter(
        InputLookup(
          paths: validation.fields.map { $0.group == nil ? $0.segments : nil }
            + validation.groups.map { $0.parent == nil ? $0.arraySegments : nil }),
        fieldCount: validation.fields.count, groupAnchors: validation.groups.map(\.anchor),
        elements: validation.groups.map { group in
          // An element's fields, then the arrays of the groups nested in it, each its slot past the fields'.
          let paths =
            group.fields.map { number -> [String]? in
              let segments = GroupKey.relativeSegments(of: validation.fields[number].key)
              return segments.isEmpty ? nil : segments
            } + group.children.map { validation.groups[$0].arraySegments }
          return (InputLookup(paths: paths), group.fields + group.children.map { validation.fields.count + $0 })
        })
    var planFields: [PlanField] = []
    var planChecks: [PlanCheck] = []
    var targets: [PoolSpan?] = []
    var patterns: [CompiledPattern] = []
    var gaveUpFragments: [PoolSpan] = []
    var valueLists: [ValueTable] = []
    let hasVisibility = !validation.visibilityOrder.isEmpty
    var transformed: [Int] = []
    // Each field's `<value>` coerced, and its text in the pool: the kernel's values once the pool is frozen.
    var initials: [(state: FieldState, text: PoolSpan)] = []
    for (number, field) in validation.fields.enumerated() {
      if field.transformer != nil { transformed.append(number) }
      // The kernel's members of the field, derived from the plan's.
      var planField = field
      planField.checkStart = planChecks.count
      planField.checkCount = field.checks.count
      planField.mismatchFragment = builder.add(
        failure: field, validator: FailureReasonKey.typeMismatch.failureName, argument: .string(field.typeName),
        reason: field.typeMismatchReason)
      planField.keyboardFragment = builder.add(
        failure: field, validator: FailureReasonKey.keyboardType.failureName, argument: .null,
        reason: field.keyboardReason)
      let initial = FieldState(coercing: field.initialValue, to: field.type)
      initials.append((initial, builder.add(state: initial)))
      if let failure = field.requiredIfFailure {
        planField.requiredIfFragment = builder.add(
          failure: field, validator: FailureReasonKey.requiredIfName, argument: .null, reason: failure.reason,
          condition: failure.written)
      }
      if hasVisibility { planField.hiddenKey = builder.add(OutputJSON.string(field.key).rendered()) }
      planFields.append(planField)
      // The kernel's members of each check, derived from its rule.
      for var planCheck in field.checks {
        let check = planCheck
        planCheck.fragment = builder.add(
          failure: field, validator: check.name, argument: check.argument, reason: check.reason)
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
          for code in RegexScratch.gaveUpCodes {
            gaveUpFragments.append(
              builder.add(
                failure: field, validator: check.name, argument: check.argument,
                reason: RegexScratch.gaveUpReason(RegexScratch.whyGaveUp(code))))
          }
        case .registered, .format, .bound: break
        case .valueList(let elements, _):
          planCheck.number = valueLists.count
          valueLists.append(ValueTable(elements))
        }
        planChecks.append(planCheck)
        targets.append(target)
      }
    }
    let members = OutputTree.members(of: validation, run: run)
    let template = RecordPlan.template(members, builder: &builder)
    var groupTables = GroupTables()
    if validation.groups.isEmpty {
      (groupTables.entries, _, groupTables.entryKeys) = OutputTree(root: members).entries { builder.add($0) }
    } else {
      groupTables = GroupTables(validation, run: run, router: router, builder: &builder)
    }
    let conditions = validation.conditions
    let conditionValues = conditions.targets.map { target -> (state: FieldState, text: PoolSpan) in
      let state = target.map { FieldState.present($0, fromString: false) } ?? .missing
      return (state, builder.add(state: state))
    }
    var fixedBytes = 64 + 3 * planFields.count
    fixedBytes += template.reduce(0) { $0 + Int($1.bytes.count) }
    fixedBytes += initials.reduce(0) { $0 + 6 * Int($1.text.count) }
    fixedBytes += planFields.reduce(0) { $0 + Int($1.mismatchFragment.count) + Int($1.keyboardFragment.count) + 2 }
    fixedBytes += planChecks.reduce(0) { $0 + Int($1.fragment.count) + 1 }
    fixedBytes += planFields.reduce(0) { $0 + Int($1.requiredIfFragment.count) + Int($1.hiddenKey.count) + 2 }
    self.takesRecords = groupTables.writesEveryKey
    self.readers = validation.readers
    self.valueLists = valueLists
    self.transformed = transformed
    self.patterns = patterns
    // A type mismatch, a keyboard failure and a `required_if` failure at most per field, besides its checks.
    self.maximumFailures = planChecks.count + 3 * planFields.count
    self.tables = PlanTables(
      fields: planFields, checks: planChecks, targets: targets, codes: patterns.map(\.code), template: template,
      router: router, run: run, endField: run.field.map { $0 + 1 } ?? checkedFields ?? planFields.count,
      fixedBytes: fixedBytes, conditions: conditions, conditionTargets: conditionValues, initials: initials,
      visibilityOrder: validation.visibilityOrder, outputEntries: groupTables.entries,
      outputKeys: groupTables.entryKeys,
      groups: groupTables, nestsGroups: validation.groups.contains { $0.parent != nil },
      hasTransformers: !transformed.isEmpty, gaveUpFragments: gaveUpFragments, builder: &builder)
    self.poolSize = builder.bytes.count
    self.failureOfFragment = builder.failures
    var counted: [String: Int] = [:]
    self.countedValidatorOfFragment = builder.failures.mapValues { failure in
      if let number = counted[failure.validator] { return number }
      counted[failure.validator] = counted.count
      return counted.count - 1
    }
    self.countedValidators = counted.sorted { $0.value < $1.value }.map(\.key)
  }

  /// The pieces of `"values":…` for a valid record whose values are `members` (`ValidationPlan.values`): the
  /// fixed text, and where each field's value goes; a group's array, and an object holding no field, are left
  /// out.
  private static func template(_ members: [OutputTree.Node], builder: inout Builder) -> [TemplatePiece] {
    var pieces: [TemplatePiece] = []
    var text = ""
    func holdsField(_ node: OutputTree.Node) -> Bool {
      switch node {
      case .field: return true
      case .object(_, let children): return children.contains(where: holdsField)
      case .group: return false
      }
    }
    func render(_ members: [OutputTree.Node]) {
      text += "{"
      for (index, member) in members.filter(holdsField).enumerated() {
        if index > 0 { text += "," }
        switch member {
        case .field(let key, let number):
          OutputJSON.writeString(key, to: &text)
          pieces.append(TemplatePiece(field: -1, bytes: builder.add(text + ":")))
          pieces.append(TemplatePiece(field: Int32(number), bytes: PoolSpan(start: 0, count: 0)))
          text = ""
        case .object(let key, let children):
          OutputJSON.writeString(key, to: &text)
          text += ":"
          render(children)
        case .group: break
        }
      }
      text += "}"
    }
    render(members)
    pieces.append(TemplatePiece(field: -1, bytes: builder.add(text)))
    return pieces.filter { $0.field >= 0 || $0.bytes.count > 0 }
  }

  /// Collects the pool's bytes while the plan is built.
  struct Builder {
    var bytes: [UInt8] = []
    /// Each failure added, by where its fragment starts.
    var failures: [Int32: ValidationFailure] = [:]

    /// Adds text's UTF-8 bytes.
    mutating func add(_ text: String) -> PoolSpan {
      let span = PoolSpan(start: Int32(bytes.count), count: Int32(text.utf8.count))
      bytes.append(contentsOf: text.utf8)
      return span
    }

    /// Adds one failure as `jsonText` renders it.
    mutating func add(
      failure field: PlanField, validator: String, argument: FormValue, reason: String,
      condition: FormValue? = nil
    ) -> PoolSpan {
      add(
        ValidationFailure(
          key: field.key, validator: validator, argument: argument, condition: condition, reason: reason,
          section: field.section, row: field.row, tag: field.tag, file: field.file, line: field.line,
          column: field.column))
    }

    /// Adds one failure as `jsonText` renders it.
    mutating func add(_ failure: ValidationFailure) -> PoolSpan {
      let span = add(failure.outputJSON.rendered())
      failures[span.start] = failure
      return span
    }

    /// Adds the text of a value coerced when the plan is built (a field's `<value>`, a condition's target):
    /// a string's, a number's as written, `true` or `false`; nothing for a missing or mismatched one.
    mutating func add(state: FieldState) -> PoolSpan {
      add(state.value?.text ?? "")
    }
  }
}

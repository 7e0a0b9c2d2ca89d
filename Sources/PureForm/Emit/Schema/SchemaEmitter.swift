/// Writes a JSON Schema (draft 2020-12) of the records a compiled form accepts.
///
/// Every record `validate` says is valid passes it. Where JSON Schema cannot say a rule exactly, the schema is looser and a `$comment`
/// at that spot says how; it is never stricter.
///
/// Keys come in a fixed order (never sorted), so the same spec always gives the same bytes.
enum SchemaEmitter {
  /// The dialect of the schema.
  static let dialect = "https://json-schema.org/draft/2020-12/schema"

  /// The schema of `model`'s records; `plan` is its validation plan, `source` and `strings` what it was
  /// compiled from (labels and placeholders are read again from the source, `*` texts through `strings`).
  static func document(model: FormModel, plan: ValidationPlan, sources: SpecSources, strings: StringsTable?)
    -> OutputJSON
  {
    var properties: [(String, OutputJSON)] = []
    var propertyNames: Set<String> = []
    var required: [String] = []
    var dotted: [OutputJSON] = []
    // When two fields share a key (`unknown_key_0` written as a `<key>` beside a view without one), the
    // input's value goes to the last of them, as `InputLookup` routes it; the others are always absent.
    var lastWithKey: [String: Int] = [:]
    for (number, field) in plan.fields.enumerated() { lastWithKey[field.key] = number }
    // The kernel's program of the form: what says whether a condition holds for a record.
    let kernel = RecordPlan(plan, run: RunOptions())
    var number = 0
    var grouped: [Int: (value: OutputJSON, absentPasses: Bool)] = [:]
    for cell in model.cells {
      let title = FieldTexts.label(of: cell, sources: sources, strings: strings)
      for view in cell.views {
        guard let field = view.field else { continue }
        defer { number += 1 }
        let schema = FieldSchema(number: number, plan: plan, field: field)
        let planned = plan.fields[number]
        if planned.group != nil {
          // A group's fields are said in its array's `items` (`GroupSchema`).
          grouped[number] = GroupSchema.element(
            planned, schema: schema,
            leading: FieldTexts.leading(title: title, view: view, sources: sources, strings: strings))
          continue
        }
        guard lastWithKey[planned.key] == number else {
          if !schema.absentPasses { dotted.append(neverGiven(planned.key)) }
          continue
        }
        let leading = FieldTexts.leading(title: title, view: view, sources: sources, strings: strings)
        var value = schema.value.json(leading: leading)
        var absentPasses = schema.absentPasses
        let shown = planned.visibleIf.map { ConditionSchema(node: $0, kernel: kernel) }
        if let shown {
          // Hidden when its condition is false, and then not validated: its rules apply under an `if`.
          if shown.under != ConditionSchema.nothing {
            dotted.append(
              conditional(
                shown.under, then: constraint(planned, value: value, absentPasses: absentPasses),
                comment: "'<visible_if>' of '\(planned.key)': its rules apply when the condition holds"
                  + (shown.isExact ? "." : " (said here only where JSON Schema can say it: looser elsewhere).")))
          }
          value = .object(
            leading + [
              (
                "$comment",
                .string(
                  "'<visible_if>' hides this field when its condition is false, and a hidden field is not validated: any value passes here, and the allOf entry of its condition applies its rules."
                )
              )
            ])
          absentPasses = true
        }
        // A value transformer set in code may turn any value into a present one: nothing is said then.
        if let requiredIf = planned.requiredIf, planned.transformer == nil {
          // Required when the condition holds and the field is shown: a present `null` or `""` fails, and so
          // does an absent key unless its `<value>` stands in for it with a value (`<value>: 0.3`).
          let condition = ConditionSchema(node: requiredIf, kernel: kernel)
          let holds = ConditionSchema.allOf([shown?.under ?? ConditionSchema.anything, condition.under])
          if holds != ConditionSchema.nothing {
            let present = OutputJSON.object([("not", .object([("enum", .array([.null, .string("")]))]))])
            let initialStandsIn = FieldState(coercing: planned.initialValue, to: planned.type) != .missing
            dotted.append(
              conditional(
                holds, then: constraint(planned, value: present, absentPasses: initialStandsIn),
                comment: "'<required_if>' of '\(planned.key)': present when the condition holds"
                  + (condition.isExact && shown?.isExact != false
                    ? "." : " (said here only where JSON Schema can say it: looser elsewhere).")))
          }
        }
        if planned.segments.count == 1, propertyNames.insert(planned.key).inserted {
          properties.append((planned.key, value))
          if !absentPasses { required.append(planned.key) }
        } else {
          dotted.append(placement(planned.key, planned.segments, value: value, absentPasses: absentPasses))
        }
      }
    }
    for (group, planned) in plan.groups.enumerated() where planned.parent == nil {
      let value = GroupSchema.array(group, plan: plan, fields: grouped)
      if planned.arraySegments.count == 1, propertyNames.insert(planned.key).inserted {
        properties.append((planned.key, value))
      } else {
        dotted.append(placement(planned.key, planned.arraySegments, value: value, absentPasses: true))
      }
    }
    var members: [(String, OutputJSON)] = [
      ("$schema", .string(dialect)),
      ("title", .string(sources.top.name)),
      (
        "$comment",
        .string(
          "The records 'pureform validate' accepts for \(sources.top.name). Where JSON Schema cannot say a rule exactly, this schema is looser, never stricter, and a $comment says so."
        )
      ),
      ("type", .string("object")),
      ("properties", .object(properties)),
    ]
    if !required.isEmpty { members.append(("required", .array(required.map(OutputJSON.string)))) }
    if !dotted.isEmpty { members.append(("allOf", .array(dotted))) }
    return .object(members)
  }

  /// `{"$comment", "if", "then"}`: `then` applies to the records that pass `condition`.
  static func conditional(_ condition: OutputJSON, then: OutputJSON, comment: String) -> OutputJSON {
    .object([("$comment", .string(comment)), ("if", condition), ("then", then)])
  }

  /// A field's rules as a schema of the whole record: the value at its key passes `value`, and the key is
  /// there unless `absentPasses` (a dotted key: its member, or the nested objects).
  static func constraint(_ field: PlanField, value: OutputJSON, absentPasses: Bool) -> OutputJSON {
    guard field.segments.count == 1 else {
      return placement(field.key, field.segments, value: value, absentPasses: absentPasses)
    }
    var members: [(String, OutputJSON)] = [("properties", .object([(field.key, value)]))]
    if !absentPasses { members.append(("required", .array([.string(field.key)]))) }
    return .object(members)
  }

  /// The schema no record passes: a field that never receives the input's value (a later field with the
  /// same key takes it) and fails when absent makes every record invalid.
  static func neverGiven(_ key: String) -> OutputJSON {
    .object([
      (
        "$comment",
        .string(
          "A field with the key '\(key)' fails when absent and never receives a value (a later field with the same key takes it): no record passes."
        )
      ),
      ("not", .object([])),
    ])
  }

  /// A dotted key's field: the top-level member named by the whole key, else the nested objects.
  ///
  /// The top-level member wins when the record has it, as in `validate`. A field that must be present needs
  /// one or the other.
  static func placement(_ key: String, _ segments: [String], value: OutputJSON, absentPasses: Bool) -> OutputJSON {
    var nested = value
    for (depth, segment) in segments.enumerated().reversed() {
      var members: [(String, OutputJSON)] = []
      if !absentPasses {
        if depth > 0 { members.append(("type", .string("object"))) }
        members.append(("required", .array([.string(segment)])))
      }
      members.append(("properties", .object([(segment, nested)])))
      nested = .object(members)
    }
    return .object([
      ("if", .object([("required", .array([.string(key)]))])),
      ("then", .object([("properties", .object([(key, value)]))])),
      ("else", nested),
    ])
  }
}

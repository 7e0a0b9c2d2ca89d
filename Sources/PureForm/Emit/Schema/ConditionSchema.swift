/// `<visible_if>` and `<required_if>` conditions as JSON Schemas, for the `if` of an `if`/`then`.
///
/// A condition reads other fields' values after their coercion, with hidden fields read as missing, and a
/// dotted key may come nested or as one dotted member: JSON Schema cannot always say that exactly. So each
/// condition gets two schemas: `under`, which only records that make the condition true pass (what an `if`
/// needs, so the `then` is applied only where `validate` applies the rule: never stricter), and `over`,
/// which every such record passes (what a `not` needs to stay an under-approximation). Where a form of
/// condition is exact both are the same; where nothing can be said, `under` passes nothing and `over`
/// everything, and the schema is looser there, as its `$comment` says.
struct ConditionSchema {
  /// Only records for which the condition holds pass it.
  var under: OutputJSON
  /// Every record for which the condition holds passes it.
  var over: OutputJSON
  /// Whether `under` and `over` are the same schema: the condition is said exactly.
  var isExact: Bool { under == over }

  /// The schema every value passes.
  static let anything = OutputJSON.object([])
  /// The schema no value passes.
  static let nothing = OutputJSON.object([("not", .object([]))])
  /// A condition JSON Schema says nothing about.
  static let unknown = ConditionSchema(under: nothing, over: anything)

  /// The schemas of the condition rooted at `node` in the plan's conditions (`PlanField.visibleIf`,
  /// `requiredIf`), over the fields of `kernel`'s plan; the kernel says whether an atom holds.
  init(node: Int32, kernel: RecordPlan) {
    let conditions = kernel.validation.conditions
    let program = conditions[node]
    let parts = conditions.children(of: program).map { ConditionSchema(node: $0, kernel: kernel) }
    switch program.kind {
    case .truthy:
      self = Self.atom(node, Int(program.field), kernel: kernel, Self.truthy)
    case .equals:
      let values = Array(conditions.targets(of: program))
      self = Self.atom(node, Int(program.field), kernel: kernel) { Self.equals(values, type: $0) }
    case .not:
      self.init(under: Self.not(parts[0].over), over: Self.not(parts[0].under))
    case .all:
      self.init(under: Self.allOf(parts.map(\.under)), over: Self.allOf(parts.map(\.over)))
    case .any:
      self.init(under: Self.anyOf(parts.map(\.under)), over: Self.anyOf(parts.map(\.over)))
    }
  }

  private init(under: OutputJSON, over: OutputJSON) {
    self.under = under
    self.over = over
  }

  /// What one field's value must be for an atom of a condition to hold: the raw JSON values that make it
  /// hold once coerced, whether a missing value makes it hold too, and whether `present` says exactly which.
  private struct Atom {
    var present: OutputJSON
    var includesMissing: Bool
    var exact: Bool
  }

  /// The atom at `node` of the kernel's condition program, over field `number`, exactly where it can be said.
  ///
  /// Exact when the field has no transformer and no `<visible_if>`, and its type's coercion can be said;
  /// otherwise `under` counts only the records it is sure of and `over` passes everything. An absent value
  /// is the field's `<value>`, whose verdict the kernel gives here (`RecordPlan.holds`).
  private static func atom(
    _ node: Int32, _ number: Int, kernel: RecordPlan, _ value: (FieldType?) -> Atom
  ) -> ConditionSchema {
    let field = kernel.validation.fields[number]
    guard field.transformer == nil else { return .unknown }
    let atom = value(field.type)
    var cases = [at(field, atom.present)]
    var exact = atom.exact
    if atom.includesMissing {
      let missing = missingValues(field.type)
      cases.append(at(field, missing.schema))
      exact = exact && missing.exact
    }
    if kernel.holds(node, givenOnlyInitialValueOf: number) { cases.append(absent(field)) }
    var under = anyOf(cases)
    if let visibleIf = field.visibleIf {
      // A hidden field reads as missing: a present value counts only while the field is shown, and a
      // missing one whenever the field is hidden too.
      let shown = ConditionSchema(node: visibleIf, kernel: kernel)
      under = atom.includesMissing ? anyOf([under, not(shown.over)]) : allOf([shown.under, under])
      exact = false
    }
    return ConditionSchema(under: under, over: exact ? under : anything)
  }

  /// The records whose value for `field` is present and passes `schema`, found as `validate` finds it: the
  /// top-level member named by the whole key, else (a dotted key) the nested objects.
  private static func at(_ field: PlanField, _ schema: OutputJSON) -> OutputJSON {
    guard schema != nothing else { return nothing }
    let member = OutputJSON.object([
      ("required", .array([.string(field.key)])), ("properties", .object([(field.key, schema)])),
    ])
    guard field.segments.count > 1 else { return member }
    return anyOf([member, allOf([notMember(field), nested(field.segments[...], schema)])])
  }

  /// The records with no value for `field`: neither the top-level member nor (a dotted key) the nested one.
  private static func absent(_ field: PlanField) -> OutputJSON {
    guard field.segments.count > 1 else { return notMember(field) }
    return allOf([notMember(field), not(nested(field.segments[...], anything))])
  }

  /// The records without the top-level member named by `field`'s whole key.
  private static func notMember(_ field: PlanField) -> OutputJSON {
    .object([("not", .object([("required", .array([.string(field.key)]))]))])
  }

  /// The records whose nested objects along `segments` lead to a value passing `schema`.
  private static func nested(_ segments: ArraySlice<String>, _ schema: OutputJSON) -> OutputJSON {
    guard let first = segments.first else { return schema }
    let inner = segments.count == 1 ? schema : nested(segments.dropFirst(), schema)
    var members: [(String, OutputJSON)] = []
    if segments.startIndex > 0 { members.append(("type", .string("object"))) }
    members += [("required", .array([.string(first)])), ("properties", .object([(first, inner)]))]
    return .object(members)
  }

  /// The raw values a field of `type` reads as missing: null, "", and what its coercion refuses.
  private static func missingValues(_ type: FieldType?) -> (schema: OutputJSON, exact: Bool) {
    let empty = OutputJSON.object([("enum", .array([.null, .string("")]))])
    switch type {
    case nil: return (anyOf([empty, .object([("type", .array([.string("array"), .string("object")]))])]), true)
    case .text?, .image?: return (anyOf([empty, .object([("not", .object([("type", .string("string"))]))])]), true)
    case .bool?:
      let read = trueBoolStrings + falseBoolStrings + [.bool(true), .bool(false)]
      return (.object([("not", .object([("enum", .array(read))]))]), true)
    case .number?, .integer?:
      // Strings that are not number text (and non-integral numbers for `integer`) are missing too: not said.
      let refused = OutputJSON.object([("type", .array([.string("boolean"), .string("array"), .string("object")]))])
      return (anyOf([empty, refused]), false)
    }
  }

  /// A present value that is not `false` and not a number equal to 0, once coerced to `type`.
  private static func truthy(_ type: FieldType?) -> Atom {
    let nonEmptyText = OutputJSON.object([("type", .string("string")), ("minLength", .int(1))])
    let nonZero = OutputJSON.object([("not", .object([("const", .int(0))]))])
    switch type {
    case nil:
      return Atom(
        present: anyOf([
          nonEmptyText, .object([("type", .string("number")), ("not", .object([("const", .int(0))]))]),
          .object([("const", .bool(true))]),
        ]), includesMissing: false, exact: true)
    case .text?, .image?: return Atom(present: nonEmptyText, includesMissing: false, exact: true)
    case .bool?:
      return Atom(
        present: .object([("enum", .array(trueBoolStrings + [.bool(true)]))]), includesMissing: false, exact: true)
    case .number?, .integer?:
      // Number text that is not zero counts too: not said.
      let number = OutputJSON.object([("type", .string(type == .integer ? "integer" : "number"))])
      return Atom(present: allOf([number, nonZero]), includesMissing: false, exact: false)
    }
  }

  /// A value equal by the `equal` rule to one of `values` once coerced to `type` (nil: missing).
  private static func equals(_ values: [FieldValue?], type: FieldType?) -> Atom {
    var options: [OutputJSON] = []
    var exact = true
    for value in values {
      switch value {
      case nil: continue
      case .text(let text)?:
        // A string equals only a string with the same UTF-16 code units.
        if type == nil || type == .text || type == .image { options.append(.object([("const", .string(text))])) }
      case .number(let number, let text)?:
        switch type {
        case nil:
          options.append(.object([("type", .string("number")), ("const", .number(text))]))
          if number == ExactDecimal(1) { options.append(.object([("const", .bool(true))])) }
          if number == ExactDecimal(0) { options.append(.object([("const", .bool(false))])) }
        case .number?, .integer?:
          options.append(.object([("type", .string("number")), ("const", .number(text))]))
          exact = false  // number text equal to it counts too
        case .bool?:
          if number == ExactDecimal(1) { options.append(.object([("enum", .array(trueBoolStrings + [.bool(true)]))])) }
          if number == ExactDecimal(0) {
            options.append(.object([("enum", .array(falseBoolStrings + [.bool(false)]))]))
          }
        case .text?, .image?: continue
        }
      case .bool(let flag)?:
        switch type {
        case nil:
          options.append(.object([("const", .bool(flag))]))
          options.append(.object([("type", .string("number")), ("const", .int(flag ? 1 : 0))]))
        case .bool?:
          options.append(.object([("enum", .array((flag ? trueBoolStrings : falseBoolStrings) + [.bool(flag)]))]))
        case .number?, .integer?:
          options.append(.object([("type", .string("number")), ("const", .int(flag ? 1 : 0))]))
          exact = false
        case .text?, .image?: continue
        }
      }
    }
    return Atom(present: anyOf(options), includesMissing: values.contains { $0 == nil }, exact: exact)
  }

  /// The form-post strings a `bool` field reads as true, and as false.
  private static let trueBoolStrings = FieldState.boolStrings.filter { $0.value }.keys.sorted().map(OutputJSON.string)
  private static let falseBoolStrings = FieldState.boolStrings.filter { !$0.value }.keys.sorted().map(
    OutputJSON.string)

  /// `{"not": schema}`, without double negations of the two constant schemas.
  static func not(_ schema: OutputJSON) -> OutputJSON {
    if schema == anything { return nothing }
    if schema == nothing { return anything }
    return .object([("not", schema)])
  }

  /// `{"allOf": schemas}`, leaving out schemas everything passes.
  static func allOf(_ schemas: [OutputJSON]) -> OutputJSON {
    let parts = schemas.filter { $0 != anything }
    if parts.contains(nothing) { return nothing }
    return parts.count == 1 ? parts[0] : parts.isEmpty ? anything : .object([("allOf", .array(parts))])
  }

  /// `{"anyOf": schemas}`, leaving out schemas nothing passes.
  static func anyOf(_ schemas: [OutputJSON]) -> OutputJSON {
    let parts = schemas.filter { $0 != nothing }
    if parts.contains(anything) { return anything }
    return parts.count == 1 ? parts[0] : parts.isEmpty ? nothing : .object([("anyOf", .array(parts))])
  }
}

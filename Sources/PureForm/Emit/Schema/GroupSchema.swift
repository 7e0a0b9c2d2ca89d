/// The JSON Schema of a repeated group: an array (`null` or absent: empty) with `minItems` / `maxItems`
/// from `<items>` and the element limit, whose `items` are the element's fields, nested as their keys nest.
///
/// Never stricter than `validate`: a group may also arrive as flat keys (`items.0.name`), which the schema
/// does not read, so an absent array passes whatever its `min`; a field with a condition inside an element
/// passes any value (JSON Schema's `if` cannot read the element's own and the enclosing values together).
enum GroupSchema {
  /// A group field's schema, as the element's member: its value's schema, and whether it may be absent.
  static func element(_ planned: PlanField, schema: FieldSchema, leading: [(String, OutputJSON)]) -> (
    value: OutputJSON, absentPasses: Bool
  ) {
    guard planned.visibleIf == nil, planned.requiredIf == nil else {
      let comment = OutputJSON.string(
        "A condition inside a repeated group is evaluated by pureform only: any value passes here.")
      return (.object(leading + [("$comment", comment)]), true)
    }
    return (schema.value.json(leading: leading), schema.absentPasses)
  }

  /// The schema of group `group`'s array, its element's fields' schemas taken from `fields` by number.
  static func array(
    _ group: Int, plan: ValidationPlan, fields: [Int: (value: OutputJSON, absentPasses: Bool)]
  ) -> OutputJSON {
    let planned = plan.groups[group]
    var members: [(String, OutputJSON)] = [
      (
        "$comment",
        .string(
          "The repeated group '\(planned.key)': an array, absent or null being empty. Sent as flat keys ('\(planned.key).0.…'), it is read by pureform only, so an absent array passes here whatever its min."
        )
      ),
      ("type", .array([.string("array"), .string("null")])),
    ]
    if let min = planned.min { members.append(("minItems", .int(min.value))) }
    members.append(
      ("maxItems", .int(Swift.min(planned.max?.value ?? PlanGroup.elementLimit, PlanGroup.elementLimit))))
    members.append(("items", element(of: group, plan: plan, fields: fields)))
    return .object(members)
  }

  /// The schema of one element of group `group`.
  private static func element(
    of group: Int, plan: ValidationPlan, fields: [Int: (value: OutputJSON, absentPasses: Bool)]
  ) -> OutputJSON {
    let planned = plan.groups[group]
    if let scalar = planned.scalarField { return fields[scalar]?.value ?? .object([]) }
    var properties: [(String, OutputJSON)] = []
    var required: [String] = []
    var nested: [OutputJSON] = []
    var entries: [(position: Int, segments: [String], value: OutputJSON, absentPasses: Bool)] = []
    for number in planned.fields {
      guard let schema = fields[number] else { continue }
      entries.append(
        (number, GroupKey.relativeSegments(of: plan.fields[number].key), schema.value, schema.absentPasses))
    }
    for child in planned.children {
      let inner = plan.groups[child]
      entries.append((inner.anchor, inner.arraySegments, array(child, plan: plan, fields: fields), true))
    }
    for entry in entries.sorted(by: { $0.position < $1.position }) {
      let key = entry.segments.joined(separator: ".")
      if entry.segments.count == 1 {
        properties.append((key, entry.value))
        if !entry.absentPasses { required.append(key) }
      } else {
        nested.append(
          SchemaEmitter.placement(key, entry.segments, value: entry.value, absentPasses: entry.absentPasses))
      }
    }
    var members: [(String, OutputJSON)] = [("type", .string("object")), ("properties", .object(properties))]
    if !required.isEmpty { members.append(("required", .array(required.map(OutputJSON.string)))) }
    if !nested.isEmpty { members.append(("allOf", .array(nested))) }
    return .object(members)
  }
}

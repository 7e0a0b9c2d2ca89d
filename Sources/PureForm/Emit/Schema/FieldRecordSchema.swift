/// The JSON Schema of the records `validate --field KEY` accepts: field KEY's own rules, every other key free
/// (the other fields are not validated), looser where the record schema is looser and wherever the rule reads
/// more than the field's value.
///
/// What `POST /forms/NAME/fields/{key}/validate` documents. A field with a condition, a field of a repeated
/// group and a key two fields share get `{"type": "object"}` with a `$comment` saying pureform checks them.
enum FieldRecordSchema {
  /// The schema of the records that pass field `key` of `plan` (whose model is `model`) alone; nil when no
  /// field has that key.
  static func document(model: FormModel, plan: ValidationPlan, key: String) -> OutputJSON? {
    guard let number = plan.fieldNumbers[key] else { return nil }
    let planned = plan.fields[number]
    var members: [(String, OutputJSON)] = [("type", .string("object"))]
    let shared = plan.fields.lazy.filter { $0.key == key }.count > 1
    guard planned.group == nil, planned.visibleIf == nil, planned.requiredIf == nil, !shared,
      let field = model.formViews.dropFirst(number).first?.field
    else {
      members.insert(
        (
          "$comment",
          .string(
            "Field '\(key)' has a condition, is in a repeated group or shares its key: pureform alone checks it here."
          )
        ), at: 0)
      return .object(members)
    }
    let schema = FieldSchema(number: number, plan: plan, field: field)
    let value = schema.value.json()
    if planned.segments.count == 1 {
      members.append(("properties", .object([(key, value)])))
      if !schema.absentPasses { members.append(("required", .array([.string(key)]))) }
    } else {
      members.append(
        (
          "allOf",
          .array([SchemaEmitter.placement(key, planned.segments, value: value, absentPasses: schema.absentPasses)])
        ))
    }
    return .object(members)
  }
}

/// What `pureform diff` compares of one form view, read from a compiled form: its rules with the spans of
/// the members that hold them.
struct DiffedView {
  /// One validator, by name without `!`.
  struct Validator {
    var name: String
    var kind: ValidatorKind
    /// The argument as written; for `equal_next` / `equal_previous` the neighbour's key (null without one);
    /// for `required`, `true` (PureForm ignores its argument).
    var argument: FormValue
    /// The argument as written, for output.
    var written: FormValue
    var range: SourceRange
  }

  /// The output key (`unknown_key_N` without `<key>`).
  var key: String
  /// The span of the view's name.
  var range: SourceRange
  var validators: [Validator]
  var type: (FieldType, SourceRange)?
  var minItems: ItemBounds.Bound?
  var maxItems: ItemBounds.Bound?
  var visibleIf: WrittenCondition?
  var requiredIf: WrittenCondition?
  var sameAs: (String, SourceRange)?
  var value: (FormValue, SourceRange)?
  /// `<format>`, `<schemes>`, `<in>`, `<not_in>`, `<min>`, `<max>`: each word the view has, with its value as
  /// written (a format by name) and the value's span, in that order.
  var valueRules: [(word: ReservedWord, value: FormValue, range: SourceRange)] = []

  /// The first validator named `name`.
  func validator(named name: String) -> Validator? { validators.first { $0.name == name } }

  /// Whether the view holds any rule a value can fail: a validator, `<type>`, `<items>`, `<required_if>`,
  /// `<same_as>`, a value rule (`<format>`, `<in>`, …).
  var hasRules: Bool {
    !validators.isEmpty || type != nil || minItems != nil || maxItems != nil || requiredIf != nil || sameAs != nil
      || !valueRules.isEmpty
  }

  /// The view as a change's `old` / `new`: `<validators>` and whichever other compared words it has.
  var summary: FormValue {
    var members: [(key: String, value: FormValue)] = [
      ("<validators>", .object(validators.map { (key: $0.name, value: $0.written) }))
    ]
    if let type { members.append(("<type>", .string(type.0.rawValue))) }
    if minItems != nil || maxItems != nil {
      var bounds: [(key: String, value: FormValue)] = []
      if let minItems { bounds.append(("min", .number(String(minItems.value)))) }
      if let maxItems { bounds.append(("max", .number(String(maxItems.value)))) }
      members.append(("<items>", .object(bounds)))
    }
    if let visibleIf { members.append(("<visible_if>", visibleIf.written)) }
    if let requiredIf { members.append(("<required_if>", requiredIf.written)) }
    if let sameAs { members.append(("<same_as>", .string(sameAs.0))) }
    for rule in valueRules { members.append((rule.word.rawValue, rule.value)) }
    if let value { members.append(("<value>", value.0)) }
    return .object(members)
  }

  /// The form views of `form` in spec order, keyed as its output is (group views by template key).
  static func views(of form: CompiledForm) -> [DiffedView] {
    let plan = form.plan
    var views: [DiffedView] = []
    var number = 0
    for cell in form.model.cells {
      for view in cell.views {
        guard let field = view.field else { continue }
        let planned = plan.fields[number]
        number += 1
        var diffed = DiffedView(
          key: planned.key, range: view.range, validators: [], type: nil, minItems: field.items?.min,
          maxItems: field.items?.max, visibleIf: field.visibleIf, requiredIf: field.requiredIf, sameAs: nil,
          value: nil)
        for (index, validator) in field.validators.enumerated() {
          let written = FormValue(validator.argumentJSON)
          var argument = written
          switch validator.kind {
          case .required: argument = .bool(true)
          case .equalNext, .equalPrevious:
            if index < planned.checks.count, case .equalField(let neighbour) = planned.checks[index].rule {
              argument = neighbour == number - 1 ? .null : .string(plan.fields[neighbour].key)
            } else {
              argument = .null
            }
          default: break
          }
          diffed.validators.append(
            Validator(
              name: validator.name, kind: validator.kind, argument: argument, written: written, range: validator.range))
        }
        if let type = field.type, let range = field.typeRange { diffed.type = (type, range) }
        if let sameAs = field.sameAs, let range = field.sameAsRange { diffed.sameAs = (sameAs.text, range) }
        if let initial = view.initialValue, let range = view.valueRange { diffed.value = (FormValue(initial), range) }
        diffed.valueRules = Self.valueRules(of: field)
        views.append(diffed)
      }
    }
    return views
  }

  /// The value-rule words of `field` as `valueRules` lists them.
  private static func valueRules(of field: FormField) -> [(word: ReservedWord, value: FormValue, range: SourceRange)] {
    var rules: [(word: ReservedWord, value: FormValue, range: SourceRange)] = []
    if let format = field.format {
      rules.append((.format, .string(format.format.rawValue), format.range))
      if format.format == .url, format.schemes != URLFormatRule.defaultSchemes {
        rules.append((.schemes, .array(format.schemes.map(FormValue.string)), format.range))
      }
    }
    if let allowed = field.allowed { rules.append((.oneOf, .array(allowed.elements), allowed.range)) }
    if let refused = field.refused { rules.append((.noneOf, .array(refused.elements), refused.range)) }
    if let minimum = field.minimum { rules.append((.minimum, .string(minimum.text), minimum.range)) }
    if let maximum = field.maximum { rules.append((.maximum, .string(maximum.text), maximum.range)) }
    return rules
  }
}

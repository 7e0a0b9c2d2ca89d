/// One rule of a spec, as `pureform test --coverage` counts them: a (key, validator) pair of a form view (a
/// value rule, `format`, `in`, `not_in`, `min`, `max`, counts as a validator), or a view's `<visible_if>` or
/// `<required_if>`.
package struct SpecRule: Sendable, Hashable {
  /// The view's key; a group view's by template (`items.*.name`); the group's key for `<items>` bounds.
  package var key: String
  /// The validator's name without `!` (`type_mismatch` for `<type>`, `same_as`, `min_items`, `max_items`), or
  /// the reserved word of a condition (`<visible_if>`, `<required_if>`).
  package var name: String
  /// The condition this rule is, for a condition; nil for a validator.
  package var condition: ConditionTruth.Condition?
  /// The field number (`ConditionTruth.field`).
  package var field: Int
  /// The file the member is in, as `check` names it: the spec, or the included file.
  package var file: String
  /// The member's line and column in that file.
  package var line: Int
  package var column: Int
}

extension CompiledForm {
  /// Every rule of the form, in spec order: per form view `<type>` (as `type_mismatch`), its validators, its
  /// value rules, `<same_as>`, `<items>` bounds, `<visible_if>`, `<required_if>`.
  package var rules: [SpecRule] {
    var rules: [SpecRule] = []
    for (number, (formView, planned)) in zip(model.formViews, plan.fields).enumerated() {
      let (view, field) = formView
      let key = planned.key
      func add(_ name: String, _ range: SourceRange, condition: ConditionTruth.Condition? = nil, key: String = key) {
        let inclusion = sources.inclusion(containing: range.start.offset)
        let local = sources.local(range)
        rules.append(
          SpecRule(
            key: key, name: name, condition: condition, field: number, file: sources.file(inclusion).name,
            line: local.start.line, column: local.start.column))
      }
      if field.type != nil, let range = memberRange(ReservedWord.type.rawValue, of: view) {
        add(FailureReasonKey.typeMismatch.failureName, range)
      }
      for validator in field.validators { add(validator.name, validator.range) }
      if let format = field.format { add(FailureReasonKey.format.failureName, format.range) }
      if let allowed = field.allowed { add(FailureReasonKey.oneOf.failureName, allowed.range) }
      if let refused = field.refused { add(FailureReasonKey.noneOf.failureName, refused.range) }
      if let minimum = field.minimum { add(FailureReasonKey.minimum.failureName, minimum.range) }
      if let maximum = field.maximum { add(FailureReasonKey.maximum.failureName, maximum.range) }
      if let sameAs = field.sameAs { add(FailureReasonKey.sameAs.failureName, sameAs.range) }
      if let items = field.items {
        let groupKey = GroupKey.groups(of: key).last ?? key
        if let min = items.min { add(FailureReasonKey.minItems.failureName, min.range, key: groupKey) }
        if let max = items.max { add(FailureReasonKey.maxItems.failureName, max.range, key: groupKey) }
      }
      if let visibleIf = field.visibleIf { add("<visible_if>", visibleIf.range, condition: .visibleIf) }
      if let requiredIf = field.requiredIf { add("<required_if>", requiredIf.range, condition: .requiredIf) }
    }
    return rules
  }

  /// Each condition's value when the record `json` is validated in full (see `ConditionTruth`); nil when
  /// the record is not a JSON object.
  ///
  /// The kernel reports them while it validates the record (`RecordEnginePool.run(_:reporting:)`).
  package func conditionTruths<Bytes: Collection<UInt8>>(json bytes: Bytes) -> [ConditionTruth]? {
    let contiguous = bytes as? [UInt8] ?? Array(bytes)
    return contiguous.withUnsafeBytes { engines.run($0, reporting: true) }?.conditions
  }

  /// The range of the member `name` of `view`'s body, read again from the file it is in.
  private func memberRange(_ name: String, of view: FormView) -> SourceRange? {
    let inclusion = sources.inclusion(containing: view.body.start.offset)
    let file = sources.file(inclusion)
    let local = sources.local(view.body)
    guard let body = JSONReader.readValue(file, at: local.start), case .object(let members) = body.kind,
      let member = members.first(where: { $0.key == name })
    else { return nil }
    return member.keyRange.shifted(by: sources.base(inclusion))
  }
}

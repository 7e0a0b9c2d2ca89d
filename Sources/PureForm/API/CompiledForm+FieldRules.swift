/// A form view's rules as `pureform test --generate` reads them, to build a record that passes them and
/// one value past each.
package struct FieldRules: Sendable {
  /// The view's key; a group view's by template (`items.*.name`, `coupons.*`).
  package var key: String
  /// `<type>`: `text`, `number`, `integer`, `bool`, `image`; nil without one.
  package var type: String?
  /// `<value>`: the value the view has when the record has none.
  package var initialValue: FormValue?
  /// The validators in spec order, by name without `!`, with their arguments as written.
  package var validators: [(name: String, argument: FormValue)]
  /// Whether the view has `<same_as>`.
  package var hasSameAs: Bool
  /// `<visible_if>`: values of other views that make it hold, and that make it not hold.
  package var visibleIf: ConditionSettings?
  /// `<required_if>`: likewise.
  package var requiredIf: ConditionSettings?
  /// `<items>` bounds, on the group key `itemsKey`.
  package var itemsMin: Int?
  package var itemsMax: Int?
  package var itemsKey: String?
  /// `<format>` by name (`date_time`), with the schemes of a `url`.
  package var format: String? = nil
  package var schemes: [String] = []
  /// `<in>` and `<not_in>` as written.
  package var allowed: [FormValue]? = nil
  package var refused: [FormValue]? = nil
  /// `<min>` and `<max>` as written, and whether each is a binding path (else a literal of the format).
  package var minimum: (text: String, isPath: Bool)? = nil
  package var maximum: (text: String, isPath: Bool)? = nil
}

/// Values of other views (by template key) under which a condition holds, and under which it does not.
package struct ConditionSettings: Sendable {
  package var whenTrue: [(key: String, value: FormValue)]
  package var whenFalse: [(key: String, value: FormValue)]
}

extension CompiledForm {
  /// Every form view's rules, in spec order.
  package var fieldRules: [FieldRules] {
    zip(model.formViews, plan.fields).map { formView, planned in
      let (view, field) = formView
      let key = planned.key
      return FieldRules(
        key: key, type: field.type?.rawValue, initialValue: view.initialValue.map(FormValue.init),
        validators: field.validators.map { ($0.name, FormValue($0.argumentJSON)) }, hasSameAs: field.sameAs != nil,
        visibleIf: field.visibleIf.map { Self.settings($0.condition) },
        requiredIf: field.requiredIf.map { Self.settings($0.condition) }, itemsMin: field.items?.min?.value,
        itemsMax: field.items?.max?.value, itemsKey: field.items == nil ? nil : GroupKey.groups(of: key).last ?? key,
        format: field.format?.format.rawValue, schemes: field.format?.schemes ?? [], allowed: field.allowed?.elements,
        refused: field.refused?.elements, minimum: field.minimum.map { ($0.text, $0.path != nil) },
        maximum: field.maximum.map { ($0.text, $0.path != nil) })
    }
  }

  /// Values that make `condition` hold, and values that make it not hold (as far as one value per path can).
  private static func settings(_ condition: FieldCondition) -> ConditionSettings {
    switch condition {
    case .truthy(let path):
      return ConditionSettings(whenTrue: [(path.key, .bool(true))], whenFalse: [(path.key, .bool(false))])
    case .equals(let path, let values):
      let target = values.first?.value ?? .null
      return ConditionSettings(
        whenTrue: [(path.key, target)], whenFalse: [(path.key, other(than: values.map(\.value)))])
    case .not(let inner):
      let settings = settings(inner)
      return ConditionSettings(whenTrue: settings.whenFalse, whenFalse: settings.whenTrue)
    case .all(let conditions):
      let parts = conditions.map(settings)
      return ConditionSettings(whenTrue: parts.flatMap(\.whenTrue), whenFalse: parts.first?.whenFalse ?? [])
    case .any(let conditions):
      let parts = conditions.map(settings)
      return ConditionSettings(whenTrue: parts.first?.whenTrue ?? [], whenFalse: parts.flatMap(\.whenFalse))
    }
  }

  /// A value equal to none of `values`.
  private static func other(than values: [FormValue]) -> FormValue {
    var candidate = "other"
    while values.contains(.string(candidate)) { candidate += "x" }
    return .string(candidate)
  }
}

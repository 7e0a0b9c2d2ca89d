/// The checks of `<format>`, `<in>`, `<not_in>`, `<min>` and `<max>`: after a view's `<validators>`, in that
/// order, before `same_as`.
extension PlanField {
  /// The view's value-rule checks, a bound's path not yet resolved (`resolveBounds`).
  static func valueRuleChecks(of field: FormField, settings: ValidationSettings) -> [PlanCheck] {
    let messages = field.messageTexts
    func check(_ rule: CheckRule, _ name: String, _ key: FailureReasonKey, argument: String) -> PlanCheck {
      let template = messages[name] ?? settings.text(for: key)
      let written: FormValue
      if case .valueList(let elements, _) = rule { written = .array(elements) } else { written = .string(argument) }
      return PlanCheck(
        rule: rule, name: name, isLive: false, argument: written, reason: reason(template, argument: argument))
    }
    var checks: [PlanCheck] = []
    if let format = field.format {
      checks.append(
        check(
          .format(format.format, schemes: format.schemes), FailureName.format, .format,
          argument: format.format.rawValue))
    }
    if let allowed = field.allowed {
      checks.append(
        check(.valueList(allowed.elements, isAllowed: true), FailureName.oneOf, .oneOf, argument: allowed.text))
    }
    if let refused = field.refused {
      checks.append(
        check(.valueList(refused.elements, isAllowed: false), FailureName.noneOf, .noneOf, argument: refused.text))
    }
    if let format = field.format?.format {
      for (bound, isMinimum) in [(field.minimum, true), (field.maximum, false)] {
        guard let bound else { continue }
        let target: BoundTarget
        switch bound.target {
        case .literal(let moment): target = .moment(moment)
        case .path: target = .field(-1)
        }
        checks.append(
          check(
            .bound(target, format: format, isMinimum: isMinimum), isMinimum ? FailureName.minimum : FailureName.maximum,
            isMinimum ? .minimum : .maximum, argument: bound.text))
      }
    }
    return checks
  }

  /// Points each bound read from a binding path at the field number of the view it names.
  mutating func resolveBounds(of field: FormField, numbers: [String: Int]) {
    for index in checks.indices {
      guard case .bound(.field, let format, let isMinimum) = checks[index].rule,
        let path = (isMinimum ? field.minimum : field.maximum)?.path, let target = numbers[path.key]
      else { continue }
      checks[index].rule = .bound(.field(target), format: format, isMinimum: isMinimum)
    }
  }
}

/// What bounds a `<min>` or `<max>` check: a literal, or another field's value.
enum BoundTarget: Sendable {
  /// A literal of the view's format.
  case moment(FormatMoment)
  /// The field whose value (when present, of the format) is the bound.
  case field(Int)
}

/// One form view's part of the plan: its key, type, checks, conditions and failures, as the plan builds them
/// from the spec, and the kernel's view of the same field, which `RecordPlan` fills from them when it
/// flattens the plan into `PlanTables.fields`.
///
/// One type for both: the kernel reads the plan's own type, group and conditions, and `RecordPlan` fills in, on
/// its copy, only what it derives from them (the check span, the rendered failures, the hidden key); in the
/// plan's own fields those keep their defaults. The members the kernel reads on every record come first.
struct PlanField: Sendable {
  /// `<type>`, nil when the value is taken as submitted.
  var type: FieldType?
  /// Whether the value is output.
  var persist: Bool
  /// The pad whose characters the field accepts, when `keyboardTypeValidation` is on.
  var keyboard: KeyboardPad?
  /// `<visible_if>`, its root in the plan's `conditions`: the field is hidden (not validated, not output, read
  /// as missing) when it does not hold.
  var visibleIf: Int32?
  /// `<required_if>`, its root in the plan's `conditions`: when it holds, a missing value fails as
  /// `required_if` (`requiredIfFailure`).
  var requiredIf: Int32?
  /// The innermost repeated group the field is a template of (`items.*.name`); nil outside groups.
  var group: Int?
  /// `group` as the kernel numbers groups: -1 outside them.
  var groupNumber: Int { group ?? -1 }
  /// The field's checks in `PlanTables.checks` (set by `RecordPlan`).
  var checkStart = 0
  var checkCount = 0
  /// The failures of a type mismatch, of the keyboard and of `<required_if>`, rendered (set by `RecordPlan`;
  /// the last empty without `<required_if>`).
  var mismatchFragment = PoolSpan(start: 0, count: 0)
  var keyboardFragment = PoolSpan(start: 0, count: 0)
  var requiredIfFragment = PoolSpan(start: 0, count: 0)
  /// The key as a JSON string, as a result's `hidden` lists it (set by `RecordPlan`; empty for a form without
  /// `<visible_if>`).
  var hiddenKey = PoolSpan(start: 0, count: 0)
  /// The dotted key, or `unknown_key_N`.
  var key: String
  /// The key's segments (`unknown_key_N` is one).
  var segments: [String]
  /// `<value>`, the value when the input has none.
  var initialValue: FormValue?
  /// Where PureForm's errors locate the view.
  var section: Int
  var row: Int
  var tag: Int
  /// The file the view comes from, relative to the spec's folder, when the spec includes it; nil otherwise.
  var file: String?
  /// Where the view's key is in its file.
  var line: Int
  var column: Int
  /// Applied to the value before coercion.
  var transformer: ValueTransformer?
  /// The reason of a `type_mismatch` failure.
  var typeMismatchReason: String
  /// The reason of a `keyboard_type` failure.
  var keyboardReason: String
  /// The validators in spec order (`<same_as>` last, as the check `same_as`).
  var checks: [PlanCheck]
  /// The `required_if` failure of a field with `<required_if>` (set with `requiredIf`): the condition as the
  /// spec wrote it, which the failure carries, and its reason, `<messages>`' `required_if`, else the field's
  /// `required` reason.
  var requiredIfFailure: (written: FormValue, reason: String)?

  init(
    key: String, segments: [String], view: FormView, field: FormField, cell: FormCell,
    patterns: [String: CompiledPattern], transformer: ValueTransformer?, settings: ValidationSettings
  ) {
    self.key = key
    self.segments = segments
    self.type = field.type
    self.initialValue = view.initialValue.map(FormValue.init)
    self.persist = field.persist
    self.section = cell.section
    self.row = cell.row
    self.tag = field.tag
    self.line = view.range.start.line
    self.column = view.range.start.column
    self.transformer = transformer
    let messages = field.messageTexts
    self.typeMismatchReason = PlanField.reason(
      settings.text(for: .typeMismatch, messages: messages), argument: FieldType.name(field.type))
    let keyboard = settings.keyboardTypeValidation ? view.keyboardType.flatMap(KeyboardPad.init(keyboardType:)) : nil
    self.keyboard = keyboard
    self.keyboardReason = PlanField.reason(
      settings.text(for: .keyboardType, messages: messages), argument: keyboard?.characters ?? "")
    self.checks = field.validators.map { validator in
      let argument = FormValue(validator.argumentJSON)
      let template: String
      let rule: CheckRule
      switch validator.argument {
      case .registered(let registered, let registeredArgument):
        template = messages[registered.name] ?? registered.defaultReason
        rule = .registered(registered.check, registeredArgument)
      default:
        template = settings.text(for: FailureReasonKey(validator.kind), messages: messages)
        rule = CheckRule(validator, patterns: patterns)
      }
      return PlanCheck(
        rule: rule, name: validator.name, isLive: validator.isLive, argument: argument,
        reason: PlanField.reason(template, argument: argument.reasonText))
    }
    self.checks += PlanField.valueRuleChecks(of: field, settings: settings)
  }

  /// Resolves the field's `<visible_if>`, `<required_if>` and `<same_as>` against the form's field numbers.
  mutating func resolveConditions(
    of field: FormField, numbers: [String: Int], conditions: inout ConditionProgram, settings: ValidationSettings
  ) {
    let messages = field.messageTexts
    visibleIf = field.visibleIf.flatMap { conditions.add($0.condition, numbers: numbers) }
    if let written = field.requiredIf, let condition = conditions.add(written.condition, numbers: numbers) {
      let template =
        messages[FailureReasonKey.requiredIfName] ?? settings.text(for: .required, messages: messages)
      requiredIf = condition
      requiredIfFailure = (written.written, PlanField.reason(template, argument: "true"))
    }
    resolveBounds(of: field, numbers: numbers)
    if let sameAs = field.sameAs, let target = numbers[sameAs.key] {
      let argument = FormValue.string(sameAs.text)
      let template = settings.text(for: .sameAs, messages: messages)
      checks.append(
        PlanCheck(
          rule: .equalField(target), name: FailureReasonKey.sameAs.failureName, isLive: false, argument: argument,
          reason: PlanField.reason(template, argument: sameAs.text)))
    }
  }

  /// What a `type_mismatch` failure names as the type the value should have had.
  var typeName: String { FieldType.name(type) }

  /// A reason template with every `%@` replaced, as PureForm does (a literal replacement, not a format).
  ///
  /// Every field's reasons are built when a form compiles, so this is on the compile path of every spec:
  /// a template without `%@` is returned as it is, and an ASCII one is rewritten in one pass over its
  /// bytes. In ASCII text every byte is a whole `Character` (`"\r\n"` aside, which holds neither `%` nor
  /// `@`), so matching bytes finds exactly the `%@` that `replacing` finds; other templates go through
  /// `replacing`, whose `Character` matching leaves a `%@` followed by a combining mark alone.
  static func reason(_ template: String, argument: String) -> String {
    var template = template
    let fast: String?? = template.withUTF8 { bytes in
      var containsMarker = false
      var index = 0
      while index < bytes.count {
        let byte = bytes[index]
        if byte >= 0x80 { return .none }
        if byte == UInt8(ascii: "%"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "@") {
          containsMarker = true
        }
        index += 1
      }
      guard containsMarker else { return .some(nil) }
      var result = ""
      var runStart = 0
      index = 0
      while index + 1 < bytes.count {
        if bytes[index] == UInt8(ascii: "%"), bytes[index + 1] == UInt8(ascii: "@") {
          result += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart..<index]), as: UTF8.self)
          result += argument
          index += 2
          runStart = index
        } else {
          index += 1
        }
      }
      result += String(decoding: UnsafeBufferPointer(rebasing: bytes[runStart...]), as: UTF8.self)
      return .some(result)
    }
    switch fast {
    case .some(.some(let replaced)): return replaced
    case .some(.none): return template
    case .none: return template.replacing("%@", with: argument)
    }
  }
}

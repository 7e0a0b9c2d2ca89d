/// The JSON Schema of the values one field accepts, and whether a record may leave the field out: one branch
/// per kind of JSON value (missing, string, number, bool), each with the constraints its validators put on
/// that kind (PureForm's parity table), looser wherever JSON Schema cannot say a rule exactly.
struct FieldSchema {
  /// The schema of a present value (`null` and `""` included: they are missing, and no `<value>` replaces them).
  var value: SchemaObject
  /// Whether the field passes when the record has no value for it (it then takes its `<value>`).
  var absentPasses: Bool

  /// RFC 8259 number text, the strings `<type>` number and integer accept.
  static let numberText = #"^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$"#
  /// Number text an integer field may accept: without an exponent, a fraction of zeros only (exact); with
  /// one, any (whether `2.5e1` is integral takes arithmetic a pattern cannot do).
  static let integerText = #"^-?(?:0|[1-9][0-9]*)(?:(?:\.0+)?|(?:\.[0-9]+)?[eE][+-]?[0-9]+)$"#
  /// Two or more words separated by single spaces: every `full_name`, and more.
  static let words = "^[^ ]+(?: [^ ]+)+$"
  /// A character beyond the Basic Multilingual Plane (two UTF-16 code units).
  static let beyondBMP = "[\u{10000}-\u{10FFFF}]"

  /// The schema of field `number` of `plan`, whose model is `field`.
  init(number: Int, plan whole: ValidationPlan, field: FormField) {
    let plan = whole.alone(number)
    let planned = plan.fields[0]
    guard planned.transformer == nil else {
      var any = SchemaObject()
      any.comment("A value transformer set in code runs before the validators: any value passes here.")
      self.value = any
      self.absentPasses = true
      return
    }
    let undecidable = plan.undecidableChecks
    let initialIsMissing = FieldState(coercing: planned.initialValue, to: planned.type) == .missing
    absentPasses = plan.probe(nil, ignoring: initialIsMissing ? [] : undecidable)
    let missingPasses = plan.probe(.null)

    var branches: [SchemaObject] = []
    let rules = Array(zip(field.validators, planned.checks))
    let valueRules = Array(planned.checks.dropFirst(field.validators.count))
    switch planned.type {
    case nil, .text, .image:
      var text = FieldSchema.text(rules, keyboard: planned.keyboard)
      FieldSchema.applyValueRules(valueRules, to: &text, holding: .strings)
      branches.append(text)
    case .number, .integer:
      var text = FieldSchema.numberText(rules, type: planned.type, keyboard: planned.keyboard)
      FieldSchema.applyValueRules(valueRules, to: &text, holding: .numberText)
      branches.append(text)
    case .bool:
      let strings = FieldState.boolStrings.keys.sorted().filter {
        plan.probe(.string($0), ignoring: undecidable)
      }
      var text = SchemaObject([("enum", .array(strings.map(OutputJSON.string)))])
      text.acceptsNothing = strings.isEmpty
      branches.append(text)
    }
    if planned.type == nil || planned.type == .number || planned.type == .integer {
      var number = FieldSchema.number(rules, integer: planned.type == .integer)
      FieldSchema.applyValueRules(valueRules, to: &number, holding: .numbers)
      branches.append(number)
    }
    if planned.type == nil || planned.type == .bool {
      let bools = [true, false].filter { plan.probe(.bool($0), ignoring: undecidable) }
      var bool = SchemaObject(
        bools.count == 2 ? [("type", .string("boolean"))] : [("enum", .array(bools.map(OutputJSON.bool)))])
      bool.acceptsNothing = bools.isEmpty
      branches.append(bool)
    }
    value = FieldSchema.combine(branches.filter { !$0.acceptsNothing }, missingPasses: missingPasses)
    // Neighbours and registered validators leave every kind of present value free: one comment, on the field.
    FieldSchema.commentUndecidable(rules, in: &value)
    FieldSchema.commentBounds(valueRules, in: &value)
    if field.requiredIf != nil {
      value.comment(
        "'<required_if>' also makes the value required when its condition holds: the allOf entry of its condition says so."
      )
    }
    if let sameAs = field.sameAs {
      value.comment(
        "'<same_as>' compares with the value at '\(sameAs.text)', which JSON Schema cannot: any value passes it here.")
    }
  }

  /// One schema accepting what any branch accepts, plus `null` and `""` when a missing value passes.
  ///
  /// Plain `type` branches merge into one `type` array, and `enum` branches into one `enum`.
  private static func combine(_ branches: [SchemaObject], missingPasses: Bool) -> SchemaObject {
    var branches = branches
    var types: [String] = []
    var values: [OutputJSON] = []
    if missingPasses {
      // A string branch that only excludes "" takes it back, and null joins the types.
      let plainString = branches.firstIndex {
        $0.holdsOnly(["type", "minLength"]) && $0.value(of: "minLength") == .int(1)
      }
      if let plainString {
        branches[plainString].remove("minLength")
        types.append("null")
      } else {
        values = [.null, .string("")]
      }
    }
    var rest: [SchemaObject] = []
    for branch in branches {
      if branch.holdsOnly(["type"]), case .string(let type)? = branch.value(of: "type") {
        types.append(type)
      } else if branch.holdsOnly(["enum"]), case .array(let members)? = branch.value(of: "enum") {
        values += members
      } else {
        rest.append(branch)
      }
    }
    if !values.isEmpty { rest.insert(SchemaObject([("enum", .array(values))]), at: 0) }
    if !types.isEmpty {
      let type: OutputJSON = types.count == 1 ? .string(types[0]) : .array(types.map(OutputJSON.string))
      rest.insert(SchemaObject([("type", type)]), at: 0)
    }
    switch rest.count {
    case 0:
      var nothing = SchemaObject([("not", .object([]))])
      nothing.comment("No value passes this field's validators.")
      return nothing
    case 1: return rest[0]
    default: return SchemaObject([("anyOf", .array(rest.map { $0.json() }))])
    }
  }

  /// The branch of non-empty strings on a field that holds them as text (no `<type>`, text, image).
  private static func text(_ rules: [(FormValidator, PlanCheck)], keyboard: KeyboardPad?) -> SchemaObject {
    var text = SchemaObject([("type", .string("string")), ("minLength", .int(1))])
    for (validator, check) in rules {
      switch check.rule {
      case .required: continue
      case .equal(let target):
        if case .text(let string)? = target {
          text.add("const", .string(string))
        } else {
          text.acceptsNothing = true
        }
      case .equalLength(let length):
        atLeast(length, validator, in: &text)
        atMost(length, validator, in: &text)
      case .minLength(let length): atLeast(length, validator, in: &text)
      case .maxLength(let length): atMost(length, validator, in: &text)
      case .minValue, .maxValue:
        text.add("pattern", .string(numberText))
        text.comment(
          "'\(validator.name)' compares number text as a number, which JSON Schema cannot do for a string: any number text passes it here."
        )
      case .pattern: pattern(validator, in: &text)
      case .equalField, .registered, .format, .valueList, .bound: continue
      }
    }
    if let keyboard { text.add("pattern", .string("^[\(keyboard.characters)]*$")) }
    return text
  }

  /// The branch of strings on a number or integer field: number text, coerced to a number.
  private static func numberText(
    _ rules: [(FormValidator, PlanCheck)], type: FieldType?, keyboard: KeyboardPad?
  ) -> SchemaObject {
    let pattern = type == .integer ? integerText : numberText
    var text = SchemaObject([("type", .string("string")), ("pattern", .string(pattern))])
    if type == .integer {
      text.comment(
        "An integer field takes integral number text (\"3.0\" and \"2.5e1\" too); with an exponent, the pattern takes any number text."
      )
    }
    for (validator, check) in rules {
      switch check.rule {
      case .required, .equalLength, .minLength, .maxLength: continue
      case .equal(let target):
        guard let target, target.kind != .text else {
          text.acceptsNothing = true
          continue
        }
        text.comment(
          "'equal' compares number text as a number, which JSON Schema cannot do for a string: any number text passes it here."
        )
      case .minValue, .maxValue:
        text.comment(
          "'\(validator.name)' compares number text as a number, which JSON Schema cannot do for a string: any number text passes it here."
        )
      case .pattern: text.acceptsNothing = true
      case .equalField, .registered, .format, .valueList, .bound: continue
      }
    }
    if let keyboard { text.add("pattern", .string("^[\(keyboard.characters)]*$")) }
    return text
  }

  /// The branch of JSON numbers.
  private static func number(_ rules: [(FormValidator, PlanCheck)], integer: Bool) -> SchemaObject {
    var number = SchemaObject([("type", .string(integer ? "integer" : "number"))])
    for (_, check) in rules {
      switch check.rule {
      case .required, .equalLength, .minLength, .maxLength: continue
      case .equal(let target):
        switch target {
        case .number(_, let text)?: number.add("const", .number(text))
        case .bool(let flag)?: number.add("const", .int(flag ? 1 : 0))
        default: number.acceptsNothing = true
        }
      case .minValue:
        if case .number(let text) = check.argument { number.add("minimum", .number(text)) }
      case .maxValue:
        if case .number(let text) = check.argument { number.add("maximum", .number(text)) }
      case .pattern: number.acceptsNothing = true
      case .equalField, .registered, .format, .valueList, .bound: continue
      }
    }
    return number
  }

  /// `min_length` / `equal_length` N on UTF-16 code units: `minLength` N for strings within the BMP, and
  /// half of it (rounded up) for strings holding a character beyond it, which counts two code units.
  private static func atLeast(_ length: Int, _ validator: FormValidator, in text: inout SchemaObject) {
    guard length > 1 else { return }
    text.require(
      .object([
        (
          "anyOf",
          .array([
            .object([("minLength", .int(length))]),
            .object([("minLength", .int((length + 1) / 2)), ("pattern", .string(beyondBMP))]),
          ])
        )
      ]))
    text.comment(
      "'\(validator.name)' counts UTF-16 code units and minLength code points: a string with a character beyond the BMP passes here from \((length + 1) / 2) character\(length > 2 ? "s" : "")."
    )
  }

  /// `max_length` / `equal_length` N: `maxLength` N, exact within the BMP, looser beyond it.
  private static func atMost(_ length: Int, _ validator: FormValidator, in text: inout SchemaObject) {
    text.add("maxLength", .int(length))
    text.comment(
      "'\(validator.name)' counts UTF-16 code units and maxLength code points: a string with a character beyond the BMP may pass here and fail in pureform."
    )
  }

  /// `type` and `custom` on a string: the e-mail rule exactly, `full_name` and PCRE2 patterns as closely as
  /// ECMA-262 can say them.
  private static func pattern(_ validator: FormValidator, in text: inout SchemaObject) {
    switch validator.argument {
    case .textKind(.email):
      text.add("pattern", .string(TextRules.email.pattern))
    case .textKind(.fullName):
      text.add("pattern", .string(words))
      text.comment(
        "'\(validator.name)' full_name takes words of Unicode letters (\\p{L}), which ECMA-262 cannot say portably: any two or more words separated by single spaces pass here."
      )
    case .pattern(let source):
      guard let translated = PatternTranslation.ecma(source) else {
        text.comment(
          "'\(validator.name)': the PCRE2 pattern uses syntax ECMA-262 lacks or reads otherwise: any text passes it here."
        )
        return
      }
      text.add("pattern", .string(translated.pattern))
      if translated.widened {
        text.comment(
          "'\(validator.name)': the pattern's \\d, \\w and \\s classes (Unicode in PCRE2) are widened to any character here."
        )
      }
    default: return
    }
  }

  /// Notes the checks whose verdict needs more than the value: another field's value, or code.
  private static func commentUndecidable(_ rules: [(FormValidator, PlanCheck)], in schema: inout SchemaObject) {
    for (validator, check) in rules {
      switch check.rule {
      case .equalField:
        let neighbour = validator.kind == .equalNext ? "next" : "previous"
        schema.comment(
          "'\(validator.name)' compares with the \(neighbour) cell's field, which JSON Schema cannot: any value passes it here."
        )
      case .registered:
        schema.comment("'\(validator.name)' is a validator registered in code: any value passes it here.")
      default: continue
      }
    }
  }
}

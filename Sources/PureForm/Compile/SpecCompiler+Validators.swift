extension SpecCompiler {
  /// Compiles `<validators>`: names, typed arguments, duplicates and contradictions.
  mutating func compileValidators(_ member: JSONMember) -> [FormValidator] {
    guard
      let entries = expect(
        \.asObject, of: member.value, .validatorsNotObject,
        "'<validators>' must be an object of validator name to argument")
    else { return [] }
    var validators: [FormValidator] = []
    // At most one per entry: reserved up front, so a field's array has no growth slack.
    validators.reserveCapacity(entries.count)
    // The first entry of each name, searched in order: a field has a handful of validators.
    var firstByName: [(name: String, entry: JSONMember)] = []
    for entry in distinctMembers(entries) {
      let (name, isLive) = Self.removingSuffix("!", from: entry.key)
      let builtIn = ValidatorKind.builtIn(named: name)
      // A name the registry has is a validator too, unless a built-in has it (the registry refuses those).
      let registered = builtIn == nil ? registry.validator(named: name) : nil
      guard let kind = builtIn ?? registered.map({ _ in .registered }) else {
        let names = ValidatorKind.builtIns.map(\.rawValue) + registry.names
        let notes = Suggestion.notes(name, among: names, written: { $0 + (isLive ? "!" : "") })
        report(.unknownValidator, "unknown validator '\(entry.key)'", at: entry.keyRange, notes: notes)
        continue
      }
      if let first = firstByName.first(where: { $0.name == name })?.entry {
        report(
          .duplicateValidator, "validator '\(name)' is given twice", at: entry.keyRange,
          notes: [DiagnosticNote("first given here as '\(first.key)'", at: first.keyRange)])
        continue
      }
      firstByName.append((name, entry))
      let compiled = registered.map { ValidatorArgument.registered($0, FormValue(entry.value)) }
      guard let argument = compiled ?? compileArgument(kind, entry) else { continue }
      validators.append(
        FormValidator(
          kind: kind, isLive: isLive, argument: argument, range: entry.keyRange,
          argumentJSON: entry.value))
    }
    checkContradictions(validators)
    return validators
  }

  /// Types one validator's argument; nil when it is wrong (reported).
  private mutating func compileArgument(_ kind: ValidatorKind, _ entry: JSONMember) -> ValidatorArgument? {
    let value = entry.value
    // Phrased only for a message: most arguments are right.
    var found: String { value.kind.describedWithArticle }
    switch kind {
    case .registered:
      // Registered validators take any JSON argument; `compileValidators` types it.
      return nil
    case .equal:
      switch value.kind {
      case .string, .number, .bool: return .equalTo(value.kind)
      default:
        report(
          .validatorArgumentType, "validator 'equal' needs a string, number or bool, found \(found)", at: value.range)
        return nil
      }
    case .equalNext, .equalPrevious, .required:
      guard case .bool(let enabled) = value.kind else {
        report(
          .validatorArgumentType, "validator '\(kind.rawValue)' needs true, found \(found)", at: value.range,
          notes: Self.argumentTypeNotes(for: value, meant: .bool))
        return nil
      }
      if !enabled {
        report(
          .disabledValidator, "validator '\(kind.rawValue)' is false, but it is still enforced", at: value.range,
          notes: [
            DiagnosticNote(
              "PureForm ignores the argument and runs '\(kind.rawValue)' anyway, so pureform does too: "
                + "remove the validator to make the field optional, or write true")
          ])
      }
      return .enabled
    case .equalLength, .minLength, .maxLength:
      guard case .number(let text) = value.kind, let number = ExactDecimal(text) else {
        report(
          .validatorArgumentType, "validator '\(kind.rawValue)' needs a non-negative integer, found \(found)",
          at: value.range, notes: Self.argumentTypeNotes(for: value, meant: .number))
        return nil
      }
      guard !number.isNegative, number.isInteger, let length = number.intValue, length <= Int(Int32.max) else {
        report(
          .validatorArgumentRange,
          "validator '\(kind.rawValue)' needs a non-negative integer no greater than \(Int32.max), found \(text)",
          at: value.range)
        return nil
      }
      return .length(length)
    case .minValue, .maxValue:
      guard case .number(let text) = value.kind, let number = ExactDecimal(text) else {
        report(
          .validatorArgumentType, "validator '\(kind.rawValue)' needs a number, found \(found)", at: value.range,
          notes: Self.argumentTypeNotes(for: value, meant: .number))
        return nil
      }
      return .number(number)
    case .type:
      guard case .string(let text) = value.kind else {
        report(
          .validatorArgumentType, "validator 'type' needs \"email\" or \"full_name\", found \(found)", at: value.range)
        return nil
      }
      guard let textKind = TextKind(rawValue: text) else {
        let names = TextKind.allCases.map(\.rawValue)
        let notes = Suggestion.notes(
          text, among: names, otherwise: [DiagnosticNote("the types are 'email' and 'full_name'")])
        report(.unknownTypeArgument, "unknown value type '\(text)' for validator 'type'", at: value.range, notes: notes)
        return nil
      }
      return .textKind(textKind)
    case .custom:
      guard case .string(let pattern) = value.kind else {
        report(
          .validatorArgumentType, "validator 'custom' needs a regular expression string, found \(found)",
          at: value.range)
        return nil
      }
      // PureForm's `custom` shares its code with `type`: the arguments "email" and "full_name" select
      // those rules instead of being read as patterns.
      if let textKind = TextKind(rawValue: pattern) {
        report(
          .customNamesRule, "'custom' \"\(pattern)\" runs PureForm's \(pattern) rule, not a pattern", at: value.range,
          notes: [
            DiagnosticNote(
              "PureForm's 'custom' shares its code with 'type', so \"\(pattern)\" selects the rule 'type' names "
                + "(the word '\(pattern)' itself fails it)"),
            DiagnosticNote("write '\"type\": \"\(pattern)\"' to say so, or \"^\(pattern)$\" to match the word"),
          ])
        return .textKind(textKind)
      }
      do {
        if patterns[pattern] == nil { patterns[pattern] = try CompiledPattern(pattern) }
        return .pattern(pattern)
      } catch {
        let start = location(ofDecodedUTF8Offset: error.utf8Offset, inStringAt: value.range)
        let end =
          start.offset < value.range.end.offset ? location(ofOffset: nextScalarOffset(after: start.offset)) : start
        report(
          .invalidRegex, "invalid regular expression: \(error.message)", at: SourceRange(start: start, end: end),
          notes: [DiagnosticNote("PCRE2 stopped at byte \(error.utf8Offset) of the pattern")])
        return nil
      }
    }
  }

  /// The byte offset of the scalar after the one starting at `offset`.
  private func nextScalarOffset(after offset: Int) -> Int {
    var next = offset - fileBase + 1
    while next < file.bytes.count, file.bytes[next] & 0xC0 == 0x80 { next += 1 }
    return next + fileBase
  }

  /// Reports lengths and ranges no value can satisfy.
  private mutating func checkContradictions(_ validators: [FormValidator]) {
    // Nothing to contradict without a bound: most fields are let go without a search per kind.
    guard
      validators.contains(where: {
        switch $0.kind {
        case .minLength, .maxLength, .equalLength, .minValue, .maxValue: return true
        default: return false
        }
      })
    else { return }
    func find(_ kind: ValidatorKind) -> FormValidator? { validators.first { $0.kind == kind } }
    func length(_ validator: FormValidator?) -> Int? {
      if case .length(let value)? = validator?.argument { return value }
      return nil
    }
    let minLength = find(.minLength)
    let maxLength = find(.maxLength)
    let equalLength = find(.equalLength)
    if let minimum = length(minLength), let maximum = length(maxLength), minimum > maximum, let minLength, let maxLength
    {
      report(
        .contradictoryLengths, "'max_length' \(maximum) is less than 'min_length' \(minimum): no value satisfies both",
        at: maxLength.argumentRange, notes: [DiagnosticNote("'min_length' is given here", at: minLength.argumentRange)])
    }
    if let equal = length(equalLength), let equalLength {
      if let maximum = length(maxLength), equal > maximum, let maxLength {
        report(
          .contradictoryLengths, "'equal_length' \(equal) breaks 'max_length' \(maximum)",
          at: equalLength.argumentRange,
          notes: [DiagnosticNote("'max_length' is given here", at: maxLength.argumentRange)])
      }
      if let minimum = length(minLength), equal < minimum, let minLength {
        report(
          .contradictoryLengths, "'equal_length' \(equal) breaks 'min_length' \(minimum)",
          at: equalLength.argumentRange,
          notes: [DiagnosticNote("'min_length' is given here", at: minLength.argumentRange)])
      }
    }
    if let minValue = find(.minValue), let maxValue = find(.maxValue),
      case .number(let minimum) = minValue.argument, case .number(let maximum) = maxValue.argument, minimum > maximum
    {
      report(
        .contradictoryValues, "'max_value' \(maximum) is less than 'min_value' \(minimum): no value satisfies both",
        at: maxValue.argumentRange, notes: [DiagnosticNote("'min_value' is given here", at: minValue.argumentRange)])
    }
  }
}

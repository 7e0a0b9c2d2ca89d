extension SpecCompiler {
  /// Warns where PureForm's verdict on a form view differs from how its validators read.
  ///
  /// A field that can never be left empty although it has no `required` (PF317), and `equal` with an
  /// argument of another kind than the field's values (PF318). Both read the rules validate runs, not copies.
  mutating func warnSurprisingVerdicts(
    view name: String, key: DottedKey?, validators: [FormValidator], type: FieldType?, typeWord: JSONMember?,
    initial: JSONNode?
  ) {
    if reports(.emptyAlwaysFails), !validators.contains(where: { $0.kind == .required }),
      let validator = validators.first(where: \.failsMissing)
    {
      // Written into one string sized once: a spec can have this warning on every field, and nested
      // interpolations made and grew several strings for each.
      let validatorName = validator.name
      let subject = key == nil ? "view '" : "field '"
      let named = key?.text ?? name
      let head = "' can never be left empty: '"
      var length = ""
      if case .length(let value) = validator.argument { length = " " + String(value) }
      let tail = " fails an empty value, and it has no 'required'"
      var message = ""
      // Exactly the length: a spare byte per warning is a quarter megabyte on a spec with 250,000 of them.
      message.reserveCapacity(
        subject.utf8.count + named.utf8.count + head.utf8.count + validatorName.utf8.count + 1 + length.utf8.count
          + tail.utf8.count)
      message += subject
      message += named
      message += head
      message += validatorName
      message += "'"
      message += length
      message += tail
      report(.emptyAlwaysFails, message, at: validator.range, notes: emptyAlwaysFailsNotes(validatorName))
    }
    for validator in validators where validator.kind == .equal {
      checkEqualKind(validator, type: type, typeWord: typeWord, initial: initial)
    }
  }

  /// PF317's note for validator `name`: made once per name and shared by every warning that has it, so a
  /// spec with the warning on every field holds one copy of the text.
  private mutating func emptyAlwaysFailsNotes(_ name: String) -> [DiagnosticNote] {
    if let notes = sharedNotes[name] { return notes }
    let notes = [
      DiagnosticNote(
        "on the device an empty field is nil, and PureForm's '\(name)' fails nil: write "
          + "'\"required\": true' to say so, or remove '\(name)' if the field may be left empty")
    ]
    sharedNotes[name] = notes
    return notes
  }

  /// PF318: the kind of `equal`'s argument against the field's: its `<type>`'s kind, else its `<value>`'s.
  private mutating func checkEqualKind(
    _ validator: FormValidator, type: FieldType?, typeWord: JSONMember?, initial: JSONNode?
  ) {
    guard let argument = FieldValue(argument: FormValue(validator.argumentJSON)) else { return }
    let fieldKind: ValueKind
    let source: DiagnosticNote
    if let type, let typeWord {
      fieldKind = type.valueKind
      source = DiagnosticNote(
        "'<type>' '\(type.rawValue)' makes every value a \(fieldKind.name)", at: typeWord.value.range)
    } else if let initial, let kind = Self.kind(ofInitial: initial) {
      fieldKind = kind
      source = DiagnosticNote("'<value>' is a \(fieldKind.name): the view sends \(fieldKind.name)s", at: initial.range)
    } else {
      return
    }
    guard argument.kind != fieldKind else { return }
    let comparison =
      argument.kind == .text || fieldKind == .text
      ? "PureForm never finds a string equal to a number or a bool, so every value fails 'equal'"
      : "PureForm compares numbers and bools by value: true equals 1 and false equals 0"
    var notes = [source, DiagnosticNote(comparison)]
    if let rewritten = Self.equalArgument(argument, as: fieldKind) {
      notes.append(DiagnosticNote("write the argument as a \(fieldKind.name): \(rewritten)"))
    }
    report(
      .equalKindMismatch,
      "validator 'equal' has a \(argument.kind.name) argument, but the field's values are \(fieldKind.name)s",
      at: validator.argumentRange, notes: notes)
  }

  /// The kind of the values a view sends, by its `<value>`; nil for `null`.
  ///
  /// `""` is missing, but it is a text field's value: the view sends strings.
  private static func kind(ofInitial initial: JSONNode) -> ValueKind? {
    if case .string = initial.kind { return .text }
    return FieldState(coercing: FormValue(initial), to: nil).value?.kind
  }

  /// `argument` written as a JSON value of `kind` that PureForm finds equal to what it says, when there is one.
  private static func equalArgument(_ argument: FieldValue, as kind: ValueKind) -> String? {
    switch (argument, kind) {
    case (.number(_, let text), .text): return "\"\(text)\""
    case (.bool(let value), .text): return value ? "\"true\"" : "\"false\""
    case (.bool(let value), .number): return value ? "1" : "0"
    case (.text(let text), .number): return ExactDecimal(text) != nil ? text : nil
    case (.text(let text), .bool): return FieldState.boolStrings[text].map { $0 ? "true" : "false" }
    case (.number(let number, _), .bool):
      return number == ExactDecimal(1) ? "true" : number == ExactDecimal(0) ? "false" : nil
    default: return nil
    }
  }
}

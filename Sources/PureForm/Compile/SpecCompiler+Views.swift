extension SpecCompiler {
  /// Compiles the views of one cell body, in order; form views are numbered by their tag.
  mutating func compileViews(_ members: [JSONMember]) -> [FormView] {
    var views: [FormView] = []
    // At most one per member: reserved up front, so a cell's array has no growth slack.
    views.reserveCapacity(members.count)
    var tag = 0
    for member in members {
      if ReservedWord.hasReservedSyntax(member.key) {
        reportMisplacedWord(member, level: "a cell body")
        continue
      }
      let (name, isFormInput) = Self.removingSuffix("?", from: member.key)
      if Self.isBlank(name) {
        report(.malformedViewName, "view name '\(member.key)' is empty", at: member.keyRange)
        continue
      }
      guard
        let body = expect(
          \.asObject, of: member.value, .viewNotObject, "view '\(member.key)' must be an object of properties")
      else { continue }
      views.append(
        compileView(
          name: name, isFormInput: isFormInput, range: member.keyRange, body: member.value.range,
          members: distinctMembers(body), tag: tag))
      if isFormInput { tag += 1 }
    }
    return views
  }

  /// Compiles one view: its reserved words and its properties.
  private mutating func compileView(
    name: String, isFormInput: Bool, range: SourceRange, body: SourceRange, members: [JSONMember], tag: Int
  ) -> FormView {
    var keyboardType: Int?
    var words = ReservedMembers(of: members)
    for (index, member) in members.enumerated() {
      if ReservedWord.hasReservedSyntax(member.key) {
        if let word = ReservedWord.named(member.key), word != .section, word != .include {
          words.record(word, at: index)
        } else {
          reportMisplacedWord(member, level: "a view")
        }
      } else {
        // Compiled for its diagnostics; the model reads properties again from the source when it needs them.
        let property = compileProperty(member)
        if property.name == "keyboardType", !property.isLocalized { keyboardType = Self.keyboardType(property.value) }
      }
    }
    var view = FormView(name: name, isFormInput: isFormInput, range: range, body: body, keyboardType: keyboardType)
    if let value = words[.value] {
      switch value.value.kind {
      case .array, .object:
        report(
          .reservedWordType,
          "'<value>' must be a string, number, bool or null, found \(value.value.kind.describedWithArticle)",
          at: value.value.range)
      default:
        view.initialValue = value.value
        view.valueRange = value.keyRange
      }
    }
    if let display = words[.display] {
      if case .string(let text) = display.value.kind, !text.isEmpty {
        view.display = text
      } else {
        report(
          .reservedWordType, "'<display>' must name a property, found \(display.value.kind.describedWithArticle)",
          at: display.value.range)
      }
    }
    let key = words[.key].flatMap { compileKey($0) }
    let explicitType = words[.type].flatMap { compileFieldType($0) }
    let persist =
      words[.persist].flatMap {
        expect(\.asBool, of: $0.value, .reservedWordType, "'<persist>' must be true or false")
      } ?? true
    let validators = words[.validators].map { compileValidators($0) } ?? []
    let messages = words[.messages].map { compileMessages($0, validators: validators) } ?? []

    // Most plain views hold none of the form-view words: no list to make and sort for them.
    if !isFormInput, !words.hasFormViewWord { return view }
    if !isFormInput {
      let ignored = ReservedWord.formViewWords.compactMap { words[$0] }.sorted { $0.keyRange.start < $1.keyRange.start }
      for member in ignored {
        let code: DiagnosticCode =
          member.key == ReservedWord.validators.rawValue ? .validatorsOnPlainView : .reservedWordOnPlainView
        let what = code == .validatorsOnPlainView ? "validators are never run" : "'\(member.key)' has no effect"
        report(
          code, "\(what): view '\(name)' is not a form input", at: member.keyRange,
          notes: [DiagnosticNote("mark the view as a form input with '?': '\(name)?'", at: range)])
      }
      return view
    }

    // `<value>` fits its type exactly when validate's own coercion accepts it: one rule, not two copies.
    if let explicitType, let initial = view.initialValue,
      FieldState(coercing: FormValue(initial), to: explicitType) == .mismatch
    {
      report(
        .valueDoesNotFitType,
        "'<value>' \(initial.kind.describedWithArticle) does not fit '<type>' '\(explicitType.rawValue)'",
        at: initial.range)
    }
    if let explicitType { checkValidatorsFit(validators, type: explicitType) }
    warnSurprisingVerdicts(
      view: name, key: key, validators: validators, type: explicitType, typeWord: words[.type],
      initial: view.initialValue)
    // Built here and stored once: each change made through `view.field?` copied the whole field, a few
    // hundred bytes, and copied it again with a retain of each of its arrays and strings for the value rules.
    var field = FormField(
      key: key, hasKeyWord: words[.key] != nil, type: explicitType, validators: validators, messages: messages,
      persist: persist, tag: tag)
    // Conditions name the field by its key, as their warnings do (the view name is often just `textField`).
    let label = key?.description ?? name
    // Relative binding paths resolve inside the view's innermost group element.
    conditionScope = key.map { GroupKey.groups(of: $0.text).map { $0 + ".*" } } ?? []
    field.items = words[.items].flatMap { compileItems($0, key: key) }
    field.visibleIf = words[.visibleIf].flatMap { compileCondition($0, field: label) }
    field.requiredIf = words[.requiredIf].flatMap { compileCondition($0, field: label) }
    field.sameAs = words[.sameAs].flatMap { compileSameAs($0, field: label) }
    if field.sameAs != nil { field.sameAsRange = words[.sameAs]?.keyRange }
    compileValueRules(words, into: &field, label: label)
    if explicitType != nil { field.typeRange = words[.type]?.keyRange }
    view.field = field
    return view
  }

  /// The `UIKeyboardType` a `keyboardType` property's value sets: a keyboard-type constant's value, or an
  /// integer; nil for anything else (a constant of another enum is PF408 already).
  private static func keyboardType(_ value: PropertyValue) -> Int? {
    switch value {
    case .enumConstant(.keyboardType, _, let value): return value
    case .number(let text): return ExactDecimal(text)?.intValue
    default: return nil
    }
  }

  /// Reads `<key>` into a dotted path, after the `<key>` prefix of the include being read.
  private mutating func compileKey(_ member: JSONMember) -> DottedKey? {
    guard let text = expect(\.asString, of: member.value, .reservedWordType, "'<key>' must be a string") else {
      return nil
    }
    guard !text.isEmpty, !Self.hasEmptySegment(text) else {
      report(
        .malformedKeyPath,
        text.isEmpty ? "'<key>' is empty" : "key '\(text)' has an empty segment: write names between the dots",
        at: member.value.range)
      return nil
    }
    if text.utf8Contains(UInt8(ascii: "*")), !checkGroupSegments(text, at: member.value.range) { return nil }
    // A view of a file included with a `<key>` prefix outputs under the prefix.
    return DottedKey(text: keyPrefix.map { "\($0).\(text)" } ?? text, range: member.value.range)
  }

  /// Whether a dotted key has an empty segment: it starts or ends with `.`, or has `..`.
  private static func hasEmptySegment(_ text: String) -> Bool {
    let bytes = text.utf8
    guard bytes.allSatisfy({ $0 < 0x80 }) else {
      // A `.` byte may be part of a larger Character (`.` and a combining mark): split on characters.
      return DottedKey.segments(of: text).contains(where: \.isEmpty)
    }
    var previous = UInt8(ascii: ".")
    for byte in bytes {
      if byte == UInt8(ascii: "."), previous == byte { return true }
      previous = byte
    }
    return previous == UInt8(ascii: ".")
  }

  /// Reads `<type>`.
  private mutating func compileFieldType(_ member: JSONMember) -> FieldType? {
    guard let text = expect(\.asString, of: member.value, .reservedWordType, "'<type>' must be a string") else {
      return nil
    }
    return named(text, at: member.value.range, .unknownFieldType, "unknown field type '\(text)'", kinds: "types")
  }

  /// Reads `<messages>`: failure name → text.
  private mutating func compileMessages(
    _ member: JSONMember, validators: [FormValidator]
  ) -> [(name: String, text: String)] {
    guard
      let entries = expect(
        \.asObject, of: member.value, .reservedWordType, "'<messages>' must be an object of failure name to text")
    else { return [] }
    var messages: [(name: String, text: String)] = []
    let validatorNames = validatorNames
    let names = messageNames
    for entry in distinctMembers(entries) {
      guard
        let text = expect(\.asString, of: entry.value, .reservedWordType, "message for '\(entry.key)' must be a string")
      else { continue }
      let name = Self.removingSuffix("!", from: entry.key).name
      guard names.contains(name) else {
        report(
          .unknownMessageKey, "'<messages>' names no validator or failure '\(entry.key)'", at: entry.keyRange,
          notes: Suggestion.notes(name, among: validatorNames + FailureReasonKey.nonValidatorNames))
        continue
      }
      if validatorNames.contains(name), !validators.contains(where: { $0.name == name }) {
        report(
          .messageForAbsentValidator, "message for '\(name)' is never shown: the view has no '\(name)' validator",
          at: entry.keyRange)
      }
      messages.append((name, text))
    }
    return messages
  }

  /// The name of a closed list (`<type>`, `<format>`) whose raw value is `text`, or nil after reporting `code`
  /// with `message` and a note: "did you mean" the closest, else the whole list (`the types are 'text', …`).
  mutating func named<Name: RawRepresentable & CaseIterable>(
    _ text: String, at range: SourceRange, _ code: DiagnosticCode, _ message: String, kinds: String
  ) -> Name? where Name.RawValue == String {
    if let name = Name(rawValue: text) { return name }
    let names = Name.allCases.map(\.rawValue)
    let list = DiagnosticNote("the \(kinds) are \(names.map { "'\($0)'" }.joined(separator: ", "))")
    report(code, message, at: range, notes: Suggestion.notes(text, among: names, otherwise: [list]))
    return nil
  }
}

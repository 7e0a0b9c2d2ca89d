extension SpecCompiler {
  /// The properties of `view` in source order (reserved words excluded), compiled again from its file.
  ///
  /// The file of `sources` it was compiled from is read again with the same strings table: the model does
  /// not keep them. Their ranges are in that file's own offsets.
  static func properties(of view: FormView, sources: SpecSources, strings: StringsTable?) -> [FormProperty] {
    let inclusion = sources.inclusion(containing: view.body.start.offset)
    let file = sources.file(inclusion)
    var start = view.body.start
    start.offset -= sources.base(inclusion)
    guard let body = JSONReader.readValue(file, at: start), case .object(let members) = body.kind
    else { return [] }
    var compiler = SpecCompiler(file: file, strings: strings, validators: ValidatorRegistry())
    return JSONMember.withoutRepeatedKeys(members).compactMap { member in
      ReservedWord.hasReservedSyntax(member.key) ? nil : compiler.compileProperty(member)
    }
  }

  /// Compiles one property: localization keys (`*`), colours (`#`), UIKit constants, nesting to any depth.
  mutating func compileProperty(_ member: JSONMember) -> FormProperty {
    let (name, isLocalized) = Self.removingSuffix("*", from: member.key)
    let value = isLocalized ? compileLocalized(member) : compileValue(member.value, property: name)
    return FormProperty(name: name, isLocalized: isLocalized, range: member.keyRange, value: value)
  }

  /// Resolves a `*` property's localization key through the strings table, when one was given.
  private mutating func compileLocalized(_ member: JSONMember) -> PropertyValue {
    guard
      let key = expect(
        \.asString, of: member.value, .localizedValueNotString,
        "localized property '\(member.key)' needs a localization key string")
    else { return compileValue(member.value, property: String(member.key.dropLast())) }
    guard let table = strings else { return .localized(key: key, text: nil) }
    guard let text = table.entries[key] else {
      report(
        .missingLocalization, "localization key '\(key)' is not in strings table '\(table.name)'",
        at: member.value.range, notes: Suggestion.notes(key, among: Array(table.entries.keys).sorted()))
      return .localized(key: key, text: nil)
    }
    return .localized(key: key, text: text)
  }

  /// Compiles a property value of any shape.
  private mutating func compileValue(_ node: JSONNode, property: String) -> PropertyValue {
    switch node.kind {
    case .null, .invalid: return .null
    case .bool(let value): return .bool(value)
    case .number(let text): return .number(text)
    case .string(let text): return compileString(text, node: node, property: property)
    case .array(let elements): return .array(elements.map { compileValue($0, property: property) })
    case .object(let members):
      var nested: [FormProperty] = []
      for member in distinctMembers(members) {
        if ReservedWord.hasReservedSyntax(member.key) {
          reportMisplacedWord(member, level: "property '\(property)'")
        } else {
          nested.append(compileProperty(member))
        }
      }
      return .object(nested)
    }
  }

  /// Interprets a string value: a colour or tinted image when it has `#`, a UIKit constant when it
  /// starts with one of the seven enums' prefixes, else plain text.
  private mutating func compileString(_ text: String, node: JSONNode, property: String) -> PropertyValue {
    if let parsed = ColourLiteral.parse(text) {
      switch parsed {
      case .success(.colour(let colour)): return .colour(colour)
      case .success(.tintedImage(let name, let colour)): return .tintedImage(name: name, colour: colour)
      case .failure(let error):
        let start = location(ofDecodedUTF8Offset: error.utf8Offset, inStringAt: node.range)
        // The span runs to the end of the string's text, not over its closing quote.
        let end = location(ofOffset: max(start.offset, node.range.end.offset - 1))
        report(.malformedColour, error.message, at: SourceRange(start: start, end: end))
        return .string(text)
      }
    }
    guard let family = UIKitEnum.family(of: text) else { return .string(text) }
    guard let constant = UIKitEnum.constant(named: text) else {
      let notes = Suggestion.notes(text, among: family.constants.map(\.name))
      report(.unknownEnumConstant, "unknown \(family.rawValue) constant '\(text)'", at: node.range, notes: notes)
      return .string(text)
    }
    if let expected = UIKitEnum.expected(forProperty: property), expected != constant.enumType {
      report(
        .enumForOtherProperty,
        "property '\(property)' takes a \(expected.rawValue), but '\(text)' is a \(constant.enumType.rawValue)",
        at: node.range, notes: [Self.sameValueNote(constant.value, in: expected)])
    }
    return .enumConstant(constant.enumType, name: text, value: constant.value)
  }

  /// What PureForm does with a constant of the wrong enum: it sets the property to the constant's number,
  /// which means another constant, or none, of the enum the property takes.
  private static func sameValueNote(_ value: Int, in expected: UIKitEnum) -> DiagnosticNote {
    guard let meant = expected.constants.first(where: { $0.value == value }) else {
      return DiagnosticNote("PureForm sets the number \(value), which no \(expected.rawValue) has")
    }
    return DiagnosticNote("PureForm sets the number \(value), which is '\(meant.name)'")
  }
}

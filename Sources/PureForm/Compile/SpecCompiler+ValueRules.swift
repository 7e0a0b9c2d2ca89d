/// Reads the words for rules PureForm lacks, `<format>` (with `<schemes>`), `<in>`, `<not_in>`, `<min>` and
/// `<max>`: each warns that the device accepts any value there (PF431–PF435), and what no value could make
/// meaningful is an error (PF421–PF429). Which view a bound's path names is checked with the other binding
/// paths once the whole form is known (`SpecCompiler+ConditionPaths`).
extension SpecCompiler {
  /// Reads the view's value-rule words into `field`, whose `<type>` and `<key>` are already read.
  mutating func compileValueRules(_ words: ReservedMembers, into field: inout FormField, label: String) {
    let formatWord = words[.format]
    if let member = formatWord {
      warnDeviceIgnores(member, code: .deviceIgnoresFormat, field: label)
      field.format = compileFormat(member, type: field.type)
    }
    if let member = words[.schemes] {
      let schemes = compileSchemes(member, format: formatWord == nil ? nil : field.format?.format, written: formatWord)
      if let schemes { field.format?.schemes = schemes }
    }
    if let member = words[.oneOf] {
      warnDeviceIgnores(member, code: .deviceIgnoresIn, field: label)
      field.allowed = compileValueList(member, type: field.type, key: label)
    }
    if let member = words[.noneOf] {
      warnDeviceIgnores(member, code: .deviceIgnoresNotIn, field: label)
      field.refused = compileValueList(member, type: field.type, key: label)
    }
    for word in [ReservedWord.minimum, .maximum] {
      guard let member = words[word] else { continue }
      warnDeviceIgnores(
        member, code: word == .minimum ? .deviceIgnoresMin : .deviceIgnoresMax, field: label)
      // A `<format>` that did not compile was reported already: its bounds are not reported again.
      guard formatWord == nil || field.format != nil else { continue }
      let bound = compileBound(member, format: field.format?.format, key: field.key?.text)
      if word == .minimum { field.minimum = bound } else { field.maximum = bound }
    }
    if let minimum = field.minimum, let maximum = field.maximum, case .literal(let earliest) = minimum.target,
      case .literal(let latest) = maximum.target, earliest.isLater(than: latest)
    {
      report(
        .contradictoryBounds, "'<min>' '\(minimum.text)' is later than '<max>' '\(maximum.text)': no value is between",
        at: minimum.range, notes: [DiagnosticNote("'<max>' is here", at: maximum.range)])
      field.minimum = nil
      field.maximum = nil
    }
  }

  /// Warns that the device runs none of these rules.
  private mutating func warnDeviceIgnores(_ member: JSONMember, code: DiagnosticCode, field: String) {
    report(
      code, "'\(member.key)' is not checked on the device: field '\(field)' takes any value there",
      at: member.keyRange,
      notes: [DiagnosticNote("PureForm ignores reserved words it does not know: only the server refuses the value")])
  }

  /// Reads `<format>`: a format name, on a view that holds text.
  private mutating func compileFormat(_ member: JSONMember, type: FieldType?) -> FormatRule? {
    guard let name = expect(\.asString, of: member.value, .reservedWordType, "'<format>' must be a format name") else {
      return nil
    }
    guard
      let format: TextFormat = named(
        name, at: member.value.range, .unknownFormat, "unknown format '\(name)'", kinds: "formats")
    else { return nil }
    if let type, type != .text {
      report(
        .formatDoesNotFitType,
        "'<format>' '\(name)' checks text, and a '\(type.rawValue)' view never holds text",
        at: member.value.range, notes: [DiagnosticNote("use '<type>' 'text', or leave '<type>' out")])
      return nil
    }
    return FormatRule(
      format: format, schemes: format == .url ? URLFormatRule.defaultSchemes : [], range: member.value.range)
  }

  /// Reads `<schemes>`: a non-empty array of scheme names, beside `<format>` `url`; nil when it is not one.
  private mutating func compileSchemes(
    _ member: JSONMember, format: TextFormat?, written: JSONMember?
  ) -> [String]? {
    // A `<format>` that did not compile was reported already.
    if written != nil, format == nil { return nil }
    guard format == .url else {
      let what = format.map { "'<format>' is '\($0.rawValue)'" } ?? "the view has no '<format>'"
      report(
        .malformedSchemes, "'<schemes>' lists the schemes of a URL, and \(what)", at: member.keyRange,
        notes: [DiagnosticNote("write '<format>': 'url' beside it")])
      return nil
    }
    guard case .array(let elements) = member.value.kind, !elements.isEmpty else {
      report(
        .malformedSchemes,
        "'<schemes>' must be a non-empty array of scheme names, found \(Self.described(member.value))",
        at: member.value.range)
      return nil
    }
    var schemes: [String] = []
    for element in elements {
      guard case .string(let name) = element.kind, URLFormatRule.isSchemeName(name) else {
        report(
          .malformedSchemes, "a scheme is a name such as 'https' (a letter, then letters, digits, '+', '-', '.')",
          at: element.range)
        return nil
      }
      schemes.append(name.lowercased())
    }
    return schemes
  }

  /// Reads `<in>` or `<not_in>`: a non-empty array of strings, numbers or bools the view can hold.
  private mutating func compileValueList(_ member: JSONMember, type: FieldType?, key: String) -> ValueList? {
    guard case .array(let elements) = member.value.kind, !elements.isEmpty else {
      report(
        .malformedValueList,
        "'\(member.key)' must be a non-empty array of strings, numbers or bools, found \(Self.described(member.value))",
        at: member.value.range)
      return nil
    }
    var broken = false
    for element in elements {
      switch element.kind {
      case .string(""), .null:
        report(
          .malformedValueList,
          "'\(member.key)' never meets \(element.kind.describedWithArticle): such a value is missing, and a missing value is not checked",
          at: element.range)
        broken = true
      case .array, .object:
        report(
          .malformedValueList,
          "an element of '\(member.key)' must be a string, number or bool, found \(element.kind.describedWithArticle)",
          at: element.range)
        broken = true
      default:
        let value = FormValue(element)
        if let type, !Self.holds(type, value) {
          report(
            .listValueNeverHeld, "view '\(key)' never holds \(value.description): its '<type>' is '\(type.rawValue)'",
            at: element.range, notes: [DiagnosticNote(Self.heldNote(type))])
          broken = true
        }
      }
    }
    if broken { return nil }
    let written = FormValue(member.value)
    guard case .array(let values) = written else { return nil }
    return ValueList(elements: values, text: written.description, range: member.value.range)
  }

  /// A value as a message names it, an empty array as such.
  private static func described(_ node: JSONNode) -> String {
    if case .array(let elements) = node.kind, elements.isEmpty { return "an empty array" }
    return node.kind.describedWithArticle
  }

  /// Whether a view of `type` can hold `value` after its coercion, compared as JSON (a bool is no number).
  private static func holds(_ type: FieldType, _ value: FormValue) -> Bool {
    switch (type, value) {
    case (.text, .string), (.image, .string), (.number, .number), (.bool, .bool): return true
    case (.integer, .number(let text)): return ExactDecimal(text)?.isInteger == true
    default: return false
    }
  }

  /// What a view of `type` holds once coerced, for a note.
  private static func heldNote(_ type: FieldType) -> String {
    switch type {
    case .text, .image: return "a '\(type.rawValue)' view holds strings"
    case .number: return "a 'number' view holds numbers (\"5\" is coerced to 5)"
    case .integer: return "an 'integer' view holds integral numbers"
    case .bool: return "a 'bool' view holds true or false"
    }
  }

  /// Reads `<min>` or `<max>`: a literal of the view's chronological format, or a binding path to another view.
  private mutating func compileBound(_ member: JSONMember, format: TextFormat?, key: String?) -> ChronoBound? {
    guard let format, format.isChronological else {
      let what = format.map { "its '<format>' is '\($0.rawValue)'" } ?? "it has no '<format>'"
      report(
        .boundWithoutDateFormat, "'\(member.key)' bounds a date, date_time or time view, and \(what)",
        at: member.keyRange, notes: [DiagnosticNote("write '<format>': 'date', 'date_time' or 'time' beside it")])
      return nil
    }
    guard
      let text = expect(
        \.asString, of: member.value, .malformedBound,
        "'\(member.key)' must be a \(format.rawValue) or a binding path string")
    else { return nil }
    if let moment = FormatMoment(text, format: format) {
      return ChronoBound(target: .literal(moment), text: text, range: member.value.range)
    }
    guard let path = path(text, at: member.value.range, skipping: 0) else { return nil }
    if path.key == key {
      report(
        .boundOnItsOwnView, "'\(member.key)' names its own view '\(path.key)': a value never bounds itself",
        at: member.value.range)
      return nil
    }
    return ChronoBound(target: .path(path), text: text, range: member.value.range)
  }
}

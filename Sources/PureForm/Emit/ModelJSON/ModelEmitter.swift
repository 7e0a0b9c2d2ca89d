/// Writes a compiled form as canonical JSON: every object's keys sorted, two-space indentation, numbers
/// exactly as the spec wrote them, so the same spec always gives the same bytes.
package enum ModelEmitter {
  /// The model document for `--emit model`.
  ///
  /// The model keeps where each view's properties are, not the properties: they are read again from
  /// the file of `sources` each came from, with `strings`, the same files and strings table the model was compiled with.
  static func document(_ model: FormModel, sources: SpecSources, strings: StringsTable?) -> OutputJSON {
    let properties = { (view: FormView) in SpecCompiler.properties(of: view, sources: sources, strings: strings) }
    let sections: [OutputJSON] = model.sections.map { section in
      .object([
        ("section", .int(section.number)),
        ("location", section.range.map(location) ?? .null),
        ("cells", .array(section.cells.map { cell($0, sources: sources, properties: properties) })),
      ])
    }
    return OutputJSON.object([
      ("format", .string("pureform-model")),
      ("version", .int(1)),
      ("file", .string(sources.top.name)),
      ("sections", .array(sections)),
    ]).canonical
  }

  private static func location(_ range: SourceRange) -> OutputJSON {
    .object([
      ("line", .int(range.start.line)), ("column", .int(range.start.column)),
      ("endLine", .int(range.end.line)), ("endColumn", .int(range.end.column)),
    ])
  }

  /// A cell; one that comes from an included file has `file`, that file's path relative to the spec's
  /// folder, and every location inside it is in that file.
  private static func cell(_ cell: FormCell, sources: SpecSources, properties: (FormView) -> [FormProperty])
    -> OutputJSON
  {
    var members: [(String, OutputJSON)] = [
      ("class", .string(cell.className)),
      ("identifier", .string(cell.identifier)),
      ("section", .int(cell.section)),
      ("row", .int(cell.row)),
      ("location", location(cell.range)),
      ("userData", .object(cell.userData.map { ($0.key, json($0.value)) })),
      ("views", .array(cell.views.map { view($0, properties: properties($0)) })),
    ]
    if let file = sources.relativePath(ofOffset: cell.range.start.offset) { members.append(("file", .string(file))) }
    return .object(members)
  }

  private static func view(_ view: FormView, properties: [FormProperty]) -> OutputJSON {
    var members: [(String, OutputJSON)] = [
      ("name", .string(view.name)),
      ("formInput", .bool(view.isFormInput)),
      ("location", location(view.range)),
      ("properties", .array(properties.map(property))),
      ("value", view.initialValue.map(json) ?? .null),
      ("display", view.display.map(OutputJSON.string) ?? .null),
    ]
    if let field = view.field {
      members.append(("field", self.field(field)))
    }
    return .object(members)
  }

  /// A form view's field; `visibleIf`, `requiredIf` (the conditions as written), `sameAs` (the path),
  /// `format` (with `schemes` for a url), `in`, `notIn`, `min`, `max` (as written) and `items` (its group's
  /// bounds as written on it) only when the view has them.
  private static func field(_ field: FormField) -> OutputJSON {
    var members: [(String, OutputJSON)] = [
      ("key", field.key.map { .string($0.description) } ?? .null),
      ("keyPath", field.key.map { .array($0.segments.map(OutputJSON.string)) } ?? .null),
      ("type", field.type.map { .string($0.rawValue) } ?? .null),
      ("persist", .bool(field.persist)),
      ("tag", .int(field.tag)),
      ("messages", .object(field.messages.map { ($0.name, .string($0.text)) })),
      ("validators", .array(field.validators.map(validator))),
    ]
    if let visibleIf = field.visibleIf { members.append(("visibleIf", visibleIf.written.outputJSON)) }
    if let requiredIf = field.requiredIf { members.append(("requiredIf", requiredIf.written.outputJSON)) }
    if let sameAs = field.sameAs { members.append(("sameAs", .string(sameAs.text))) }
    if let format = field.format {
      members.append(("format", .string(format.format.rawValue)))
      if format.format == .url { members.append(("schemes", .array(format.schemes.map(OutputJSON.string)))) }
    }
    if let allowed = field.allowed { members.append(("in", .array(allowed.elements.map(\.outputJSON)))) }
    if let refused = field.refused { members.append(("notIn", .array(refused.elements.map(\.outputJSON)))) }
    if let minimum = field.minimum { members.append(("min", .string(minimum.text))) }
    if let maximum = field.maximum { members.append(("max", .string(maximum.text))) }
    if let items = field.items {
      var bounds: [(String, OutputJSON)] = []
      if let min = items.min { bounds.append(("min", .int(min.value))) }
      if let max = items.max { bounds.append(("max", .int(max.value))) }
      members.append(("items", .object(bounds)))
    }
    return .object(members)
  }

  private static func validator(_ validator: FormValidator) -> OutputJSON {
    let argument: OutputJSON
    let argumentType: String
    switch validator.argument {
    case .equalTo(let kind):
      argument = json(JSONNode(kind, validator.argumentRange))
      argumentType = "value"
    case .enabled:
      argument = .bool(true)
      argumentType = "flag"
    case .length(let length):
      argument = .int(length)
      argumentType = "length"
    case .number:
      argument = json(validator.argumentJSON)
      argumentType = "decimal"
    case .textKind(let kind):
      argument = .string(kind.rawValue)
      argumentType = "textKind"
    case .pattern(let text):
      argument = .string(text)
      argumentType = "regex"
    case .registered:
      argument = json(validator.argumentJSON)
      argumentType = "registered"
    }
    return .object([
      ("name", .string(validator.name)),
      ("live", .bool(validator.isLive)),
      ("argument", argument),
      ("argumentType", .string(argumentType)),
      ("location", location(validator.range)),
    ])
  }

  private static func property(_ property: FormProperty) -> OutputJSON {
    .object([
      ("name", .string(property.name)),
      ("localized", .bool(property.isLocalized)),
      ("location", location(property.range)),
      ("value", value(property.value)),
    ])
  }

  private static func colour(_ colour: RGBAColour) -> [(String, OutputJSON)] {
    [
      ("red", .int(Int(colour.red))), ("green", .int(Int(colour.green))), ("blue", .int(Int(colour.blue))),
      ("alpha", .int(Int(colour.alpha))), ("hex", .string(colour.hex)),
    ]
  }

  private static func value(_ value: PropertyValue) -> OutputJSON {
    switch value {
    case .null: return .object([("kind", .string("null"))])
    case .bool(let flag): return .object([("kind", .string("bool")), ("value", .bool(flag))])
    case .number(let text): return .object([("kind", .string("number")), ("value", .number(text))])
    case .string(let text): return .object([("kind", .string("string")), ("value", .string(text))])
    case .colour(let rgba): return .object([("kind", .string("colour"))] + colour(rgba))
    case .tintedImage(let name, let rgba):
      return .object([("kind", .string("image")), ("name", .string(name)), ("tint", .object(colour(rgba)))])
    case .enumConstant(let type, let name, let number):
      return .object([
        ("kind", .string("enum")), ("enum", .string(type.rawValue)), ("name", .string(name)), ("value", .int(number)),
      ])
    case .localized(let key, let text):
      return .object([
        ("kind", .string("localized")), ("key", .string(key)), ("text", text.map(OutputJSON.string) ?? .null),
      ])
    case .object(let properties):
      return .object([("kind", .string("object")), ("properties", .array(properties.map(property)))])
    case .array(let elements):
      return .object([("kind", .string("array")), ("elements", .array(elements.map(self.value)))])
    }
  }

  /// A read JSON value written back unchanged (numbers keep their text).
  package static func json(_ node: JSONNode) -> OutputJSON {
    switch node.kind {
    case .null, .invalid: return .null
    case .bool(let value): return .bool(value)
    case .number(let text): return .number(text)
    case .string(let text): return .string(text)
    case .array(let elements): return .array(elements.map(json))
    case .object(let members): return .object(members.map { ($0.key, json($0.value)) })
    }
  }
}

extension CompiledForm {
  /// The compiled model as canonical JSON (`pureform check --emit model`).
  public func modelJSON() -> String {
    ModelEmitter.document(model, sources: sources, strings: options.strings).rendered(pretty: true)
  }
}

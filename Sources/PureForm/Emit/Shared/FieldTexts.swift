/// The human texts of a field: its cell's label and its placeholder, `*` keys resolved through the strings
/// table (a key the table lacks stands for itself, as `NSLocalizedString` returns it).
enum FieldTexts {
  /// The `text` of the cell's first plain view that has one (a label such as `titleLabel`).
  static func label(of cell: FormCell, sources: SpecSources, strings: StringsTable?) -> String? {
    for view in cell.views where !view.isFormInput {
      if let text = text(named: "text", of: view, sources: sources, strings: strings) { return text }
    }
    return nil
  }

  /// A field schema's leading `title` (the cell's label) and `description` (the view's placeholder).
  static func leading(title: String?, view: FormView, sources: SpecSources, strings: StringsTable?) -> [(
    String, OutputJSON
  )] {
    var leading: [(String, OutputJSON)] = []
    if let title { leading.append(("title", .string(title))) }
    if let placeholder = placeholder(of: view, sources: sources, strings: strings) {
      leading.append(("description", .string(placeholder)))
    }
    return leading
  }

  /// The form view's `placeholder`.
  static func placeholder(of view: FormView, sources: SpecSources, strings: StringsTable?) -> String? {
    text(named: "placeholder", of: view, sources: sources, strings: strings)
  }

  /// The last property `name` of `view` when it holds text.
  private static func text(named name: String, of view: FormView, sources: SpecSources, strings: StringsTable?)
    -> String?
  {
    let properties = SpecCompiler.properties(of: view, sources: sources, strings: strings)
    for property in properties.reversed() where property.name == name {
      switch property.value {
      case .string(let text): return text
      case .localized(let key, let text): return text ?? key
      default: continue
      }
    }
    return nil
  }
}

/// A view's compiled properties as the HTML page reads them: texts (localized ones resolved), numbers,
/// colours, UIKit constants and item lists, by property name.
struct HTMLProperties {
  var properties: [FormProperty]

  /// The property named `name` (without `*`); the last one when a name repeats.
  func value(_ name: String) -> PropertyValue? {
    properties.last { $0.name == name }?.value
  }

  /// A text: a string, a localized text (its key when the table has none), or a number's text.
  func text(_ name: String) -> String? {
    value(name).flatMap(Self.text)
  }

  /// The text of one value, as `text(_:)` reads it.
  static func text(_ value: PropertyValue) -> String? {
    switch value {
    case .string(let text), .number(let text): return text
    case .localized(let key, let text): return text ?? key
    case .enumConstant(_, let name, _): return name
    default: return nil
    }
  }

  /// A number property's exact text.
  func number(_ name: String) -> String? {
    if case .number(let text) = value(name) { return text }
    return nil
  }

  /// A bool property; `1` and `0` count, as UIKit's BOOL properties take them.
  func flag(_ name: String) -> Bool {
    switch value(name) {
    case .bool(let flag): return flag
    case .number(let text): return text != "0"
    default: return false
    }
  }

  /// A UIKit constant's integer value, or a number given in its place.
  func enumValue(_ name: String) -> Int? {
    switch value(name) {
    case .enumConstant(_, _, let value): return value
    case .number(let text): return Int(text)
    default: return nil
    }
  }

  /// A segmented control's titles: `items` (an array of texts), else `sectionTitle0`, `sectionTitle1`, ….
  var items: [String] {
    if case .array(let values) = value("items") { return values.compactMap(Self.text) }
    var titles: [String] = []
    while let title = text("sectionTitle\(titles.count)") { titles.append(title) }
    return titles
  }

  /// The CSS declarations of the view's colours.
  ///
  /// `textColor` → `color`, `backgroundColor` →
  /// `background-color`, `tintColor` and `onTintColor` → `accent-color`, `layer.border.color` →
  /// `border-color` (with `border-style: solid`). A button (`filled`) without a `backgroundColor` is filled with
  /// its border colour, so that a light title colour stays readable.
  func colourDeclarations(filled: Bool = false) -> [String] {
    var declarations: [String] = []
    let mapping = [
      ("textColor", "color"), ("backgroundColor", "background-color"), ("tintColor", "accent-color"),
      ("onTintColor", "accent-color"),
    ]
    for (property, css) in mapping {
      if case .colour(let colour) = value(property) { declarations.append("\(css): \(colour.hex)") }
    }
    if case .object(let layer) = value("layer"),
      case .object(let border) = HTMLProperties(properties: layer).value("border"),
      case .colour(let colour) = HTMLProperties(properties: border).value("color")
    {
      declarations.append("border: 1px solid \(colour.hex)")
      if filled, value("backgroundColor") == nil { declarations.append("background-color: \(colour.hex)") }
    }
    return declarations
  }
}

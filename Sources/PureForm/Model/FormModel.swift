/// A compiled spec: its sections in order, each with its cells.
struct FormModel: Sendable {
  /// The sections in spec order, each holding its cells.
  var sections: [FormSection]

  /// Every cell in spec order, across sections.
  var cells: [FormCell] { sections.flatMap(\.cells) }
}

/// The cells between one `<section>` marker and the next (section 0 before any marker).
struct FormSection: Sendable {
  /// The number the marker gave (0 for the cells before any marker).
  var number: Int
  /// The marker's object, nil for the implicit section 0.
  var range: SourceRange?
  var cells: [FormCell]
}

/// One cell: `"<ClassName + Identifier>": { views… }` plus its user data.
struct FormCell: Sendable {
  /// The cell class name, `=` resolved.
  var className: String
  /// The cell identifier, `=` resolved.
  var identifier: String
  /// The span of the combined key.
  @CompactRange var range: SourceRange
  /// The section number the cell belongs to.
  var section: Int
  /// The cell's index within its section, from 0.
  var row: Int
  /// Keys beside the combined key, kept as written.
  var userData: [JSONMember]
  var views: [FormView]

  /// The views marked with `?`, in order.
  var formViews: [FormView] { views.filter(\.isFormInput) }
}

/// One view of a cell: a property name of the cell's class and the properties to set on it.
struct FormView: Sendable {
  /// The property name without `?`.
  var name: String
  /// Whether the name ended in `?`: only form views are validated and produce output.
  var isFormInput: Bool
  /// The span of the view's key.
  @CompactRange var range: SourceRange
  /// The span of the view's JSON object.
  ///
  /// The model keeps where the properties are, not the properties: they
  /// are compiled (and reported on) once, and read again from the source when the model is written out
  /// (`SpecCompiler.properties(of:file:strings:)`), so a large spec's model stays a few times its size.
  @CompactRange var body: SourceRange
  /// The integer value of the view's last `keyboardType` property (a `UIKeyboardType` constant or a number),
  /// which the keyboard-pad rule reads; nil when there is none.
  var keyboardType: Int?
  /// `<value>`: the initial value, on any view.
  var initialValue: JSONNode?
  /// The span of the `<value>` key, nil without one (where `pureform diff` locates a change of it).
  var valueRange: SourceRange? = nil
  /// `<display>`: the property that shows the value.
  var display: String?
  /// The field a form view defines; nil for plain views.
  var field: FormField?
}

/// What a form view contributes to validation and output.
struct FormField: Sendable {
  /// `<key>`, nil when absent (output as `unknown_key_N`) or malformed (reported).
  var key: DottedKey?
  /// Whether the view wrote `<key>` at all, even a malformed one.
  var hasKeyWord: Bool
  /// `<type>`: the type the value is coerced to; nil when the view has none, and the value is then taken
  /// as submitted, as PureForm holds it (a type is never inferred).
  var type: FieldType?
  /// The span of the `<type>` key, nil without one.
  var typeRange: SourceRange? = nil
  /// The validators in spec order.
  var validators: [FormValidator]
  /// `<messages>`: failure texts keyed by validator or failure name.
  var messages: [(name: String, text: String)]
  /// `<persist>`: false keeps the value out of the output.
  var persist: Bool
  /// The form view's index among the form views of its cell, from 0 (PureForm's tag).
  var tag: Int
  /// `<visible_if>`: the view is validated and output only when this holds.
  var visibleIf: WrittenCondition? = nil
  /// `<required_if>`: the view may not be missing when this holds.
  var requiredIf: WrittenCondition? = nil
  /// `<same_as>`: the view's value must equal the value at this path.
  var sameAs: ConditionPath? = nil
  /// The span of the `<same_as>` key, nil without one (`sameAs.range` is its path string's).
  var sameAsRange: SourceRange? = nil
  /// `<items>`: bounds on the element count of the view's innermost repeated group.
  var items: ItemBounds? = nil
  /// `<format>` (with `<schemes>`): the shape a present value must have.
  var format: FormatRule? = nil
  /// `<in>`: the values the view's value must be one of.
  var allowed: ValueList? = nil
  /// `<not_in>`: the values the view's value must not be.
  var refused: ValueList? = nil
  /// `<min>` and `<max>`: inclusive chronological bounds, on a view with a chronological `<format>`.
  var minimum: ChronoBound? = nil
  var maximum: ChronoBound? = nil

  /// The `<messages>` texts by failure name, the first one of a name (as the compiler reports repeats).
  var messageTexts: [String: String] {
    var texts: [String: String] = [:]
    for message in messages where texts[message.name] == nil { texts[message.name] = message.text }
    return texts
  }

  /// Whether the view has a condition or a reference to another view (`<same_as>`, a bound's path).
  var hasConditions: Bool {
    visibleIf != nil || requiredIf != nil || sameAs != nil || minimum?.path != nil || maximum?.path != nil
  }

  /// Whether the view lies in a repeated group (its key has a `*` segment) or bounds one.
  var isGrouped: Bool { key.map { !GroupKey.groups(of: $0.text).isEmpty } ?? false || items != nil }

  /// Whether the checks over the whole form read this field: its conditions or its group.
  var needsWholeForm: Bool { hasConditions || isGrouped }
}

/// One property set on a view, or nested inside another property.
struct FormProperty: Sendable {
  /// The property name without `*`.
  var name: String
  /// Whether the name ended in `*`: the value is a localization key.
  var isLocalized: Bool
  /// The span of the property's key.
  @CompactRange var range: SourceRange
  var value: PropertyValue
}

/// A property's value after compilation: colours decoded, enum names resolved, keys localized.
///
/// Not `indirect`: the nested cases already hold their contents in arrays, and a box per value would cost
/// an allocation for every property of a large spec.
enum PropertyValue: Sendable {
  case null
  case bool(Bool)
  /// The exact number text.
  case number(String)
  case string(String)
  case colour(RGBAColour)
  case tintedImage(name: String, colour: RGBAColour)
  /// A UIKit constant: its enum, its name as written and Apple's integer value.
  case enumConstant(UIKitEnum, name: String, value: Int)
  /// A localization key and, when a strings table was given and has it, its text.
  case localized(key: String, text: String?)
  case object([FormProperty])
  case array([PropertyValue])
}

/// The type of a field's value.
package enum FieldType: String, Sendable, CaseIterable {
  case text, number, integer, bool, image

  /// What a field of `type` takes, as `type_mismatch` names it: the type's name, or for a field without
  /// `<type>` the kinds PureForm's controls send.
  static func name(_ type: FieldType?) -> String { type?.rawValue ?? "string, number or bool" }
}

/// A dotted output key such as `vehicle.brand.car.model`.
///
/// Kept as the text written (one string, not an array of segments) with its segments and prefixes derived
/// on demand: a large spec has a key per field, and the key check compares them by their text.
struct DottedKey: Hashable, Sendable, CustomStringConvertible {
  /// The `<key>` string: segments separated by dots, none of them empty.
  var text: String
  /// The span of the `<key>` string.
  @CompactRange var range: SourceRange

  /// The segments between the dots (split on the character `.`, as PureForm's key paths are).
  var segments: [String] { Self.segments(of: text) }

  /// Each proper prefix of the key that ends at a dot, shortest first: `a` and `a.b` for `a.b.c`.
  var prefixes: [String] {
    if text.utf8.allSatisfy({ $0 < 0x80 }) {
      // ASCII: a `.` byte is a `.` character, so the prefixes are slices of the text.
      var prefixes: [String] = []
      var index = text.utf8.startIndex
      while let dot = text.utf8[index...].firstIndex(of: UInt8(ascii: ".")) {
        prefixes.append(String(text[..<dot]))
        index = text.utf8.index(after: dot)
      }
      return prefixes
    }
    let segments = segments
    return (1..<max(segments.count, 1)).map { segments.prefix($0).joined(separator: ".") }
  }

  var description: String { text }

  /// The segments of `text`, split on the character `.`; empty segments are kept.
  static func segments(of text: String) -> [String] {
    text.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  static func == (lhs: DottedKey, rhs: DottedKey) -> Bool { lhs.text == rhs.text }
  func hash(into hasher: inout Hasher) { hasher.combine(text) }
}

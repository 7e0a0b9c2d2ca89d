/// The HTML control of one form view, with the HTML5 constraints that say exactly what its validators
/// say about the strings a browser posts, and nothing looser or stricter (README, "`pureform render`").
struct HTMLControl {
  /// Which element the view becomes.
  enum Kind: String {
    /// `<input>` of type text, password, email, url, date or time.
    case text
    /// `<input type=datetime-local>`, which the script posts with the browser's offset (`<format>: date_time`).
    case dateTime = "datetime"
    /// A `<select>` of a text field's `<in>` values, after an empty option.
    case select
    /// A switch: a checkbox posting `true` or `false`.
    case checkbox
    /// A segmented control: a radio group.
    case radio
    /// A stepper: a number input.
    case number
    /// A slider: a range input.
    case range
  }

  var kind: Kind
  /// The attributes after `id` and `name`, in order; a nil value is a boolean attribute.
  var attributes: [(name: String, value: String?)] = []
  /// A radio group's or a select's options: what each posts and its label.
  var options: [(value: String, label: String)] = []
  /// The option checked at first.
  var checkedOption: String?
  /// The values a text input suggests in its `<datalist>` (a field with `<in>` and `<format>`).
  var suggestions: [String] = []

  init(view: FormView, field: FormField, properties: HTMLProperties, keyboard: KeyboardPad?) {
    let name = view.name.lowercased()
    let items = properties.items
    if name.contains("switch") {
      kind = .checkbox
    } else if name.contains("segment"), !items.isEmpty {
      kind = .radio
    } else if name.contains("stepper") {
      kind = .number
    } else if name.contains("slider") {
      kind = .range
    } else if field.format?.format == .dateTime {
      kind = .dateTime
    } else if field.allowed != nil, field.format == nil {
      kind = .select
    } else {
      kind = .text
    }
    let initial = view.initialValue.flatMap(Self.initialText)
    switch kind {
    case .text:
      textAttributes(field: field, properties: properties, keyboard: keyboard, initial: initial)
      suggestions = Self.offeredOptions(field)
    case .dateTime:
      attributes = [("type", "datetime-local"), ("step", Self.timeStep)]
      if Self.failsWhenMissing(field) { attributes.append(("required", nil)) }
    case .select:
      options = [("", "")] + Self.offeredOptions(field).map { ($0, $0) }
      checkedOption = initial
      if Self.failsWhenMissing(field) { attributes.append(("required", nil)) }
    case .checkbox:
      attributes.append(("type", "checkbox"))
      attributes.append(("value", "true"))
      if let initial, ["true", "on", "1"].contains(initial) { attributes.append(("checked", nil)) }
      let mustBeOn = field.validators.contains { validator in
        if validator.kind == .equal, case .bool(true) = validator.argumentJSON.kind { return true }
        return false
      }
      if mustBeOn { attributes.append(("required", nil)) }
    case .radio:
      let byTitle: Bool
      if case .string = view.initialValue?.kind { byTitle = true } else { byTitle = false }
      options = items.enumerated().map { (byTitle ? $1 : String($0), $1) }
      checkedOption = initial
      if Self.failsWhenMissing(field) { attributes.append(("required", nil)) }
    case .number:
      attributes.append(("type", "number"))
      attributes.append(("step", "any"))
      valueRange(field)
      if Self.failsWhenMissing(field) { attributes.append(("required", nil)) }
      if let initial { attributes.append(("value", initial)) }
    case .range:
      attributes.append(("type", "range"))
      attributes.append(("min", properties.number("minimumValue") ?? "0"))
      attributes.append(("max", properties.number("maximumValue") ?? "1"))
      attributes.append(("step", properties.number("stepValue") ?? (field.type == .integer ? "1" : "any")))
      if let initial { attributes.append(("value", initial)) }
    }
  }

  /// A text input: its type, keyboard hints, placeholder, value and exact constraints.
  private mutating func textAttributes(
    field: FormField, properties: HTMLProperties, keyboard: KeyboardPad?, initial: String?
  ) {
    let isEmail = field.validators.contains { validator in
      if case .textKind(.email) = validator.argument { return true }
      return false
    }
    let type = properties.flag("secureTextEntry") ? "password" : isEmail ? "email" : "text"
    attributes.append(("type", field.format.flatMap(Self.inputType) ?? type))
    let keyboardType = properties.enumValue("keyboardType")
    if let mode = keyboardType.flatMap(Self.inputMode)
      ?? (field.type == .number || field.type == .integer ? "decimal" : nil)
    {
      attributes.append(("inputmode", mode))
    }
    if let capitalization = properties.enumValue("autocapitalizationType"), (0...3).contains(capitalization) {
      attributes.append(("autocapitalize", ["none", "words", "sentences", "characters"][capitalization]))
    }
    if properties.enumValue("spellCheckingType") == 1 { attributes.append(("spellcheck", "false")) }
    if let placeholder = properties.text("placeholder") { attributes.append(("placeholder", placeholder)) }
    if let initial { attributes.append(("value", initial)) }
    if Self.failsWhenMissing(field) { attributes.append(("required", nil)) }
    let holdsString = field.type == nil || field.type == .text || field.type == .image
    guard holdsString || field.type == .number || field.type == .integer else { return }
    var patterns: [String] = []
    if holdsString {
      lengths(field)
      if let keyboard { patterns.append("[\(HTMLPattern.classLiteral(keyboard.characters))]*") }
      if field.format?.format == .uuid { patterns.append(Self.uuidPattern) }
      for validator in field.validators {
        switch (validator.kind, validator.argument, validator.argumentJSON.kind) {
        case (.custom, .pattern(let pattern), _):
          if let translated = HTMLPattern.ecmaScript(fromPCRE2: pattern) { patterns.append(translated) }
        case (.equal, _, .string(let text)): patterns.append(HTMLPattern.literal(text))
        default: continue
        }
      }
    } else {
      patterns.append(HTMLPattern.number)
    }
    if let pattern = HTMLPattern.all(patterns) { attributes.append(("pattern", pattern)) }
    if let format = field.format?.format, format == .date || format == .time { bounds(field, format: format) }
  }

  /// `minlength` and `maxlength` from the length validators: both count UTF-16 code units, as PureForm does.
  private mutating func lengths(_ field: FormField) {
    var minimum: Int?
    var maximum: Int?
    for validator in field.validators {
      guard case .length(let length) = validator.argument else { continue }
      if validator.kind == .minLength || validator.kind == .equalLength { minimum = max(minimum ?? 0, length) }
      if validator.kind == .maxLength || validator.kind == .equalLength { maximum = min(maximum ?? .max, length) }
    }
    if let minimum, minimum > 0 { attributes.append(("minlength", String(minimum))) }
    if let maximum { attributes.append(("maxlength", String(maximum))) }
  }

  /// `min` and `max` from `min_value` and `max_value`, as the spec wrote them.
  private mutating func valueRange(_ field: FormField) {
    for validator in field.validators {
      guard case .number = validator.argument, case .number(let text) = validator.argumentJSON.kind else { continue }
      attributes.append((validator.kind == .minValue ? "min" : "max", text))
    }
  }

  /// Whether PureForm fails a missing value (an empty post) on this field, whatever else is sent.
  static func failsWhenMissing(_ field: FormField) -> Bool {
    field.validators.contains { validator in
      switch validator.kind {
      case .required, .equal, .equalNext, .equalPrevious, .type, .custom: return true
      case .equalLength, .minLength:
        if case .length(let length) = validator.argument { return length > 0 }
        return false
      case .maxLength, .minValue, .maxValue, .registered: return false
      }
    }
  }

  /// The `inputmode` of a UIKeyboardType value.
  private static func inputMode(_ keyboardType: Int) -> String? {
    switch keyboardType {
    case 3: return "url"
    case 4, 11: return "numeric"
    case 5: return "tel"
    case 7: return "email"
    case 8: return "decimal"
    case 10: return "search"
    default: return nil
    }
  }

  /// `<value>` as the control's initial text: strings and numbers as written, bools as `true` / `false`.
  private static func initialText(_ node: JSONNode) -> String? {
    switch node.kind {
    case .string(let text), .number(let text): return text
    case .bool(let flag): return flag ? "true" : "false"
    default: return nil
    }
  }
}

/// A field's value after coercion (or, on a field without `<type>`, as submitted): what validators see.
enum FieldValue: Sendable, Hashable {
  /// A string (an `NSString`).
  case text(String)
  /// A number and its exact text (as the JSON number or numeric string wrote it).
  case number(ExactDecimal, text: String)
  /// A bool (an `NSNumber` boolean: 1 or 0 wherever numbers are compared).
  case bool(Bool)

  /// The value's text: the string, the number as written, `true` / `false` (what the keyboard check reads).
  var text: String {
    switch self {
    case .text(let text), .number(_, let text): return text
    case .bool(let value): return value ? "true" : "false"
    }
  }

  /// The kind of the value, the column of `ParityTable` it falls in.
  var kind: ValueKind {
    switch self {
    case .text: return .text
    case .number: return .number
    case .bool: return .bool
    }
  }

  /// The value as a number: a number, a bool as 1 or 0, or a text that is RFC 8259 number text; nil for
  /// other text.
  var number: ExactDecimal? {
    switch self {
    case .number(let number, _): return number
    case .text(let text): return ExactDecimal(text)
    case .bool(let value): return ExactDecimal(value ? 1 : 0)
    }
  }

  /// The value as it is output and as registered validators see it.
  var formValue: FormValue {
    switch self {
    case .text(let text): return .string(text)
    case .number(_, let text): return .number(text)
    case .bool(let value): return .bool(value)
    }
  }

  /// A validator argument as a value to compare with (`equal`); nil for arguments no field value equals.
  init?(argument: FormValue) {
    switch argument {
    case .string(let text): self = .text(text)
    case .number(let text):
      guard let number = ExactDecimal(text) else { return nil }
      self = .number(number, text: text)
    case .bool(let value): self = .bool(value)
    default: return nil
    }
  }
}

extension FieldType {
  /// The kind of every present value of a field of this type, as `FieldState(coercing:to:)` makes it.
  var valueKind: ValueKind {
    switch self {
    case .text, .image: return .text
    case .number, .integer: return .number
    case .bool: return .bool
    }
  }
}

extension ValueKind {
  /// The kind as a diagnostic names it.
  var name: String {
    switch self {
    case .text: return "string"
    case .number: return "number"
    case .bool: return "bool"
    }
  }
}

/// What a field holds for one record once its value is read and coerced.
enum FieldState: Sendable, Hashable {
  /// Absent without `<value>`, `null`, or an empty string.
  case missing
  /// A value of the field's type; `fromString` when the submitted JSON value was a string.
  case present(FieldValue, fromString: Bool)
  /// A value that does not fit the field's type.
  case mismatch

  /// The value, nil when missing or mismatched (a mismatched neighbour compares as missing).
  var value: FieldValue? {
    if case .present(let value, _) = self { return value }
    return nil
  }

  /// The strings a bool field accepts, as form posts send them.
  static let boolStrings: [String: Bool] = [
    "true": true, "false": false, "on": true, "off": false, "1": true, "0": false,
  ]

  /// The value PureForm holds for a submitted value, coerced to `<type>` when the field has one, as
  /// `Coercion` says.
  init(coercing raw: FormValue?, to type: FieldType?) {
    guard let raw else {
      self = .missing
      return
    }
    let input: Coercion.Input
    switch raw {
    case .null: input = .null
    case .string(let text): input = text.isEmpty ? .emptyString : .string
    case .number: input = .number
    case .bool: input = .bool
    case .array, .object: input = .container
    }
    switch (Coercion(input, to: type), raw) {
    case (.text, .string(let text)): self = .present(.text(text), fromString: true)
    case (.number(let integral), .string(let text)):
      self = FieldState(number: text, integral: integral, fromString: true)
    case (.number(let integral), .number(let text)):
      self = FieldState(number: text, integral: integral, fromString: false)
    case (.bool, .bool(let value)): self = .present(.bool(value), fromString: false)
    case (.boolString, .string(let text)):
      self = FieldState.boolStrings[text].map { .present(.bool($0), fromString: true) } ?? .mismatch
    case (.missing, _): self = .missing
    default: self = .mismatch
    }
  }

  /// A number field's state for number text.
  private init(number text: String, integral: Bool, fromString: Bool) {
    guard let number = ExactDecimal(text), !integral || number.isInteger else {
      self = .mismatch
      return
    }
    self = .present(.number(number, text: text), fromString: fromString)
  }
}

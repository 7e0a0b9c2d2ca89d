/// A field's value after coercion to the field's type: what validators see.
enum FieldValue: Sendable, Hashable {
  /// A text or image field's string.
  case text(String)
  /// A number or integer field's number, and its exact text (as the JSON number or numeric string wrote it).
  case number(ExactDecimal, text: String)
  /// A bool field's value.
  case bool(Bool)

  /// The text lengths and patterns apply to: the string, the number as written, `true` / `false`.
  var text: String {
    switch self {
    case .text(let text): return text
    case .number(_, let text): return text
    case .bool(let value): return value ? "true" : "false"
    }
  }

  /// The value as a number: a number, or a text that is RFC 8259 number text; nil otherwise.
  var number: ExactDecimal? {
    switch self {
    case .number(let number, _): return number
    case .text(let text): return ExactDecimal(text)
    case .bool: return nil
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

  /// The equality of `equal`, `equal_next` and `equal_previous`; nil stands for a missing value.
  ///
  /// Two missing values are equal; a missing value equals nothing else. Numbers compare exactly by value
  /// (`1.0` equals `1`), texts by their Unicode scalars (no normalization), bools as bools; a number and
  /// a text are equal when the text is number text of the same value. Other pairs are unequal.
  static func same(_ lhs: FieldValue?, _ rhs: FieldValue?) -> Bool {
    switch (lhs, rhs) {
    case (nil, nil): return true
    case (nil, _), (_, nil): return false
    case (.number(let left, _)?, .number(let right, _)?): return left == right
    case (.text(let left)?, .text(let right)?): return left.unicodeScalars.elementsEqual(right.unicodeScalars)
    case (.bool(let left)?, .bool(let right)?): return left == right
    case (.number(let number, _)?, .text(let text)?), (.text(let text)?, .number(let number, _)?):
      return ExactDecimal(text) == number
    default: return false
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

  /// Coerces a submitted value to a field type, as form posts need.
  ///
  /// text and image take strings; number takes numbers and number text; integer the same when integral
  /// (`3.0` too); bool takes `true` / `false` and `"true"`, `"false"`, `"on"`, `"off"`, `"1"`, `"0"`.
  /// `null` and `""` are missing whatever the type; everything else is a mismatch.
  init(coercing raw: FormValue?, to type: FieldType) {
    guard let raw else {
      self = .missing
      return
    }
    switch (type, raw) {
    case (_, .null): self = .missing
    case (_, .string("")): self = .missing
    case (.text, .string(let text)), (.image, .string(let text)): self = .present(.text(text), fromString: true)
    case (.number, .number(let text)), (.integer, .number(let text)):
      self = FieldState(number: text, integral: type == .integer, fromString: false)
    case (.number, .string(let text)), (.integer, .string(let text)):
      self = FieldState(number: text, integral: type == .integer, fromString: true)
    case (.bool, .bool(let value)): self = .present(.bool(value), fromString: false)
    case (.bool, .string(let text)):
      if let value = FieldState.boolStrings[text] {
        self = .present(.bool(value), fromString: true)
      } else {
        self = .mismatch
      }
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

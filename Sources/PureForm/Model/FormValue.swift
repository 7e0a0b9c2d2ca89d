import Foundation

/// A JSON value as pureform validates and outputs it: submitted input, a field's value, a validator's
/// argument.
///
/// Numbers keep their exact text (`0.30`, `1e400`), never a `Double`. Objects keep their members in order
/// (the output lists fields in spec order), but equality follows JSON: numbers compare by value
/// (`1.0 == 1`), objects ignore member order, and a repeated key counts once, its last value winning.
public enum FormValue: Sendable {
  /// JSON `null`.
  case null
  /// `true` or `false`.
  case bool(Bool)
  /// A number as RFC 8259 text, such as `-12.50e3`; text that is not a JSON number is written as a string.
  case number(String)
  /// A string.
  case string(String)
  /// An array.
  case array([FormValue])
  /// An object's members in order.
  case object([(key: String, value: FormValue)])

  /// The member named `key` of an object (the last one when the key repeats); nil for other values.
  public subscript(key: String) -> FormValue? {
    guard case .object(let members) = self else { return nil }
    return members.last { $0.key == key }?.value
  }

  /// Builds a value from JSON the reader read; an unreadable value becomes `null`.
  package init(_ node: JSONNode) {
    switch node.kind {
    case .null, .invalid: self = .null
    case .bool(let value): self = .bool(value)
    case .number(let text): self = .number(text)
    case .string(let text): self = .string(text)
    case .array(let elements): self = .array(elements.map(FormValue.init))
    case .object(let members): self = .object(members.map { (key: $0.key, value: FormValue($0.value)) })
    }
  }

  /// The value as JSON to write, members in order; number text that is not RFC 8259 is written as a string.
  package var outputJSON: OutputJSON {
    switch self {
    case .null: return .null
    case .bool(let value): return .bool(value)
    case .number(let text): return ExactDecimal(text) == nil ? .string(text) : .number(text)
    case .string(let text): return .string(text)
    case .array(let elements): return .array(elements.map(\.outputJSON))
    case .object(let members): return .object(members.map { ($0.key, $0.value.outputJSON) })
    }
  }

  /// The text `%@` is replaced with in failure reasons: numbers as written, strings raw, `true`, `null`,
  /// arrays and objects as compact JSON.
  var reasonText: String {
    switch self {
    case .string(let text), .number(let text): return text
    default: return outputJSON.rendered()
    }
  }
}

extension FormValue: CustomStringConvertible {
  /// The value as compact JSON text, numbers exactly as held.
  public var description: String { outputJSON.rendered() }
}

extension FormValue: Hashable {
  /// JSON equality: numbers by value, object members regardless of order (the last of a repeated key),
  /// strings by their Unicode scalars (no normalization).
  public static func == (lhs: FormValue, rhs: FormValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let left), .bool(let right)): return left == right
    case (.number(let left), .number(let right)):
      if let left = ExactDecimal(left), let right = ExactDecimal(right) { return left == right }
      return left == right
    case (.string(let left), .string(let right)): return left.unicodeScalars.elementsEqual(right.unicodeScalars)
    case (.array(let left), .array(let right)): return left == right
    case (.object, .object): return lhs.memberTable == rhs.memberTable
    default: return false
    }
  }

  /// Hashes consistently with `==`.
  public func hash(into hasher: inout Hasher) {
    switch self {
    case .null: hasher.combine(0)
    case .bool(let value):
      hasher.combine(1)
      hasher.combine(value)
    case .number(let text):
      hasher.combine(2)
      if let number = ExactDecimal(text) { hasher.combine(number) } else { hasher.combine(text) }
    case .string(let text):
      hasher.combine(3)
      for scalar in text.unicodeScalars { hasher.combine(scalar) }
    case .array(let elements):
      hasher.combine(4)
      hasher.combine(elements)
    case .object:
      hasher.combine(5)
      hasher.combine(memberTable)
    }
  }

  /// An object's members as a dictionary, the last of a repeated key winning; empty for other values.
  private var memberTable: [String: FormValue] {
    guard case .object(let members) = self else { return [:] }
    var table: [String: FormValue] = [:]
    for member in members { table[member.key] = member.value }
    return table
  }
}

extension FormValue: Codable {
  /// A coding key for any object member name.
  private struct MemberKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
  }

  /// Decodes any JSON value.
  ///
  /// Numbers pass through `Decimal` (38 significant digits), the most a `Decoder` offers; object members
  /// come in the decoder's order.
  public init(from decoder: any Decoder) throws {
    if let container = try? decoder.container(keyedBy: MemberKey.self) {
      var members: [(key: String, value: FormValue)] = []
      for key in container.allKeys {
        members.append((key: key.stringValue, value: try container.decode(FormValue.self, forKey: key)))
      }
      self = .object(members)
      return
    }
    if var container = try? decoder.unkeyedContainer() {
      var elements: [FormValue] = []
      while !container.isAtEnd { elements.append(try container.decode(FormValue.self)) }
      self = .array(elements)
      return
    }
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let text = try? container.decode(String.self) {
      self = .string(text)
    } else if let number = try? container.decode(Decimal.self) {
      self = .number(number.description)
    } else {
      self = .number(String(describing: try container.decode(Double.self)))
    }
  }

  /// Encodes the value.
  ///
  /// Numbers go through `Decimal` when it holds them exactly (38 significant digits), else through
  /// `Double`: for exact text whatever the number, use `ValidationResult.jsonText`.
  public func encode(to encoder: any Encoder) throws {
    switch self {
    case .null:
      var container = encoder.singleValueContainer()
      try container.encodeNil()
    case .bool(let value):
      var container = encoder.singleValueContainer()
      try container.encode(value)
    case .number(let text):
      var container = encoder.singleValueContainer()
      if let exact = ExactDecimal(text), let decimal = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")),
        ExactDecimal(decimal.description) == exact
      {
        try container.encode(decimal)
      } else if let double = Double(text), ExactDecimal(text) != nil {
        try container.encode(double)
      } else {
        try container.encode(text)
      }
    case .string(let text):
      var container = encoder.singleValueContainer()
      try container.encode(text)
    case .array(let elements):
      var container = encoder.unkeyedContainer()
      for element in elements { try container.encode(element) }
    case .object(let members):
      var container = encoder.container(keyedBy: MemberKey.self)
      for member in members { try container.encode(member.value, forKey: MemberKey(stringValue: member.key)) }
    }
  }
}

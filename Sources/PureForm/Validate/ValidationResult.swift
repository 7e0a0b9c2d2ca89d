/// One failing validator of one field, located as PureForm's errors locate it and in the spec.
public struct ValidationFailure: Sendable, Hashable, Codable {
  /// The field's dotted `<key>`, or `unknown_key_N` for a form view without one.
  public var key: String
  /// The validator's name without `!`, a registered validator's name, or `type_mismatch` / `keyboard_type`.
  public var validator: String
  /// The validator's argument as the spec wrote it; the field type's name for `type_mismatch`; `null` for
  /// `keyboard_type`.
  public var argument: FormValue
  /// Why the value fails: the default text, the settings' or the field's `<messages>` text, `%@` replaced.
  public var reason: String
  /// The section number of the view's cell (PureForm's `pf_section`).
  public var section: Int
  /// The cell's index within its section, from 0 (PureForm's `pf_index`).
  public var row: Int
  /// The form view's index among the form views of its cell, from 0 (PureForm's `pf_tag`).
  public var tag: Int
  /// The line of the view's key in the spec, from 1.
  public var line: Int
  /// The column of the view's key in the spec, from 1, in Unicode scalars.
  public var column: Int

  /// Creates a failure from its parts.
  public init(
    key: String, validator: String, argument: FormValue, reason: String, section: Int, row: Int, tag: Int,
    line: Int, column: Int
  ) {
    self.key = key
    self.validator = validator
    self.argument = argument
    self.reason = reason
    self.section = section
    self.row = row
    self.tag = tag
    self.line = line
    self.column = column
  }

  /// The failure as JSON to write, members in the documented order.
  var outputJSON: OutputJSON {
    .object([
      ("key", .string(key)), ("validator", .string(validator)), ("argument", argument.outputJSON),
      ("reason", .string(reason)), ("section", .int(section)), ("row", .int(row)), ("tag", .int(tag)),
      ("line", .int(line)), ("column", .int(column)),
    ])
  }
}

/// The outcome of validating one record: the values to store, or why they cannot be stored.
///
/// Encodes to `{"valid": true, "values": {…}}` or `{"valid": false, "failures": […]}`
/// (`Schemas/validate-output.schema.json`).
public enum ValidationResult: Sendable, Hashable {
  /// Every field passed: PureForm's key/value pairs, an object (nested by dotted keys unless `flat`), a
  /// missing value as `""`.
  case valid(values: FormValue)
  /// At least one field failed: the failures in spec order of fields, then of validators.
  case invalid(failures: [ValidationFailure])

  /// Whether every field passed.
  public var isValid: Bool {
    if case .valid = self { return true }
    return false
  }

  /// The values of a valid result; nil when invalid.
  public var values: FormValue? {
    if case .valid(let values) = self { return values }
    return nil
  }

  /// The failures of an invalid result; empty when valid.
  public var failures: [ValidationFailure] {
    if case .invalid(let failures) = self { return failures }
    return []
  }

  /// The result as compact JSON on one line, numbers exactly as submitted, values in spec order: what
  /// `pureform validate` prints.
  public var jsonText: String {
    switch self {
    case .valid(let values):
      return OutputJSON.object([("valid", .bool(true)), ("values", values.outputJSON)]).rendered()
    case .invalid(let failures):
      return OutputJSON.object([("valid", .bool(false)), ("failures", .array(failures.map(\.outputJSON)))])
        .rendered()
    }
  }
}

extension ValidationResult: Codable {
  private enum CodingKeys: String, CodingKey {
    case valid, values, failures
  }

  /// Decodes `{"valid": true, "values": {…}}` or `{"valid": false, "failures": […]}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    if try container.decode(Bool.self, forKey: .valid) {
      self = .valid(values: try container.decode(FormValue.self, forKey: .values))
    } else {
      self = .invalid(failures: try container.decode([ValidationFailure].self, forKey: .failures))
    }
  }

  /// Encodes `{"valid": true, "values": {…}}` or `{"valid": false, "failures": […]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(isValid, forKey: .valid)
    switch self {
    case .valid(let values): try container.encode(values, forKey: .values)
    case .invalid(let failures): try container.encode(failures, forKey: .failures)
    }
  }
}

/// How to validate a record.
public struct ValidationOptions: Sendable, Hashable {
  /// Report every failing validator of every field, not only each field's first.
  public var allFailures: Bool
  /// Validate this field alone (its dotted key, or `unknown_key_N`); nil for the whole form.
  public var field: String?
  /// Run only the field's live (`!`) validators; needs `field`.
  public var liveOnly: Bool
  /// Output dotted keys as flat top-level keys instead of nested objects.
  public var flat: Bool

  /// Creates options; by default the whole form, each field's first failure, nested values.
  public init(allFailures: Bool = false, field: String? = nil, liveOnly: Bool = false, flat: Bool = false) {
    self.allFailures = allFailures
    self.field = field
    self.liveOnly = liveOnly
    self.flat = flat
  }
}

/// Why a record could not be validated at all.
public enum InputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The input is not JSON: where the first syntax error is, and what it is.
  case notJSON(line: Int, column: Int, message: String)
  /// The input is JSON but not an object; `found` describes it ("an array").
  case notAnObject(found: String)
  /// `ValidationOptions.field` names no field; `suggestion` is the closest key, if one is close.
  case unknownField(String, suggestion: String?)
  /// `ValidationOptions.liveOnly` without a field.
  case liveOnlyWithoutField

  /// One line: `3:7: expected ',' or '}' after object member`, `input must be a JSON object …`.
  public var description: String {
    switch self {
    case .notJSON(let line, let column, let message):
      return "\(line):\(column): \(message)"
    case .notAnObject(let found):
      return "input must be a JSON object of key to value, found \(found)"
    case .unknownField(let key, let suggestion):
      return "no field has the key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? "")
    case .liveOnlyWithoutField:
      return "live-only validation needs a field to validate"
    }
  }
}

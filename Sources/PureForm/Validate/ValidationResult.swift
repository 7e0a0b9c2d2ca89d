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

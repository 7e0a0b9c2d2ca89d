/// The outcome of validating what changed between a stored record and its edit (`--changed-from`,
/// `PATCH /forms/NAME/validate`): the verdict of the changed views and of every view that reads one of
/// them, the values of the whole new record, and the keys that changed.
///
/// Encodes as `ValidationResult` does, with `"changed": [keys]` last:
/// `{"valid":true,"values":{…},"changed":["email"]}`.
public struct ChangeValidationResult: Sendable, Hashable {
  /// The verdict of the views validated, with the values a full validation of the new record outputs.
  public var result: ValidationResult
  /// The keys whose value differs between the two records (after coercion), in spec order; not their
  /// dependents, which are validated but not listed.
  public var changed: [String]

  /// A result from its parts.
  public init(result: ValidationResult, changed: [String]) {
    self.result = result
    self.changed = changed
  }

  /// Whether every view validated passed.
  public var isValid: Bool { result.isValid }

  /// The failures of the views validated; empty when valid.
  public var failures: [ValidationFailure] { result.failures }

  /// The result as compact JSON on one line, `changed` after the rest: what `pureform validate
  /// --changed-from` prints.
  public var jsonText: String { result.outputJSON(changed: changed).rendered() }
}

extension ChangeValidationResult: Codable {
  private enum CodingKeys: String, CodingKey {
    case changed
  }

  /// Decodes the result as `jsonText` writes it.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      result: try ValidationResult(from: decoder), changed: try container.decode([String].self, forKey: .changed))
  }

  /// Encodes the members `jsonText` writes.
  public func encode(to encoder: any Encoder) throws {
    try result.encode(to: encoder)
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(changed, forKey: .changed)
  }
}

/// The outcome of validating one record: the values to store, or why they cannot be stored.
///
/// Encodes to `{"valid": true, "values": {…}}` or `{"valid": false, "failures": […]}`
/// (`Schemas/validate-output.schema.json`), with `"hidden": [keys]` after them for a form with `<visible_if>`.
public enum ValidationResult: Sendable, Hashable {
  /// Every field passed: PureForm's key/value pairs, an object (nested by dotted keys unless `flat`), a
  /// missing value as `""`. `hidden`: the keys of the views whose `<visible_if>` did not hold (spec order),
  /// for a form with `<visible_if>`; nil for other forms.
  case valid(values: FormValue, hidden: [String]? = nil)
  /// At least one field failed: the failures in spec order of fields, then of validators; `hidden` as for
  /// `valid`.
  case invalid(failures: [ValidationFailure], hidden: [String]? = nil)

  /// Whether every field passed.
  public var isValid: Bool {
    if case .valid = self { return true }
    return false
  }

  /// The values of a valid result; nil when invalid.
  public var values: FormValue? {
    if case .valid(let values, _) = self { return values }
    return nil
  }

  /// The failures of an invalid result; empty when valid.
  public var failures: [ValidationFailure] {
    if case .invalid(let failures, _) = self { return failures }
    return []
  }

  /// The keys of the views hidden by their `<visible_if>`, in spec order; nil for a form without one.
  ///
  /// Empty when every view is shown. A hidden view is not validated and its value is not in `values`, so a
  /// value the record sent for it is listed here rather than dropped silently.
  public var hidden: [String]? {
    switch self {
    case .valid(_, let hidden), .invalid(_, let hidden): return hidden
    }
  }

  /// The result as compact JSON on one line, numbers exactly as submitted, values in spec order: what
  /// `pureform validate` prints.
  public var jsonText: String { outputJSON().rendered() }

  /// The document `jsonText` writes, for a caller that puts it inside its own (`pureform test --format json`):
  /// a valid one's `values` left out unless `includingValues` (an NDJSON line with `--no-values`), and
  /// `changed` last when given (a validation of what changed).
  package func outputJSON(includingValues: Bool = true, changed: [String]? = nil) -> OutputJSON {
    var members: [(String, OutputJSON)]
    switch self {
    case .valid(let values, _):
      members = [("valid", .bool(true))]
      if includingValues { members.append(("values", values.outputJSON)) }
    case .invalid(let failures, _):
      members = [("valid", .bool(false)), ("failures", .array(failures.map(\.outputJSON)))]
    }
    if let hidden { members.append(("hidden", .array(hidden.map(OutputJSON.string)))) }
    if let changed { members.append(("changed", .array(changed.map(OutputJSON.string)))) }
    return OutputJSON.object(members)
  }
}

extension ValidationResult: Codable {
  private enum CodingKeys: String, CodingKey {
    case valid, values, failures, hidden
  }

  /// Decodes `{"valid": true, "values": {…}}` or `{"valid": false, "failures": […]}`.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let hidden = try container.decodeIfPresent([String].self, forKey: .hidden)
    if try container.decode(Bool.self, forKey: .valid) {
      self = .valid(values: try container.decode(FormValue.self, forKey: .values), hidden: hidden)
    } else {
      self = .invalid(failures: try container.decode([ValidationFailure].self, forKey: .failures), hidden: hidden)
    }
  }

  /// Encodes `{"valid": true, "values": {…}}` or `{"valid": false, "failures": […]}`.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(isValid, forKey: .valid)
    switch self {
    case .valid(let values, _): try container.encode(values, forKey: .values)
    case .invalid(let failures, _): try container.encode(failures, forKey: .failures)
    }
    try container.encodeIfPresent(hidden, forKey: .hidden)
  }
}

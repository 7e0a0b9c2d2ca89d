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

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
  /// NDJSON: the record member whose value each result line echoes as `"id"` (its bytes as sent; `null`
  /// when the record has no such member or the line is not a JSON object); nil for no `id`.
  ///
  /// It shapes NDJSON result lines only (`CompiledForm.validateNDJSON`, `RecordValidator`): a single
  /// record's `ValidationResult` has no `id`.
  public var idKey: String?
  /// NDJSON: whether a valid record's result line carries its `values`; false writes
  /// `{"line":N,"valid":true}`, so a re-validation job moves verdicts, not copies of its records.
  ///
  /// It shapes NDJSON result lines only, as `idKey` does.
  public var includesValues: Bool

  /// Creates options; by default the whole form, each field's first failure, nested values, no `id`.
  public init(
    allFailures: Bool = false, field: String? = nil, liveOnly: Bool = false, flat: Bool = false,
    idKey: String? = nil, includesValues: Bool = true
  ) {
    self.allFailures = allFailures
    self.field = field
    self.liveOnly = liveOnly
    self.flat = flat
    self.idKey = idKey
    self.includesValues = includesValues
  }
}

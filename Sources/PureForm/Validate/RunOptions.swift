/// The options of one validation, checked against the plan.
struct RunOptions: Sendable, Hashable {
  /// Every failing check, not only each field's first.
  var allFailures = false
  /// The one field to validate, nil for all.
  var field: Int?
  /// Only live (`!`) checks.
  var liveOnly = false
  /// Flat dotted keys in the output.
  var flat = false
  /// NDJSON: the member echoed as `"id"` in each result line, nil for none.
  var idKey: String?
  /// NDJSON: whether a valid record's line carries its `values`.
  var includesValues = true
}

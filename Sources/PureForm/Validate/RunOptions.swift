/// The options of one validation, checked against the plan.
struct RunOptions: Sendable {
  /// Every failing check, not only each field's first.
  var allFailures = false
  /// The one field to validate, nil for all.
  var field: Int?
  /// Only live (`!`) checks.
  var liveOnly = false
  /// Flat dotted keys in the output.
  var flat = false
}

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
  /// NDJSON: the member echoed as `"id"` in each result line, nil for none.
  var idKey: String?
  /// NDJSON: whether a valid record's line carries its `values`.
  var includesValues = true
  /// The fields to check, by field number; nil checks every one (or `field`).
  ///
  /// The others are still read
  /// and output: a validation of what changed (`--changed-from`) checks part of a record and outputs all of it.
  var selected: [Bool]?
  /// For a form with repeated groups, the views and group counts to check, at their elements
  /// (`selected` is by template field, which a group repeats); nil checks every one.
  var concreteSelection: ConcreteSelection?
}

/// A piece of a valid record's output: fixed bytes, or a field's value.
struct TemplatePiece {
  /// The field whose value goes here, or -1 for `bytes`.
  var field: Int32
  var bytes: PoolSpan
}

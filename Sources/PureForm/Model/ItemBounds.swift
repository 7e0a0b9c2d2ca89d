/// `<items>`: `{"min": N, "max": M}` on a view of a repeated group, bounds on the group's element count.
struct ItemBounds: Sendable {
  /// One bound as written: its value and where.
  struct Bound: Sendable {
    var value: Int
    /// The span of the value.
    @CompactRange var range: SourceRange
    /// The span of the bound's key (`"min"`, `"max"`).
    @CompactRange var keyRange: SourceRange
  }

  /// The fewest elements the group may have (validator `min_items`).
  var min: Bound?
  /// The most elements the group may have (validator `max_items`).
  var max: Bound?
}

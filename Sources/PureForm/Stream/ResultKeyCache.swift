/// The keys `ResultSink` names hidden views and an element's failures by, kept by one engine so that a
/// list or key its records name again and again is made once, then shared by every result holding it.
///
/// Both tables are read by plain index (no hashing, no exclusivity check): a record hides one of few sets
/// of views, and an element's key at one index is the same text in every record.
struct ResultKeyCache {
  /// Lists of hidden keys by the set of hidden views (bit i: the i-th view of the visibility order), at the
  /// slot `slot(of:)` picks; a set meeting another at its slot takes it over (the list is made again).
  private var hiddenLists: [(views: UInt64, keys: [String])?] = []
  /// The concrete keys of `PlanTables.elementKeys` entries without enclosing elements (`items.3.sku`), by
  /// entry, then by element index, up to `indexLimit`.
  private var elementKeys: [[String?]] = []

  /// Slots of `hiddenLists`: as many sets as the dictionary this replaces kept.
  private static let hiddenSlots = 256
  /// The element indices whose keys are kept: more would keep memory for records no one sends twice.
  private static let indexLimit = 1024

  /// The slot of a set of views: a form with at most 8 views with `<visible_if>` has a slot per set.
  @inline(__always)
  private static func slot(of views: UInt64) -> Int {
    views < UInt64(hiddenSlots) ? Int(views) : Int(truncatingIfNeeded: (views &* 0x9E37_79B9_7F4A_7C15) >> 56)
  }

  /// The list of hidden keys for `views`, made by `made` when no list for them is kept.
  @inline(__always)
  mutating func hiddenKeys(_ views: UInt64, made: () -> [String]) -> [String] {
    if hiddenLists.isEmpty { hiddenLists = Array(repeating: nil, count: Self.hiddenSlots) }
    let slot = Self.slot(of: views)
    if let kept = hiddenLists[slot], kept.views == views { return kept.keys }
    let keys = made()
    hiddenLists[slot] = (views, keys)
    return keys
  }

  /// The key of `elementKeys` entry `entry` at element `index`, made by `made` when it is not kept.
  @inline(__always)
  mutating func elementKey(_ entry: Int, at index: Int, made: () -> String) -> String {
    guard index < Self.indexLimit else { return made() }
    if entry >= elementKeys.count { elementKeys += Array(repeating: [], count: entry + 1 - elementKeys.count) }
    if index < elementKeys[entry].count, let key = elementKeys[entry][index] { return key }
    let key = made()
    if index >= elementKeys[entry].count {
      elementKeys[entry] += Array(repeating: nil, count: index + 1 - elementKeys[entry].count)
    }
    elementKeys[entry][index] = key
    return key
  }
}

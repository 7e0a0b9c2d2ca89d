/// One difference `pureform diff` finds between two versions of a spec, in what a record must be.
public struct SpecChange: Sendable, Hashable {
  /// Whether NEW accepts fewer records than OLD, more, or neither.
  public enum Kind: String, Sendable, Hashable, CaseIterable {
    /// NEW accepts a subset of what OLD accepts.
    case tightened
    /// NEW accepts a superset of what OLD accepts.
    case loosened
    /// Neither, or not decidable.
    case changed
  }

  /// The view's output key (`items.*.name`; the group key for `min_items` / `max_items`).
  public var key: String
  /// The view's JSON Pointer with `*` for element indices (`/items/*/name`, `/items` for bounds).
  public var path: String
  /// How the change moves what is accepted.
  public var kind: Kind
  /// A validator name, `min_items` / `max_items`, a reserved word (`<type>`, …) or `view`.
  public var change: String
  /// The value on OLD's side, `.null` where absent.
  public var old: FormValue
  /// The value on NEW's side, `.null` where absent.
  public var new: FormValue
  /// The file holding the member (NEW's, OLD's for a removal), as `check` names it.
  public var file: String
  /// The member's line, from 1.
  public var line: Int
  /// The member's column, from 1.
  public var column: Int
  /// The rule a record fails when this change refuses it (`type_mismatch` for `<type>`); nil for a change of
  /// a whole view, its `<visible_if>` or `<value>`, which any failure of the view may come from.
  var rule: String?
  /// Whether the member is in OLD (a removal): removals come after NEW's changes.
  var isRemoval: Bool
  /// The member's reading order in its spec (include sites first).
  var order: [Int]

  /// `FILE:LINE:COL`.
  public var location: String { SourceLocation.place(file: file, line: line, column: column) }

  /// Tightened or changed: a record OLD accepted may be refused.
  public var isBreaking: Bool { kind != .loosened }

  public static func == (lhs: SpecChange, rhs: SpecChange) -> Bool {
    lhs.key == rhs.key && lhs.change == rhs.change && lhs.kind == rhs.kind && lhs.location == rhs.location
      && lhs.old == rhs.old && lhs.new == rhs.new
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(key)
    hasher.combine(change)
    hasher.combine(location)
  }
}

/// The value one `<visible_if>` or `<required_if>` had when a record was validated in full: what
/// `pureform test --coverage` reads to tell whether the cases saw each condition both true and false.
///
/// This is the seam between the validation engine and coverage: an engine reports, per record, one truth per
/// condition it evaluated (per element in a group; none for a hidden view's `<required_if>`).
package struct ConditionTruth: Sendable, Hashable {
  /// Which of a view's conditions.
  package enum Condition: Sendable, Hashable {
    case visibleIf, requiredIf
  }

  /// The field (view) number, in spec order of form views: the plan's and `CompiledForm.rules`' numbering.
  package var field: Int
  /// Which condition of the field.
  package var condition: Condition
  /// What it evaluated to.
  package var value: Bool
}

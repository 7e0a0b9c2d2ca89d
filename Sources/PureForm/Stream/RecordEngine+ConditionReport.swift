/// The kernel's report of the conditions it evaluated: while `reportsConditions`, each run appends one
/// `ConditionTruth` per `<visible_if>` it decided (in the order visibility is decided) and per `<required_if>`
/// of a view it did not hide, at every element of a group, read from the same slots and condition tables the
/// checks read. What `pureform test --coverage` counts; an engine not asked pays one branch per element.
extension RecordEngine {
  /// Appends the truths of the views of `group` (-1: outside groups) at the element the slots hold now:
  /// after `hide` (a hidden view's value is missing to every condition after it, as to the
  /// checks).
  func reportConditions(group: Int32) {
    let tables = self.tables
    for position in 0..<tables.visibilityCount {
      let field = Int(tables.visibilityOrder[position])
      guard tables.fields[field].groupNumber == Int(group) else { continue }
      conditionReport.append(ConditionTruth(field: field, condition: .visibleIf, value: !hidden[field]))
    }
    for field in 0..<tables.fieldCount where tables.fields[field].groupNumber == Int(group) {
      guard let requiredIf = tables.fields[field].requiredIf, !(tables.visibilityCount > 0 && hidden[field]) else {
        continue
      }
      conditionReport.append(
        ConditionTruth(field: field, condition: .requiredIf, value: RecordKernel.holds(requiredIf, values, tables)))
    }
  }
}

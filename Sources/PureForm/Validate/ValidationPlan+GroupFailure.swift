extension ValidationPlan {
  /// A failure of group `group` as a whole (its count, its array, an element), keyed `key` and located at
  /// `field` (the group's first field when nil).
  func groupFailure(
    _ group: Int, key: String, validator: String, argument: FormValue, reason: String, at field: Int?
  ) -> ValidationFailure {
    let located = fields[field ?? groups[group].anchor]
    return ValidationFailure(
      key: key, validator: validator, argument: argument, reason: reason, section: located.section,
      row: located.row, tag: located.tag, line: located.line, column: located.column)
  }
}

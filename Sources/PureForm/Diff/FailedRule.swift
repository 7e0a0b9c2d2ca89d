/// One rule a record failed under NEW: the view's template key and the failing validator.
struct FailedRule: Hashable {
  /// The view's key with `*` for element indices (the group's key for `min_items` / `max_items`).
  var key: String
  /// The validator's name, or `type_mismatch`, `required_if`, `same_as`, `min_items`, `max_items`.
  var validator: String
}

enum Attribution {
  /// The changes (indices into `changes`) that claim a newly failing record whose failures under NEW are
  /// `failures`: a rule change (validator, `<type>`, `<required_if>`, `<same_as>`, bound) when the record
  /// fails that rule of that key; a `view`, `<visible_if>` or `<value>` change when the record fails
  /// anything of that view.
  ///
  /// The one place attribution is decided: today it reads NEW's failure list; it can read the kernel's report
  /// of the rules it ran instead without its callers changing.
  static func claims(of failures: Set<FailedRule>, among changes: [SpecChange]) -> [Int] {
    let keys = Set(failures.map(\.key))
    return changes.indices.filter { index in
      let change = changes[index]
      guard let rule = change.rule else { return keys.contains(change.key) }
      return failures.contains(FailedRule(key: change.key, validator: rule))
    }
  }
}

extension SpecCompiler {
  /// Reports duplicate and colliding `<key>` paths and form views without a key.
  ///
  /// Two keys collide when one is a dotted prefix of the other (`a` and `a.b`): the output could not hold
  /// both a value and an object at `a`.
  mutating func checkKeys(in model: FormModel) {
    var byPath: [String: DottedKey] = [:]
    // Sized once for every view: growing a table of a quarter million keys rehashes it many times.
    byPath.reserveCapacity(model.sections.reduce(0) { $0 + $1.cells.reduce(0) { $0 + $1.views.count } })
    // Each proper prefix of a key seen so far, with the first key that has it.
    var longerKeys: [String: DottedKey] = [:]
    var unknownIndex = 0
    // Walked in place: flattening the model's cells and views first would copy every view of the spec.
    for section in model.sections {
      for cell in section.cells {
        for view in cell.views {
          checkKey(of: view, byPath: &byPath, longerKeys: &longerKeys, unknownIndex: &unknownIndex)
        }
      }
    }
  }

  /// Checks one view's key against the keys before it, recording it for the keys after it.
  private mutating func checkKey(
    of view: FormView, byPath: inout [String: DottedKey], longerKeys: inout [String: DottedKey],
    unknownIndex: inout Int
  ) {
    guard let field = view.field else { return }
    guard let key = field.key else {
      // A malformed `<key>` is reported where it is written; it still takes no number.
      if field.hasKeyWord { return }
      // PureForm numbers keyless form views from 0, in spec order (PFFormController's allKeyValuePairs).
      report(
        .missingKey,
        "form view '\(view.name)' has no '<key>': its value is output as 'unknown_key_\(unknownIndex)'",
        at: view.range)
      unknownIndex += 1
      return
    }
    if let first = byPath[key.text] {
      report(
        .duplicateKey, "key '\(key)' is used by two form views", at: key.range,
        notes: [DiagnosticNote("first used here", at: first.range)])
      return
    }
    let prefixes = key.prefixes
    // An earlier, shorter key that is a prefix of this one (`a`, then `a.b`).
    for prefix in prefixes.reversed() {
      if let shorter = byPath[prefix] {
        reportCollision(key, with: shorter)
      }
    }
    // An earlier, longer key of which this one is a prefix (`a.b`, then `a`). Prefixes are kept apart from
    // whole keys: a spec has few of them, so that table stays small and its lookups cheap.
    if let longer = longerKeys[key.text] {
      reportCollision(key, with: longer)
    }
    byPath[key.text] = key
    for prefix in prefixes where longerKeys[prefix] == nil {
      longerKeys[prefix] = key
    }
  }

  /// Reports `key` colliding with an earlier key, one a dotted prefix of the other.
  private mutating func reportCollision(_ key: DottedKey, with other: DottedKey) {
    report(
      .collidingKeys, "key '\(key)' collides with key '\(other)': one is a prefix of the other", at: key.range,
      notes: [DiagnosticNote("'\(other)' is used here", at: other.range)])
  }
}

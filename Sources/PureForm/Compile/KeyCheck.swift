extension SpecCompiler {
  /// Reports duplicate and colliding `<key>` paths and form views without a key.
  ///
  /// Two keys collide when one is a dotted prefix of the other (`a` and `a.b`): the output could not hold
  /// both a value and an object at `a`.
  mutating func checkKeys(in model: FormModel) {
    var byPath: [[String]: KeyPath] = [:]
    var unknownIndex = 0
    for sectionIndex in model.sections.indices {
      for cellIndex in model.sections[sectionIndex].cells.indices {
        for viewIndex in model.sections[sectionIndex].cells[cellIndex].views.indices {
          let view = model.sections[sectionIndex].cells[cellIndex].views[viewIndex]
          guard let field = view.field else { continue }
          guard let key = field.key else {
            // A malformed `<key>` is reported where it is written; it still takes no number.
            if field.hasKeyWord { continue }
            // PureForm numbers keyless form views from 0, in spec order (PFFormController's allKeyValuePairs).
            report(
              .missingKey,
              "form view '\(view.name)' has no '<key>': its value is output as 'unknown_key_\(unknownIndex)'",
              at: view.range)
            unknownIndex += 1
            continue
          }
          if let first = byPath[key.segments] {
            report(
              .duplicateKey, "key '\(key)' is used by two form views", at: key.range,
              notes: [DiagnosticNote("first used here", at: first.range)])
            continue
          }
          for length in stride(from: key.segments.count - 1, through: 1, by: -1) {
            if let prefix = byPath[Array(key.segments.prefix(length))] {
              report(
                .collidingKeys, "key '\(key)' collides with key '\(prefix)': one is a prefix of the other",
                at: key.range,
                notes: [DiagnosticNote("'\(prefix)' is used here", at: prefix.range)])
            }
          }
          byPath[key.segments] = key
        }
      }
    }
    // A longer key seen first: `a.b` then `a`. Find keys that are prefixes of earlier, longer ones.
    var prefixes: [[String]: KeyPath] = [:]
    for key in byPath.values.sorted(by: { $0.range.start < $1.range.start }) {
      if let longer = prefixes[key.segments] {
        report(
          .collidingKeys, "key '\(key)' collides with key '\(longer)': one is a prefix of the other", at: key.range,
          notes: [DiagnosticNote("'\(longer)' is used here", at: longer.range)])
      }
      for length in 1..<max(1, key.segments.count) where prefixes[Array(key.segments.prefix(length))] == nil {
        prefixes[Array(key.segments.prefix(length))] = key
      }
    }
  }
}

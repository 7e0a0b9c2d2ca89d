/// Finds duplicate and colliding `<key>` paths and form views without a key, view by view in model order.
///
/// Two keys collide when one is a dotted prefix of the other (`a` and `a.b`): the output could not hold
/// both a value and an object at `a`. The compiler feeds it each cell's views as the cell is compiled while
/// the spec's sections come in order (so that spec order is model order), and walks the model at the end
/// otherwise (`SpecCompiler.finish`).
struct KeyCheck {
  /// The findings so far, in the order found.
  private(set) var diagnostics: [Diagnostic] = []
  /// Where each key seen so far is written, by its text (which the table's key holds already).
  private var byPath: [String: CompactRange] = [:]
  /// Each proper prefix of a key seen so far, with the first key that has it.
  ///
  /// Kept apart from whole keys: a spec has few of them, so this table stays small and its lookups cheap.
  private var longerKeys: [String: DottedKey] = [:]
  /// The number the next form view without `<key>` gets (`unknown_key_N`).
  private var unknownIndex = 0
  /// The text before the last `.` of the last key whose prefixes were looked up and found clear.
  ///
  /// Clear: no key is one of them and each has its first longer key recorded. A key with the same text
  /// before its last `.` has the same prefixes, still clear, so its prefixes need no lookups: consecutive
  /// keys of one group (`g0.text_0`, `g0.text_1`) share them, and the lookups were most of a large spec's
  /// key check. ASCII keys only, whose prefixes are byte slices (`DottedKey.prefixes`).
  private var clearParent: String?

  /// A check with no view seen yet, with room for `expectedKeys` keys.
  init(expectedKeys: Int = 0) {
    byPath.reserveCapacity(expectedKeys)
  }

  /// The findings for every view of `model`, in model order.
  static func diagnostics(in model: FormModel) -> [Diagnostic] {
    // Sized once for every view: growing a table of a quarter million keys rehashes it many times.
    var check = KeyCheck(
      expectedKeys: model.sections.reduce(0) { $0 + $1.cells.reduce(0) { $0 + $1.views.count } })
    // Walked in place: flattening the model's cells and views first would copy every view of the spec.
    for section in model.sections {
      for cell in section.cells {
        for view in cell.views { check.check(view) }
      }
    }
    return check.diagnostics
  }

  /// Checks one view's key against the keys before it, recording it for the keys after it.
  mutating func check(_ view: FormView) {
    guard let field = view.field else { return }
    guard let key = field.key else {
      // A malformed `<key>` is reported where it is written; it still takes no number.
      if field.hasKeyWord { return }
      // PureForm numbers keyless form views from 0, in spec order (PFFormController's allKeyValuePairs).
      diagnostics.append(
        Diagnostic(
          .missingKey,
          "form view '\(view.name)' has no '<key>': its value is output as 'unknown_key_\(unknownIndex)'",
          at: view.range))
      unknownIndex += 1
      return
    }
    // One hash for the lookup and the record: a repeat puts the first use back, as it must stay recorded.
    if let first = byPath.updateValue(CompactRange(wrappedValue: key.range), forKey: key.text) {
      byPath[key.text] = first
      diagnostics.append(
        Diagnostic(
          .duplicateKey, "key '\(key)' is used by two form views", at: key.range,
          notes: [DiagnosticNote("first used here", at: first.wrappedValue)]))
      return
    }
    // Recorded before its prefixes are looked up: a key is never one of its own proper prefixes.
    let parent = Self.asciiParent(of: key.text)
    if let parent, let clearParent, parent.elementsEqual(clearParent.utf8) {
      // The same prefixes as the last key looked up, still clear: keys recorded since then have this parent
      // too, so none of them is a prefix.
    } else {
      var clear = true
      let prefixes = key.prefixes
      // An earlier, shorter key that is a prefix of this one (`a`, then `a.b`).
      for prefix in prefixes.reversed() {
        if let shorter = byPath[prefix] {
          clear = false
          reportCollision(key, with: DottedKey(text: prefix, range: shorter.wrappedValue))
        }
      }
      for prefix in prefixes where longerKeys[prefix] == nil {
        longerKeys[prefix] = key
      }
      clearParent = clear ? parent.map { String(Substring($0)) } : nil
    }
    // An earlier, longer key of which this one is a prefix (`a.b`, then `a`).
    if let longer = longerKeys[key.text] {
      reportCollision(key, with: longer)
    }
  }

  /// The bytes of `text` before its last `.`, when it is ASCII and has one; nil otherwise.
  private static func asciiParent(of text: String) -> Substring.UTF8View? {
    let utf8 = text.utf8
    guard text.isASCIIBytes, let dot = utf8.lastIndex(of: UInt8(ascii: ".")) else { return nil }
    return text[..<dot].utf8
  }

  /// Reports `key` colliding with an earlier key, one a dotted prefix of the other.
  private mutating func reportCollision(_ key: DottedKey, with other: DottedKey) {
    diagnostics.append(
      Diagnostic(
        .collidingKeys, "key '\(key)' collides with key '\(other)': one is a prefix of the other", at: key.range,
        notes: [DiagnosticNote("'\(other)' is used here", at: other.range)]))
  }
}

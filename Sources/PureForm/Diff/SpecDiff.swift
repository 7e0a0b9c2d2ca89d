/// `pureform diff`: what NEW changes, against OLD, in what a record must be.
///
/// Reads the two compiled forms (includes resolved), never their JSON text. Views are matched by output key
/// (group views by template key); a renamed key is a removal and an addition.
public enum SpecDiff {
  /// The changes from `old` to `new`: NEW's by location, then removals by their location in OLD.
  public static func changes(from old: CompiledForm, to new: CompiledForm) -> [SpecChange] {
    let oldViews = DiffedView.views(of: old)
    let newViews = DiffedView.views(of: new)
    var oldByKey: [String: DiffedView] = [:]
    for view in oldViews where oldByKey[view.key] == nil { oldByKey[view.key] = view }
    var newKeys = Set<String>()
    var builder = ChangeBuilder(old: old, new: new)
    for view in newViews where newKeys.insert(view.key).inserted {
      guard let before = oldByKey[view.key] else {
        builder.add(
          view, kind: view.hasRules ? .tightened : .loosened, change: "view", old: .null, new: view.summary,
          at: view.range, removal: false)
        continue
      }
      builder.compare(before, view)
    }
    for view in oldViews where !newKeys.contains(view.key) {
      newKeys.insert(view.key)
      builder.add(view, kind: .loosened, change: "view", old: view.summary, new: .null, at: view.range, removal: true)
    }
    return builder.changes.enumerated().sorted { lhs, rhs in
      let (a, b) = (lhs.element, rhs.element)
      if a.isRemoval != b.isRemoval { return !a.isRemoval }
      if a.order != b.order { return a.order.lexicographicallyPrecedes(b.order) }
      return lhs.offset < rhs.offset
    }.map(\.element)
  }
}

/// Collects the changes of matched views, each located in its spec.
private struct ChangeBuilder {
  let old: CompiledForm
  let new: CompiledForm
  var changes: [SpecChange] = []

  /// Adds one change of `view`, at `range` in NEW (in OLD for a removal).
  mutating func add(
    _ view: DiffedView, key: String? = nil, kind: SpecChange.Kind, change: String, rule: String? = nil,
    old oldValue: FormValue, new newValue: FormValue, at range: SourceRange, removal: Bool
  ) {
    let form = removal ? old : new
    let sources = form.sources
    let number = sources.inclusion(containing: range.start.offset)
    let local = sources.local(range).start
    let key = key ?? view.key
    changes.append(
      SpecChange(
        key: key, path: JSONPointer.pointer(dottedKey: key), kind: kind, change: change, old: oldValue,
        new: newValue, file: sources.file(number).name, line: local.line, column: local.column, rule: rule,
        isRemoval: removal, order: sources.readingOrder(ofOffset: range.start.offset)))
  }

  /// Adds the changes between one view in OLD and the view of the same key in NEW.
  mutating func compare(_ before: DiffedView, _ after: DiffedView) {
    compareValidators(before, after)
    compareType(before, after)
    compareBound(.minItems, before.minItems, after.minItems, before, after, tighterWhenHigher: true)
    compareBound(.maxItems, before.maxItems, after.maxItems, before, after, tighterWhenHigher: false)
    compareWord(
      "<visible_if>", before.visibleIf.map { ($0.written, $0.range) }, after.visibleIf.map { ($0.written, $0.range) },
      before, after, added: .loosened, removed: .tightened, rule: nil)
    compareWord(
      "<required_if>", before.requiredIf.map { ($0.written, $0.range) },
      after.requiredIf.map { ($0.written, $0.range) }, before, after, added: .tightened, removed: .loosened,
      rule: FailureReasonKey.requiredIfName)
    compareWord(
      "<same_as>", before.sameAs.map { (.string($0.0), $0.1) }, after.sameAs.map { (.string($0.0), $0.1) }, before,
      after, added: .tightened, removed: .loosened, rule: FailureReasonKey.sameAs.failureName)
    compareWord("<value>", before.value, after.value, before, after, added: .changed, removed: .changed, rule: nil)
    compareValueRules(before, after)
  }

  /// `<format>`, `<schemes>`, `<in>`, `<not_in>`, `<min>`, `<max>`: a word added tightens, removed loosens,
  /// changed changes (a list or a bound moved either way); `<schemes>` always changes.
  private mutating func compareValueRules(_ before: DiffedView, _ after: DiffedView) {
    let names: [ReservedWord: String] = [
      .format: FailureReasonKey.format.failureName, .schemes: FailureReasonKey.format.failureName,
      .oneOf: FailureReasonKey.oneOf.failureName,
      .noneOf: FailureReasonKey.noneOf.failureName, .minimum: FailureReasonKey.minimum.failureName,
      .maximum: FailureReasonKey.maximum.failureName,
    ]
    for word in [ReservedWord.format, .schemes, .oneOf, .noneOf, .minimum, .maximum] {
      let old = before.valueRules.first { $0.word == word }.map { ($0.value, $0.range) }
      let new = after.valueRules.first { $0.word == word }.map { ($0.value, $0.range) }
      // `<schemes>` replaces the default list, which it may widen or narrow.
      let widening: SpecChange.Kind = word == .schemes ? .changed : .tightened
      let narrowing: SpecChange.Kind = word == .schemes ? .changed : .loosened
      compareWord(word.rawValue, old, new, before, after, added: widening, removed: narrowing, rule: names[word])
    }
  }

  private mutating func compareValidators(_ before: DiffedView, _ after: DiffedView) {
    var seen = Set<String>()
    for validator in after.validators where seen.insert(validator.name).inserted {
      guard let previous = before.validator(named: validator.name) else {
        add(
          after, kind: .tightened, change: validator.name, rule: validator.name, old: .null, new: validator.written,
          at: validator.range, removal: false)
        continue
      }
      guard previous.argument != validator.argument else { continue }
      let shown: (FormValue, FormValue) =
        validator.kind == .equalNext || validator.kind == .equalPrevious
        ? (previous.argument, validator.argument) : (previous.written, validator.written)
      add(
        after, kind: Self.kind(of: validator.kind, from: previous.argument, to: validator.argument),
        change: validator.name, rule: validator.name, old: shown.0, new: shown.1, at: validator.range,
        removal: false)
    }
    for validator in before.validators where seen.insert(validator.name).inserted {
      add(
        before, kind: .loosened, change: validator.name, rule: validator.name, old: validator.written, new: .null,
        at: validator.range, removal: true)
    }
  }

  /// The kind of a validator's changed argument: a bound raised or lowered, or `changed`.
  private static func kind(of kind: ValidatorKind, from old: FormValue, to new: FormValue) -> SpecChange.Kind {
    guard case .number(let oldText) = old, case .number(let newText) = new,
      let oldNumber = ExactDecimal(oldText), let newNumber = ExactDecimal(newText)
    else { return .changed }
    switch kind {
    case .minLength, .minValue: return newNumber > oldNumber ? .tightened : .loosened
    case .maxLength, .maxValue: return newNumber < oldNumber ? .tightened : .loosened
    default: return .changed
    }
  }

  private mutating func compareType(_ before: DiffedView, _ after: DiffedView) {
    let oldType = before.type?.0
    let newType = after.type?.0
    guard oldType != newType, let range = after.type?.1 ?? before.type?.1 else { return }
    let kind: SpecChange.Kind
    switch (oldType, newType) {
    case (nil, .text?): kind = .tightened
    case (.text?, nil): kind = .loosened
    case (.integer?, .number?): kind = .loosened
    case (.number?, .integer?): kind = .tightened
    default: kind = .changed
    }
    let removal = newType == nil
    add(
      removal ? before : after, kind: kind, change: "<type>", rule: FailureReasonKey.typeMismatch.failureName,
      old: oldType.map { .string($0.rawValue) } ?? .null, new: newType.map { .string($0.rawValue) } ?? .null,
      at: range, removal: removal)
  }

  private mutating func compareBound(
    _ key: FailureReasonKey, _ oldBound: ItemBounds.Bound?, _ newBound: ItemBounds.Bound?, _ before: DiffedView,
    _ after: DiffedView, tighterWhenHigher: Bool
  ) {
    guard oldBound?.value != newBound?.value, let range = newBound?.keyRange ?? oldBound?.keyRange else { return }
    let kind: SpecChange.Kind
    switch (oldBound, newBound) {
    case (nil, _?): kind = .tightened
    case (_?, nil): kind = .loosened
    case (let old?, let new?): kind = (new.value > old.value) == tighterWhenHigher ? .tightened : .loosened
    default: return
    }
    let removal = newBound == nil
    let view = removal ? before : after
    let group = GroupKey.innermostGroup(of: view.key) ?? view.key
    add(
      view, key: group, kind: kind, change: key.failureName, rule: key.failureName,
      old: oldBound.map { .number(String($0.value)) } ?? .null,
      new: newBound.map { .number(String($0.value)) } ?? .null,
      at: range, removal: removal)
  }

  private mutating func compareWord(
    _ word: String, _ oldWord: (FormValue, SourceRange)?, _ newWord: (FormValue, SourceRange)?,
    _ before: DiffedView, _ after: DiffedView, added: SpecChange.Kind, removed: SpecChange.Kind, rule: String?
  ) {
    switch (oldWord, newWord) {
    case (nil, nil): return
    case (nil, let new?):
      add(after, kind: added, change: word, rule: rule, old: .null, new: new.0, at: new.1, removal: false)
    case (let old?, nil):
      add(before, kind: removed, change: word, rule: rule, old: old.0, new: .null, at: old.1, removal: true)
    case (let old?, let new?):
      guard old.0 != new.0 else { return }
      add(after, kind: .changed, change: word, rule: rule, old: old.0, new: new.0, at: new.1, removal: false)
    }
  }
}

/// The kernel's tables of a form with repeated groups, built from the plan's `PlanGroup`s,
/// `OutputTree` and failures: each group, its fields, each field's `ElementKey`, and the output
/// entries of the root and of each group's element.
struct GroupTables {
  var groups: [PlanGroup] = []
  var fields: [Int32] = []
  var keys: [ElementKey] = []
  var entries: [OutputEntry] = []
  /// The member key of each of `entries` (empty for the root and the element objects).
  var entryKeys: [String] = []
  /// False when a key's concrete text cannot be written from fixed pieces (a failure does not start with its
  /// key and path): no record is read then (a compiled form's keys always can be).
  var writesEveryKey = true

  /// No groups.
  init() {}

  /// The tables of `validation`'s groups, their text added to `builder`'s pool; `router` holds each
  /// element's routing node.
  init(_ validation: ValidationPlan, run: RunOptions, router: KeyRouter, builder: inout RecordPlan.Builder) {
    let (entries, elementEntries, entryKeys) = validation.output.entries { builder.add($0) }
    self.entries = entries
    self.entryKeys = entryKeys
    keys = [ElementKey](repeating: ElementKey(), count: validation.fields.count)
    for number in validation.fields.indices where validation.fields[number].group != nil {
      let field = validation.fields[number]
      guard let key = elementKey(field.key, at: field, builder: &builder) else {
        writesEveryKey = false
        continue
      }
      keys[number] = key
    }
    // `--field`: the group its field is in, and those enclosing it.
    var reached = Set<Int>()
    var inner = validation.fields.indices.contains(run.field ?? -1) ? validation.fields[run.field ?? 0].group : nil
    while let group = inner {
      reached.insert(group)
      inner = validation.groups[group].parent
    }
    for (number, planned) in validation.groups.enumerated() {
      // The kernel's members of the group, derived from the plan's.
      var group = planned
      group.name = builder.add(planned.arraySegments.joined(separator: "."))
      group.fieldStart = Int32(fields.count)
      group.fieldCount = Int32(planned.fields.count)
      group.childCount = Int32(planned.children.count)
      group.elementRoot = number < router.elementRoots.count ? router.elementRoots[number] : 0
      group.elementEntry = elementEntries[number]
      fields += planned.fields.map { Int32($0) } + planned.children.map { Int32($0) }
      group.isReached = run.field == nil || reached.contains(number)
      group.readsDotted =
        planned.fields.contains { GroupKey.relativeSegments(of: validation.fields[$0].key).count > 1 }
        || planned.children.contains { validation.groups[$0].arraySegments.count > 1 }
      if planned.parent != nil {
        // A nested group's count and array fail at its concrete key (`orders.3.lines`).
        if let key = elementKey(planned.key, at: validation.fields[planned.anchor], builder: &builder) {
          group.groupKey = Int32(keys.count)
          keys.append(key)
        } else {
          writesEveryKey = false
        }
      }
      func bound(_ bound: PlanGroup.Bound?, _ validator: String) -> (Int32, PoolSpan) {
        guard let bound else { return (-1, PoolSpan(start: 0, count: 0)) }
        let failure = validation.groupFailure(
          number, key: planned.key, validator: validator, argument: .number(String(bound.value)),
          reason: bound.reason, at: bound.field)
        return (Int32(bound.value), builder.add(failure))
      }
      (group.minItems, group.minFragment) = bound(planned.min, FailureReasonKey.minItems.failureName)
      (group.maxItems, group.maxFragment) = bound(planned.max, FailureReasonKey.maxItems.failureName)
      group.mismatchFragment = builder.add(
        validation.groupFailure(
          number, key: planned.key, validator: FailureReasonKey.typeMismatch.failureName, argument: .string("array"),
          reason: planned.arrayMismatchReason, at: nil))
      group.limitFragment = builder.add(
        validation.groupFailure(
          number, key: planned.key, validator: FailureReasonKey.maxItems.failureName,
          argument: .number(String(PlanGroup.elementLimit)), reason: planned.limitReason, at: planned.max?.field))
      // An element that is not an object fails at `items.3`: rendered keyed `items.*`, its index written in.
      let elementKey = planned.key + "." + GroupKey.star
      group.elementMismatchFragment = builder.add(
        validation.groupFailure(
          number, key: elementKey, validator: FailureReasonKey.typeMismatch.failureName, argument: .string("object"),
          reason: planned.elementMismatchReason, at: nil))
      if let key = self.elementKey(elementKey, at: validation.fields[planned.anchor], builder: &builder) {
        group.elementKey = Int32(keys.count)
        keys.append(key)
      } else {
        writesEveryKey = false
      }
      // Every member name of the element's object and of the objects inside it, with its comma and braces.
      func namesBytes(_ entry: Int) -> Int32 {
        let object = entries[entry]
        var bytes: Int32 = 2
        for child in Int(object.firstChild)..<Int(object.firstChild + object.childCount) {
          bytes += entries[child].name.count + 1
          if entries[child].field < 0 && entries[child].group < 0 { bytes += namesBytes(child) }
        }
        return bytes
      }
      group.elementFixedBytes += namesBytes(Int(group.elementEntry))
      for field in planned.fields {
        if case .present(let value, _) = FieldState(
          coercing: validation.fields[field].initialValue, to: validation.fields[field].type)
        {
          group.elementFixedBytes += 6 * Int32(value.text.utf8.count) + 2
        }
      }
      groups.append(group)
    }
  }

  /// The pieces of the concrete key and path of a failure keyed `key` (`items.*.sku`, `orders.*.lines.*.sku`,
  /// or `items.*` for an element) and located at `field`, the enclosing elements' pieces appended to `keys`;
  /// nil when they cannot be written as fixed text around the indices.
  private mutating func elementKey(_ key: String, at field: PlanField, builder: inout RecordPlan.Builder)
    -> ElementKey?
  {
    let segments = DottedKey.segments(of: key)
    let stars = segments.indices.filter { segments[$0] == GroupKey.star }
    guard let last = stars.last else { return nil }
    // The text before each index (`orders.`, `.lines.`; `/orders/`, `/lines/`), then after the last one.
    var keyPieces: [String] = []
    var pathPieces: [String] = []
    var from = 0
    for star in stars {
      let between = segments[from..<star].joined(separator: ".")
      guard !between.isEmpty else { return nil }
      keyPieces.append((from == 0 ? "" : ".") + between + ".")
      pathPieces.append(JSONPointer.pointer(dottedKey: between) + "/")
      from = star + 1
    }
    let after = segments[(last + 1)...]
    keyPieces.append(after.map { "." + $0 }.joined())
    pathPieces.append(after.isEmpty ? "" : JSONPointer.pointer(dottedKey: after.joined(separator: ".")))
    let path = JSONPointer.pointer(dottedKey: key)
    guard path == pathPieces.joined(separator: GroupKey.star) else { return nil }
    // The pieces as they stand in a JSON string: JSON escapes each character apart, so the escaped pieces
    // around an index's digits are the escaped key.
    func escaped(_ text: String) -> String { String(OutputJSON.string(text).rendered().dropFirst().dropLast()) }
    let isPlain = (keyPieces + pathPieces).allSatisfy { escaped($0) == $0 }
    keyPieces = keyPieces.map(escaped)
    pathPieces = pathPieces.map(escaped)
    // Every failure of the field starts with its key and path, as `ValidationFailure.outputJSON` puts them.
    let head =
      "{\"key\":" + OutputJSON.string(key).rendered() + ",\"path\":" + OutputJSON.string(path).rendered() + ","
    let sample = ValidationFailure(
      key: key, validator: "", argument: .null, reason: "", section: field.section, row: field.row,
      tag: field.tag, file: field.file, line: field.line, column: field.column)
    guard sample.outputJSON.rendered().hasPrefix(head) else { return nil }
    let outer = stars.count - 1
    let elementKey = ElementKey(
      keyBefore: builder.add(keyPieces[outer]), keyAfter: builder.add(keyPieces[outer + 1]),
      pathBefore: builder.add(pathPieces[outer]), pathAfter: builder.add(pathPieces[outer + 1]),
      head: Int32(head.utf8.count), outerStart: Int32(keys.count), outerCount: Int32(outer),
      textBytes: Int32((keyPieces + pathPieces).reduce(0) { $0 + $1.utf8.count }), isEscaped: !isPlain)
    for piece in 0..<outer {
      keys.append(ElementKey(keyBefore: builder.add(keyPieces[piece]), pathBefore: builder.add(pathPieces[piece])))
    }
    return elementKey
  }
}

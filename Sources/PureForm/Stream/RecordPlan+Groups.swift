extension RecordPlan {
  /// Whether the fast path can read the repeated groups of `validation`.
  ///
  /// It can when no group is inside another: each group's array in the record (`items`, or nested or
  /// dotted `cart.items`), its elements holding its fields (`items.*.sku`, `tags.*`, `items.*.address.city`
  /// nested or dotted), under any options. A form with nested groups takes the exact path; a form without
  /// groups always can.
  static func readsGroups(of validation: ValidationPlan) -> Bool {
    validation.groups.allSatisfy { group in group.parent == nil && group.children.isEmpty }
  }
}

/// The fast path's tables of a form with repeated groups, built from the exact path's `PlannedGroup`s,
/// `GroupOutputShape` and failures: each group, its fields, each field's `ElementKey`, and the output
/// entries of the root and of each group's element.
struct GroupTables {
  var groups: [PlanGroup] = []
  var fields: [Int32] = []
  var keys: [ElementKey] = []
  var entries: [OutputEntry] = []
  /// The member key of each of `entries` (empty for the root and the element objects).
  var entryKeys: [String] = []
  /// False when a key's concrete text cannot be written from fixed pieces (it needs escaping in JSON, or a
  /// failure does not start with its key and path): the exact path then takes every record.
  var isFast = true

  /// No groups.
  init() {}

  /// The tables of `validation`'s groups, their text added to `builder`'s pool; `router` holds each
  /// element's routing node.
  init(_ validation: ValidationPlan, router: KeyRouter, builder: inout RecordPlan.Builder) {
    let (entries, elementEntries, entryKeys) = validation.groupOutput.entries { builder.add($0) }
    self.entries = entries
    self.entryKeys = entryKeys
    keys = [ElementKey](repeating: ElementKey(), count: validation.fields.count)
    for number in validation.fields.indices where validation.fields[number].group != nil {
      let field = validation.fields[number]
      guard let key = GroupTables.elementKey(field.key, at: field, builder: &builder) else {
        isFast = false
        continue
      }
      keys[number] = key
    }
    for (number, planned) in validation.groups.enumerated() {
      var group = PlanGroup(
        name: builder.add(planned.arraySegments.joined(separator: ".")), fieldStart: Int32(fields.count),
        fieldCount: Int32(planned.fields.count), scalarField: planned.scalarField.map { Int32($0) } ?? -1,
        elementRoot: number < router.elementRoots.count ? router.elementRoots[number] : 0, minItems: -1,
        minFragment: PoolSpan(start: 0, count: 0), maxItems: -1, maxFragment: PoolSpan(start: 0, count: 0),
        anchor: Int32(planned.anchor), elementEntry: elementEntries[number], elementFixedBytes: 16)
      fields += planned.fields.map { Int32($0) }
      group.readsDotted = planned.fields.contains {
        GroupKey.relativeSegments(of: validation.fields[$0].key).count > 1
      }
      func bound(_ bound: PlannedGroup.Bound?, _ validator: String) -> (Int32, PoolSpan) {
        guard let bound else { return (-1, PoolSpan(start: 0, count: 0)) }
        let failure = validation.groupFailure(
          number, key: planned.key, validator: validator, argument: .number(String(bound.value)),
          reason: bound.reason, at: bound.field)
        return (Int32(bound.value), builder.add(failure))
      }
      (group.minItems, group.minFragment) = bound(planned.min, FailureName.minItems)
      (group.maxItems, group.maxFragment) = bound(planned.max, FailureName.maxItems)
      group.mismatchFragment = builder.add(
        validation.groupFailure(
          number, key: planned.key, validator: FailureName.typeMismatch, argument: .string("array"),
          reason: planned.arrayMismatchReason, at: nil))
      group.limitFragment = builder.add(
        validation.groupFailure(
          number, key: planned.key, validator: FailureName.maxItems,
          argument: .number(String(PlannedGroup.elementLimit)), reason: planned.limitReason, at: planned.max?.field))
      // An element that is not an object fails at `items.3`: rendered keyed `items.*`, its index written in.
      let elementKey = planned.key + "." + GroupKey.star
      group.elementMismatchFragment = builder.add(
        validation.groupFailure(
          number, key: elementKey, validator: FailureName.typeMismatch, argument: .string("object"),
          reason: planned.elementMismatchReason, at: nil))
      if let key = GroupTables.elementKey(elementKey, at: validation.fields[planned.anchor], builder: &builder) {
        group.elementKey = Int32(keys.count)
        keys.append(key)
      } else {
        isFast = false
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

  /// The pieces of the concrete key and path of a failure keyed `key` (`items.*.sku`, or `items.*` for an
  /// element) and located at `field`, or nil when they cannot be written as fixed text around the index.
  private static func elementKey(_ key: String, at field: PlannedField, builder: inout RecordPlan.Builder)
    -> ElementKey?
  {
    let segments = DottedKey.segments(of: key)
    guard let star = segments.firstIndex(of: GroupKey.star) else { return nil }
    let before = segments[..<star].joined(separator: ".")
    let after = segments[(star + 1)...]
    let keyBefore = before + "."
    let keyAfter = after.map { "." + $0 }.joined()
    let pathBefore = JSONPointer.pointer(dottedKey: before) + "/"
    let pathAfter = after.isEmpty ? "" : JSONPointer.pointer(dottedKey: after.joined(separator: "."))
    let path = JSONPointer.pointer(dottedKey: key)
    func isPlain(_ text: String) -> Bool { OutputJSON.string(text).rendered() == "\"" + text + "\"" }
    guard isPlain(keyBefore), isPlain(keyAfter), isPlain(pathBefore), isPlain(pathAfter),
      path == pathBefore + GroupKey.star + pathAfter
    else { return nil }
    // Every failure of the field starts with its key and path, as `ValidationFailure.outputJSON` puts them.
    let head =
      "{\"key\":" + OutputJSON.string(key).rendered() + ",\"path\":" + OutputJSON.string(path).rendered() + ","
    let sample = ValidationFailure(
      key: key, validator: "", argument: .null, reason: "", section: field.section, row: field.row,
      tag: field.tag, file: field.file, line: field.line, column: field.column)
    guard sample.outputJSON.rendered().hasPrefix(head) else { return nil }
    return ElementKey(
      keyBefore: builder.add(keyBefore), keyAfter: builder.add(keyAfter), pathBefore: builder.add(pathBefore),
      pathAfter: builder.add(pathAfter), head: Int32(head.utf8.count))
  }
}

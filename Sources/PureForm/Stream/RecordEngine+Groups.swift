/// The kernel's part of a record of a form with repeated groups: after the record's own fields (`judge`),
/// each group's elements in order, the group's fields holding one
/// element's values at a time, each failure and hidden view at its element's key; after an element's own
/// fields, the groups nested in it (`orders.*.lines.*.sku`), their arrays read from the element.
///
/// It reads groups given as JSON arrays (of objects, or of scalars for `tags.*`) or by flat keys
/// (`items.0.sku`, the scanner's `flatMembers()`), and fails a group's shape: a value that is
/// not an array (or an array beside flat keys), more elements than `PlanGroup.elementLimit` (the array
/// fails unread) and an element of an object group that is not an object.
extension RecordEngine {
  /// The record's own fields' part of a record of a form with repeated groups, before `judge` hides and
  /// checks them: the last record's findings go.
  @inline(never)
  func startGroupedRecord() {
    elementFailures.removeAll(keepingCapacity: true)
    hiddenViews.removeAll(keepingCapacity: true)
    if tables.nestsGroups { outerIndices.removeAll(keepingCapacity: true) }
    elementOutput.count = 0
  }

  /// Checks the record's own fields the options select and records their failures (at no element); nil
  /// without a regex scratch (`checkField`).
  @inline(never)
  func checkRecordFields() -> Int? {
    for field in 0..<tables.fieldCount where tables.fields[field].group == nil && tables.selects(field: field) {
      guard collectFailures(field, index: -1) else { return nil }
    }
    return elementFailures.count
  }

  /// Validates the elements of each group at the root (`--field`: only the group its field is in, and those
  /// enclosing it), read from where `read` left the record; false when the record is handed back
  /// (`handsBackFlatKeys`) or the engine has no regex scratch.
  ///
  /// `sink` is handed each element while the record has no failure.
  @inline(never)
  func validateGroups<Sink: RecordSink>(_ line: UnsafePointer<UInt8>, _ count: Int, into sink: inout Sink) -> Bool {
    var decoded = decodedEnd
    let flat = flatMembers
    for group in 0..<tables.groupCount where tables.groups[group].parent == nil && tables.reaches(group: group) {
      guard
        validateElements(group, groupSlot(group).pointee, line, count, flat: flat, decoded: &decoded, sink: &sink)
      else { return false }
    }
    return true
  }

  /// Writes the output line of a record of a form with repeated groups the kernel has validated, after the bytes already in `output`.
  func writeGroupedLine(
    _ line: UnsafePointer<UInt8>, count: Int, id: (start: Int, end: Int), isValid: Bool, number: Int,
    into output: ByteBuffer
  ) {
    output.reserve(groupedRoom(count, valid: isValid))
    var cursor = OutputCursor(output.base + output.count)
    RecordKernel.writeHead(number, &cursor)
    if tables.hasID {
      RecordKernel.writeID(id.start < 0 ? nil : line + id.start, id.end - id.start, &cursor)
    }
    if !isValid {
      writeElementFailures(&cursor)
    } else if tables.includesValues {
      cursor.write(#""valid":true,"values":"#)
      _ = writeGroupedObject(0, &cursor)
    } else {
      cursor.write("\"valid\":true")
    }
    if tables.visibilityCount > 0 {
      cursor.write(#","hidden":["#)
      writeHiddenViews(&cursor)
      cursor.write(UInt8(ascii: "]"))
    }
    cursor.write("}\n")
    output.count = cursor.at - output.base
  }

  /// Reads, checks and (while the record has no failure) writes the elements of group `group`, given as an
  /// array (the value `slot` holds) or by flat keys (`items.0.sku`, as `GroupInput.read` reads them); false
  /// when the record is handed back (`handsBackFlatKeys`).
  private func validateElements<Sink: RecordSink>(
    _ group: Int, _ slot: ValueSlot, _ line: UnsafePointer<UInt8>, _ count: Int, flat: [FlatMember],
    decoded: inout UnsafeMutablePointer<UInt8>, sink: inout Sink
  ) -> Bool {
    let info = tables.groups + group
    let run = ElementRun(
      failuresBefore: elementFailures.count, outputStart: elementOutput.count, hiddenBefore: hiddenViews.count,
      reportBefore: conditionReport.count)
    sink.startGroup(self, group: group)
    if !flat.isEmpty,
      let done = validateFlatElements(group, info, flat, line, count, run, decoded: &decoded, sink: &sink)
    {
      return done
    }
    var elements = 0
    switch slot.kind {
    case .absent, .null: break
    case .container where line[slot.start] == UInt8(ascii: "["):
      var scanner = scanner(over: line, count)
      scanner.index = slot.start + 1
      scanner.skipWhitespace()
      guard line[scanner.index] != UInt8(ascii: "]") else { break }
      while true {
        guard elements < PlanGroup.elementLimit else { return tooLong(group, info, run, sink: &sink) }
        let elementStart = scanner.index
        clearElement(info)
        if let scalar = info.pointee.scalarField {
          guard scanner.scanValue(depth: 2, into: nested + scalar) else { return false }
        } else if line[scanner.index] == UInt8(ascii: "{") {
          scanner.index += 1
          guard scanner.scanObject(node: Int(info.pointee.elementRoot), depth: 3) else {
            return handBack(scanner)
          }
        } else {
          // An element that is not an object fails at its index, and nothing in it is read or checked.
          guard scanner.skipValue(depth: 2) else { return false }
          elementMismatch(info, group: group, index: elements)
          elements += 1
          guard let more = scanner.nextElement() else { return false }
          if more { continue } else { break }
        }
        guard
          judgeElement(
            group, info, index: elements, line, count, inputBytes: scanner.index - elementStart,
            outputStart: run.outputStart, decoded: &decoded, sink: &sink)
        else { return false }
        elements += 1
        guard let more = scanner.nextElement() else { return false }
        if !more { break }
      }
    default:
      return failGroup(group, info, run, count: -1, info.pointee.mismatchFragment)
    }
    return countElements(group, info, elements, run)
  }

  /// `validateElements` for group `group` given by flat keys (`items.0.sku`, as `GroupInput.read` reads
  /// them: an index past the limit, or flat keys beside any value, fail the group as a whole); nil when no
  /// flat key names one of its elements.
  private func validateFlatElements<Sink: RecordSink>(
    _ group: Int, _ info: UnsafePointer<PlanGroup>, _ flat: [FlatMember], _ line: UnsafePointer<UInt8>, _ count: Int,
    _ run: ElementRun, decoded: inout UnsafeMutablePointer<UInt8>, sink: inout Sink
  ) -> Bool? {
    let members = flat.filter { $0.group == Int32(group) }
    guard !members.isEmpty else { return nil }
    // The elements of a group with groups nested in them, given by flat keys, are read as an array.
    guard info.pointee.childCount == 0 else {
      handsBackFlatKeys = true
      return false
    }
    // An index past the limit makes the array too long, and an array beside flat keys, or any other
    // value, is no array: as `GroupInput.read` has it.
    let elementCount = members.reduce(0) { Swift.max($0, $1.index + 1) }
    guard elementCount <= PlanGroup.elementLimit else { return tooLong(group, info, run, sink: &sink) }
    let given = groupSlot(group).pointee.kind
    guard given == .absent || given == .null else {
      return failGroup(group, info, run, count: -1, info.pointee.mismatchFragment)
    }
    var scanner = scanner(over: line, count)
    // Each element's members in the record's order.
    let ordered = members.enumerated().sorted { ($0.element.index, $0.offset) < ($1.element.index, $1.offset) }
    var next = 0
    for index in 0..<elementCount {
      clearElement(info)
      let start = next
      while next < ordered.count && ordered[next].element.index == index { next += 1 }
      let entries = ordered[start..<next].map(\.element)
      guard let isObject = readFlatElement(info, entries, &scanner) else { return handBack(scanner) }
      guard isObject else {
        elementMismatch(info, group: group, index: index)
        continue
      }
      let size = entries.reduce(0) { $0 + $1.valueLength }
      guard
        judgeElement(
          group, info, index: index, line, count, inputBytes: size, outputStart: run.outputStart,
          decoded: &decoded, sink: &sink)
      else { return false }
    }
    return countElements(group, info, elementCount, run)
  }

  /// False, for an element `scanner` stopped in; marks the record for reading again with its groups as arrays
  /// when it stopped at a flat key it does not read.
  private func handBack(_ scanner: RecordScanner) -> Bool {
    if scanner.namesFlatKeysElsewhere { handsBackFlatKeys = true }
    return false
  }

  /// The value group `group`'s array was read from: its dotted key's (`"cart.items": […]`) when the record has
  /// one, else the nested one's, as `GroupInput.read` finds it.
  @inline(__always)
  private func groupSlot(_ group: Int) -> UnsafeMutablePointer<ValueSlot> {
    let slot = tables.fieldCount + group
    return dottedInUse && dotted[slot].kind != .absent ? dotted + slot : nested + slot
  }

  /// The member value field `field` of `info`'s group was read from in the element being read: a dotted
  /// member's (`address.city`) when it has one, else the nested one's, as `InputLookup.inputs` has it.
  @inline(__always)
  func elementSlot(of field: Int, _ info: UnsafePointer<PlanGroup>) -> UnsafeMutablePointer<ValueSlot> {
    info.pointee.readsDotted && dotted[field].kind != .absent ? dotted + field : nested + field
  }

  /// Where one group's findings start, so that a group that fails as a whole can drop its elements'.
  private struct ElementRun {
    var failuresBefore: Int
    var outputStart: Int
    var hiddenBefore: Int
    var reportBefore: Int
  }

  /// Empties the slots of the fields of `info`'s group (and the arrays of the groups nested in it) before an
  /// element is read.
  @inline(__always)
  private func clearElement(_ info: UnsafePointer<PlanGroup>) {
    let fields = tables.groupFields + Int(info.pointee.fieldStart)
    for position in 0..<Int(info.pointee.fieldCount) { nested[Int(fields[position])] = .absent }
    if info.pointee.childCount > 0 { clearChildren(info) }
    guard info.pointee.readsDotted else { return }
    for position in 0..<Int(info.pointee.fieldCount) { dotted[Int(fields[position])] = .absent }
  }

  /// Empties the array slots of the groups nested in `info`'s elements.
  private func clearChildren(_ info: UnsafePointer<PlanGroup>) {
    let children = tables.groupFields + Int(info.pointee.fieldStart + info.pointee.fieldCount)
    for position in 0..<Int(info.pointee.childCount) {
      let slot = tables.fieldCount + Int(children[position])
      nested[slot] = .absent
      dotted[slot] = .absent
    }
  }

  /// Reads an element given by flat keys into its fields' slots.
  ///
  /// Its whole value when a member names the element itself (`items.0`, the last one), else each member by
  /// its key inside the element (a scalar group's element without one is `null`). Returns whether the
  /// element is an object (or a scalar group's value), false for an element of an object group that is not
  /// one; nil when the record is handed back.
  private func readFlatElement(
    _ info: UnsafePointer<PlanGroup>, _ entries: [FlatMember], _ scanner: inout RecordScanner
  ) -> Bool? {
    if let whole = entries.last(where: { $0.keyLength == 0 }) {
      scanner.index = whole.value
      if let scalar = info.pointee.scalarField {
        return scanner.scanValue(depth: 1, into: nested + scalar) ? true : nil
      }
      guard scanner.base[whole.value] == UInt8(ascii: "{") else { return false }
      scanner.index += 1
      return scanner.scanObject(node: Int(info.pointee.elementRoot), depth: 2) ? true : nil
    }
    if let scalar = info.pointee.scalarField {
      nested[scalar] = ValueSlot(kind: .null, start: 0, end: 0)
      return true
    }
    for entry in entries {
      scanner.index = entry.value
      guard
        scanner.scanMember(
          named: scanner.base + entry.key, entry.keyLength, node: Int(info.pointee.elementRoot), depth: 1)
      else { return nil }
    }
    return true
  }

  /// Fails element `index` of `info`'s group as not an object; nothing in it is read or checked.
  private func elementMismatch(_ info: UnsafePointer<PlanGroup>, group: Int, index: Int) {
    if recordsViews { recordCount(group, index: index, -3) }
    guard checksCount(of: group, index: index) else { return }
    elementFailures.append(
      ElementFailure(
        fragment: info.pointee.elementMismatchFragment, field: info.pointee.elementKey, index: Int32(index),
        outer: outerOffset,
        order: Int32(info.pointee.anchor), sequence: 0))
  }

  /// The group fails `max_items` alone, as if unread: what its elements gave goes (their failures, the
  /// hidden views and condition values of its fields and of the groups nested in it).
  private func tooLong<Sink: RecordSink>(
    _ group: Int, _ info: UnsafePointer<PlanGroup>, _ run: ElementRun, sink: inout Sink
  )
    -> Bool
  {
    elementFailures.removeSubrange(run.failuresBefore...)
    hiddenViews.removeSubrange(run.hiddenBefore...)
    conditionReport.removeSubrange(run.reportBefore...)
    elementOutput.count = run.outputStart
    sink.startGroup(self, group: group)
    return failGroup(group, info, run, count: -2, info.pointee.limitFragment)
  }

  /// The group fails as a whole and has no elements: with `fragment` at its key, its count recorded as
  /// `count` (-1: its value is no array, failing `type_mismatch`; -2: `tooLong`).
  private func failGroup(
    _ group: Int, _ info: UnsafePointer<PlanGroup>, _ run: ElementRun, count: Int, _ fragment: PoolSpan
  ) -> Bool {
    groupOutput[group] = run.outputStart..<run.outputStart
    if recordsViews { recordCount(group, count) }
    if checksCount(of: group) { elementFailures.append(groupFailure(fragment, info)) }
    return true
  }

  /// Coerces, hides, checks and (while the record has no failure) hands the sink the element whose values
  /// are in the slots; false without a regex scratch (`checkField`), or when the record is handed back.
  ///
  /// An element with groups nested in it is handed over by `finishElement`, once they are validated.
  @inline(__always)
  private func judgeElement<Sink: RecordSink>(
    _ group: Int, _ info: UnsafePointer<PlanGroup>, index: Int, _ line: UnsafePointer<UInt8>, _ count: Int,
    inputBytes: Int, outputStart: Int, decoded: inout UnsafeMutablePointer<UInt8>, sink: inout Sink
  ) -> Bool {
    // In a nested group, where this element's failures and hidden views start: they are placed in the
    // enclosing elements after (a group at the root has none, and skips the placing).
    let found =
      info.pointee.parent != nil
      ? (failures: elementFailures.count, hidden: hiddenViews.count) : (failures: -1, hidden: -1)
    let fields = tables.groupFields + Int(info.pointee.fieldStart)
    let fieldCount = Int(info.pointee.fieldCount)
    for position in 0..<fieldCount {
      let field = Int(fields[position])
      RecordKernel.coerce(
        elementSlot(of: field, info), tables.fields + field, line: line, decoded: &decoded, tables, into: values + field
      )
    }
    if tables.hasTransformers { transform(line, group: Int32(group)) }
    if recordsViews { recordElement(info, index: index) }
    hide(group: group, index: index)
    guard collectFailures(of: fields, fieldCount, index: index) else { return false }
    if found.failures >= 0 { placeInEnclosingElements(failuresFrom: found.failures, hiddenFrom: found.hidden) }
    if reportsConditions { reportConditions(group: Int32(group)) }
    if info.pointee.childCount > 0 {
      return finishElement(
        info, group: group, index: index, line, count, inputBytes: inputBytes, outputStart: outputStart,
        decoded: &decoded, sink: &sink)
    }
    if elementFailures.isEmpty && tables.includesValues {
      sink.element(self, info, group: group, first: elementOutput.count == outputStart, inputBytes: inputBytes, at: -1)
    }
    return true
  }

  /// Gives the failures and hidden views from `failuresFrom` and `hiddenFrom` on the indices of the elements
  /// enclosing the nested group's run (`outerOffset`).
  @inline(never)
  private func placeInEnclosingElements(failuresFrom: Int, hiddenFrom: Int) {
    let outer = outerOffset
    for position in failuresFrom..<elementFailures.count { elementFailures[position].outer = outer }
    for position in hiddenFrom..<hiddenViews.count { hiddenViews[position].outer = outer }
  }

  /// Validates the groups nested in element `index` of `info`'s group (which `judgeElement` judged), their
  /// arrays read from its slots, then (while the record has no failure) hands the sink the element, written
  /// after their arrays; false when the record is handed back (`handsBackFlatKeys`).
  @inline(never)
  private func finishElement<Sink: RecordSink>(
    _ info: UnsafePointer<PlanGroup>, group: Int, index: Int, _ line: UnsafePointer<UInt8>, _ count: Int,
    inputBytes: Int, outputStart: Int, decoded: inout UnsafeMutablePointer<UInt8>, sink: inout Sink
  ) -> Bool {
    let elementStart = elementOutput.count
    let enclosing = outerOffset
    elementPath.append(index)
    outerOffset = Int32(outerIndices.count)
    for position in elementPath { outerIndices.append(Int32(position)) }
    defer {
      elementPath.removeLast()
      outerOffset = enclosing
    }
    let children = tables.groupFields + Int(info.pointee.fieldStart + info.pointee.fieldCount)
    for position in 0..<Int(info.pointee.childCount) {
      let child = Int(children[position])
      guard tables.reaches(group: child) else { continue }
      let slot = elementSlot(of: tables.fieldCount + child, info).pointee
      guard validateElements(child, slot, line, count, flat: [], decoded: &decoded, sink: &sink) else { return false }
    }
    if elementFailures.isEmpty && tables.includesValues {
      sink.element(
        self, info, group: group, first: elementStart == outputStart, inputBytes: inputBytes, at: elementStart)
    }
    return true
  }

  /// Records where the group's output is and checks its count of `elements` against `<items>`.
  private func countElements(_ group: Int, _ info: UnsafePointer<PlanGroup>, _ elements: Int, _ run: ElementRun) -> Bool
  {
    groupOutput[group] = run.outputStart..<elementOutput.count
    if recordsViews { recordCount(group, elements) }
    guard checksCount(of: group) else { return true }
    // The count's failures come before the elements' (the count is checked first), unless
    // one field is validated (`--field`, and so `--live`).
    var at = run.failuresBefore
    if info.pointee.minItems >= 0, elements < Int(info.pointee.minItems), !tables.oneField {
      elementFailures.insert(groupFailure(info.pointee.minFragment, info), at: at)
      at += 1
    }
    if info.pointee.maxItems >= 0, elements > Int(info.pointee.maxItems), !tables.oneField {
      elementFailures.insert(groupFailure(info.pointee.maxFragment, info), at: at)
    }
    return true
  }

  /// A failure of a group as a whole: at no element (`index` -1) for a group at the root, else at the
  /// enclosing element's key (`orders.3.lines`).
  private func groupFailure(_ fragment: PoolSpan, _ info: UnsafePointer<PlanGroup>) -> ElementFailure {
    ElementFailure(
      fragment: fragment, field: info.pointee.groupKey,
      index: info.pointee.groupKey >= 0 ? Int32(elementPath.last ?? -1) : -1, outer: outerOffset,
      order: Int32(info.pointee.anchor), sequence: 0)
  }

  /// Checks the `count` fields of `fields` the options select at element `index` and records their failures;
  /// false without a regex scratch (`checkField`).
  ///
  /// Out of line, called once per element, so that `checkField` is inlined in its loop: in `judgeElement`,
  /// which inlines each field's coercion, the compiler left it a call per field.
  @inline(never)
  private func collectFailures(of fields: UnsafePointer<Int32>, _ count: Int, index: Int) -> Bool {
    for position in 0..<count where tables.selects(field: Int(fields[position])) {
      guard collectFailures(Int(fields[position]), index: index) else { return false }
    }
    return true
  }

  /// Checks field `field` at element `index` (-1 outside groups) and records its failures; false without a
  /// regex scratch (`checkField`).
  @inline(__always)
  private func collectFailures(_ field: Int, index: Int) -> Bool {
    if judgesSelection && !checks(field: field, index: index) { return true }
    let found = checkField(field, tables, into: failures, at: 0)
    guard found >= 0 else { return false }
    for position in 0..<found {
      elementFailures.append(
        ElementFailure(
          fragment: failures[position], field: Int32(field), index: Int32(index), order: Int32(field), sequence: 0))
    }
    return true
  }

  /// Appends one element's output to `elementOutput`: the element object's members not hidden, or a scalar
  /// group's value (none when it is hidden or not persisted); `first` when the group's array has nothing yet.
  ///
  /// For an element with groups nested in it, their arrays are already in `elementOutput`, from `start` (else
  /// -1): the element is written after them, then moved to `start`, so that its group's array stays one run
  /// of bytes.
  func writeElement(_ info: UnsafePointer<PlanGroup>, first: Bool, inputBytes: Int, at start: Int) {
    guard start < 0 else { return writeElement(info, first: first, inputBytes: inputBytes, after: start) }
    elementOutput.reserve(Int(info.pointee.elementFixedBytes) + 7 * inputBytes)
    var cursor = OutputCursor(elementOutput.base + elementOutput.count)
    writeElement(info, first: first, &cursor)
    elementOutput.count = cursor.at - elementOutput.base
  }

  /// `writeElement` for an element whose nested groups' arrays are in `elementOutput` from `start`: written
  /// after them, then moved to `start`.
  @inline(never)
  private func writeElement(_ info: UnsafePointer<PlanGroup>, first: Bool, inputBytes: Int, after start: Int) {
    let nestedBytes = elementOutput.count - start
    // The nested arrays are copied into the element; what else it writes is bounded as for any element.
    elementOutput.reserve(Int(info.pointee.elementFixedBytes) + 7 * inputBytes + nestedBytes)
    var cursor = OutputCursor(elementOutput.base + elementOutput.count)
    writeElement(info, first: first, &cursor)
    let written = cursor.at - elementOutput.base - start - nestedBytes
    UnsafeMutableRawPointer(elementOutput.base + start).copyMemory(
      from: elementOutput.base + start + nestedBytes, byteCount: written)
    elementOutput.count = start + written
  }

  /// Writes the element's members not hidden, or a scalar group's value, at `cursor`.
  @inline(__always)
  private func writeElement(_ info: UnsafePointer<PlanGroup>, first: Bool, _ cursor: inout OutputCursor) {
    if let field = info.pointee.scalarField {
      guard tables.fields[field].persist, !(tables.visibilityCount > 0 && hidden[field]), tables.selects(field: field)
      else { return }
      if !first { cursor.write(UInt8(ascii: ",")) }
      RecordKernel.writeValue(values[field], &cursor)
      return
    }
    if !first { cursor.write(UInt8(ascii: ",")) }
    _ = writeGroupedObject(Int(info.pointee.elementEntry), &cursor)
  }

  /// Writes the object of output entry `entry`: its fields not hidden (the one `--field` names), its groups'
  /// arrays (the group read), its member objects (left out when nothing in them is written and views may be
  /// hidden or left out, as the record's own are); returns whether it wrote a member.
  private func writeGroupedObject(_ entry: Int, _ cursor: inout OutputCursor) -> Bool {
    let object = tables.outputEntries[entry]
    let mayLeaveOut = tables.visibilityCount > 0 || tables.oneField
    var wrote = false
    cursor.write(UInt8(ascii: "{"))
    for child in Int(object.firstChild)..<Int(object.firstChild + object.childCount) {
      let member = tables.outputEntries[child]
      if member.field >= 0 && mayLeaveOut && (hidden[Int(member.field)] || !tables.selects(field: Int(member.field))) {
        continue
      }
      if member.group >= 0 && !tables.reaches(group: Int(member.group)) { continue }
      let start = cursor.at
      if wrote { cursor.write(UInt8(ascii: ",")) }
      cursor.write(tables.bytes(member.name), Int(member.name.count))
      if member.field >= 0 {
        RecordKernel.writeValue(values[Int(member.field)], &cursor)
      } else if member.group >= 0 {
        let range = groupOutput[Int(member.group)]
        cursor.write(UInt8(ascii: "["))
        cursor.write(UnsafePointer(elementOutput.base + range.lowerBound), range.count)
        cursor.write(UInt8(ascii: "]"))
      } else if !writeGroupedObject(child, &cursor) && mayLeaveOut {
        cursor.at = start
        continue
      }
      wrote = true
    }
    cursor.write(UInt8(ascii: "}"))
    return wrote
  }

  /// Orders `elementFailures` as the device lists them: by the field that orders each, then
  /// as found.
  func sortElementFailures() {
    for position in elementFailures.indices { elementFailures[position].sequence = Int32(position) }
    elementFailures.sort { ($0.order, $0.sequence) < ($1.order, $1.sequence) }
  }

  /// Orders `hiddenViews` by field then as found.
  func sortHiddenViews() {
    guard !zip(hiddenViews, hiddenViews.dropFirst()).allSatisfy({ $0.field <= $1.field }) else { return }
    hiddenViews = hiddenViews.enumerated().sorted { ($0.element.field, $0.offset) < ($1.element.field, $1.offset) }
      .map(\.element)
  }

  /// Writes `"valid":false,"failures":[…]`, the failures ordered (`sortElementFailures`): by the
  /// field that orders each, then as found.
  private func writeElementFailures(_ cursor: inout OutputCursor) {
    sortElementFailures()
    cursor.write(#""valid":false,"failures":["#)
    for (position, failure) in elementFailures.enumerated() {
      if position > 0 { cursor.write(UInt8(ascii: ",")) }
      let fragment = failure.fragment
      guard failure.index >= 0 else {
        cursor.write(tables.bytes(fragment), Int(fragment.count))
        continue
      }
      let key = tables.elementKeys[Int(failure.field)]
      cursor.write(#"{"key":""#)
      writeConcrete(key, path: false, Int(failure.index), outer: failure.outer, &cursor)
      cursor.write(#"","path":""#)
      writeConcrete(key, path: true, Int(failure.index), outer: failure.outer, &cursor)
      cursor.write(#"","#)
      cursor.write(tables.bytes(fragment) + Int(key.head), Int(fragment.count - key.head))
    }
    cursor.write(UInt8(ascii: "]"))
  }

  /// Writes the hidden views' keys, by field then as found.
  private func writeHiddenViews(_ cursor: inout OutputCursor) {
    sortHiddenViews()
    for (position, view) in hiddenViews.enumerated() {
      if position > 0 { cursor.write(UInt8(ascii: ",")) }
      guard view.index >= 0 else {
        let key = tables.fields[Int(view.field)].hiddenKey
        cursor.write(tables.bytes(key), Int(key.count))
        continue
      }
      let key = tables.elementKeys[Int(view.field)]
      cursor.write(UInt8(ascii: "\""))
      writeConcrete(key, path: false, Int(view.index), outer: view.outer, &cursor)
      cursor.write(UInt8(ascii: "\""))
    }
  }

  /// Writes the concrete key (or with `path`, the JSON pointer) of `key` at element `index`, the enclosing
  /// elements' indices read from `outerIndices` at `outer`.
  @inline(__always)
  func writeConcrete(_ key: ElementKey, path: Bool, _ index: Int, outer: Int32, _ cursor: inout OutputCursor) {
    if key.outerCount > 0 { writeEnclosing(key, path: path, outer: outer, &cursor) }
    let before = path ? key.pathBefore : key.keyBefore
    let after = path ? key.pathAfter : key.keyAfter
    cursor.write(tables.bytes(before), Int(before.count))
    cursor.writeDecimal(index)
    cursor.write(tables.bytes(after), Int(after.count))
  }

  /// Writes the part of `key` (or of its path) before the element's own index: the text before each
  /// enclosing element's index, and the index.
  @inline(never)
  private func writeEnclosing(_ key: ElementKey, path: Bool, outer: Int32, _ cursor: inout OutputCursor) {
    for piece in 0..<Int(key.outerCount) {
      let part = tables.elementKeys[Int(key.outerStart) + piece]
      let text = path ? part.pathBefore : part.keyBefore
      cursor.write(tables.bytes(text), Int(text.count))
      cursor.writeDecimal(Int(outerIndices[Int(outer) + piece]))
    }
  }

  /// Room the output line of the record needs: the fixed text and six bytes per input byte for the root's
  /// values, the groups' arrays as written, every failure with its concrete key, every hidden key.
  private func groupedRoom(_ count: Int, valid: Bool) -> Int {
    var room = tables.fixedBytes + 7 * count + elementOutput.count + 8 * tables.groupCount
    if !valid {
      for failure in elementFailures {
        room += Int(failure.fragment.count) + 2
        if failure.index >= 0 {
          let key = tables.elementKeys[Int(failure.field)]
          room += Int(key.textBytes) + 64 * Int(key.outerCount + 1)
        }
      }
    }
    for view in hiddenViews {
      room += Int(tables.fields[Int(view.field)].hiddenKey.count) + 2
      if view.index >= 0 {
        let key = tables.elementKeys[Int(view.field)]
        room += Int(key.textBytes) + 24 * Int(key.outerCount + 1)
      }
    }
    return room
  }
}

/// What the kernel (`RecordEngine.run`) hands a record's outcome to.
///
/// A sink reads the engine's value slots, hidden views and failure fragments once the checks have run (and,
/// in a form with repeated groups, each element's values while they are in the slots). One writer per
/// surface, no rule in any: `LineSink` writes the NDJSON line (and HTTP body), `ResultSink` the library's
/// `ValidationResult`.
protocol RecordSink {
  /// Writes the outcome of the record in `line` (`count` bytes): valid when `failureCount` is 0, else the
  /// first `failureCount` of `engine.failures` (in a form with repeated groups, `engine.elementFailures`);
  /// `hiddenCount` views hidden (marked in `engine.hidden`; in a form with repeated groups, listed in
  /// `engine.hiddenViews`); the elements as `element` took them; `id` the start and end of the `id`
  /// member's value in the line (start -1 when it has none).
  mutating func write(
    _ engine: RecordEngine, line: UnsafePointer<UInt8>, count: Int, id: (start: Int, end: Int), failureCount: Int,
    hiddenCount: Int)

  /// Takes one element of group `group` (`info`), its values in the slots, while the record has no failure
  /// and the output has values; `first` when it is the group's first element taken, `inputBytes` its size
  /// in the line, `start` where its bytes go in `engine.elementOutput` when groups are nested in it (the
  /// arrays they wrote are there), else -1.
  mutating func element(
    _ engine: RecordEngine, _ info: UnsafePointer<PlanGroup>, group: Int, first: Bool, inputBytes: Int, at start: Int)

  /// Group `group`'s array starts empty: at the start of each of its runs (once in the record for a group at
  /// the root, once per enclosing element for a nested one), and again when it fails as too long.
  mutating func startGroup(_ engine: RecordEngine, group: Int)
}

extension RecordSink {
  /// A sink that writes into `engine.elementOutput` (or keeps no values) has nothing to start.
  mutating func startGroup(_ engine: RecordEngine, group: Int) {}
}

/// Writes a record's output line, `{"line":N,…}` and a line feed, after the bytes already in `output`.
struct LineSink: RecordSink {
  let number: Int
  let output: ByteBuffer

  @inline(__always)
  mutating func write(
    _ engine: RecordEngine, line: UnsafePointer<UInt8>, count: Int, id: (start: Int, end: Int), failureCount: Int,
    hiddenCount: Int
  ) {
    let tables = engine.tables
    guard tables.groupCount == 0 else {
      engine.writeGroupedLine(line, count: count, id: id, isValid: failureCount == 0, number: number, into: output)
      return
    }
    // Six bytes per input byte bound the values and failures; the `id` is at most the line once more.
    output.reserve(tables.fixedBytes + 7 * count)
    var cursor = OutputCursor(output.base + output.count)
    RecordKernel.writeHead(number, &cursor)
    if tables.hasID {
      RecordKernel.writeID(id.start < 0 ? nil : line + id.start, id.end - id.start, &cursor)
    }
    let hidden = hiddenCount > 0 ? engine.hidden : nil
    if failureCount == 0 {
      RecordKernel.writeValid(engine.values, hidden, tables, &cursor)
    } else {
      RecordKernel.writeInvalid(engine.failures, failureCount, tables, &cursor)
    }
    RecordKernel.writeEnd(hidden, tables, &cursor)
    output.count = cursor.at - output.base
  }

  @inline(__always)
  mutating func element(
    _ engine: RecordEngine, _ info: UnsafePointer<PlanGroup>, group: Int, first: Bool, inputBytes: Int, at start: Int
  ) {
    engine.writeElement(info, first: first, inputBytes: inputBytes, at: start)
  }
}

/// Makes a record's outcome the `ValidationResult` the library returns.
///
/// The failures are the values the plan rendered the fragments from (an element's at its concrete key); the
/// values are read from the slots by the output shape's keys; the hidden views' keys come last for a form
/// with `<visible_if>`. Values are copied out of the line, so the result outlives it.
struct ResultSink: RecordSink {
  private(set) var result: ValidationResult?
  /// The start and end of the `id` member's value in the line (start -1 when it has none).
  private(set) var id = (start: -1, end: -1)
  /// Each group's element values, as `element` took them.
  private var groupValues: [[FormValue]] = []

  /// A sink that makes its own arrays of group values.
  init() {}

  /// A sink for `engine`'s next record that borrows the engine's arrays of group values
  /// (`RecordEngine.resultGroupValues`) until `giveBack`, each emptied: a record then allocates no list of
  /// groups, and an array the last result no longer holds keeps its room for the next elements.
  @inline(__always)
  init(reusing engine: RecordEngine) {
    guard engine.tables.groupCount > 0 else { return }
    swap(&groupValues, &engine.resultGroupValues)
    // Only a group whose array `startGroup` empties again is read; the others must read as no element.
    for group in groupValues.indices where !groupValues[group].isEmpty {
      groupValues[group].removeAll(keepingCapacity: true)
    }
  }

  /// Lends the arrays of group values back to `engine` for its next record (see `init(reusing:)`).
  @inline(__always)
  mutating func giveBack(to engine: RecordEngine) {
    guard !groupValues.isEmpty else { return }
    swap(&groupValues, &engine.resultGroupValues)
  }

  mutating func write(
    _ engine: RecordEngine, line: UnsafePointer<UInt8>, count: Int, id: (start: Int, end: Int), failureCount: Int,
    hiddenCount: Int
  ) {
    self.id = id
    let plan = engine.plan
    let tables = engine.tables
    guard tables.groupCount == 0 else { return writeGrouped(engine, isValid: failureCount == 0) }
    var hiddenKeys: [String]?
    if tables.visibilityCount > 0 { hiddenKeys = hiddenCount > 0 ? Self.hiddenKeys(engine, count: hiddenCount) : [] }
    if failureCount > 0 {
      let failures = (0..<failureCount).map { index in
        plan.failureOfFragment[engine.failures[index].start].unsafelyUnwrapped
      }
      result = .invalid(failures: failures, hidden: hiddenKeys)
      return
    }
    result = .valid(values: objectValue(0, engine, hides: tables.visibilityCount > 0), hidden: hiddenKeys)
  }

  mutating func startGroup(_ engine: RecordEngine, group: Int) {
    if groupValues.isEmpty { groupValues = Array(repeating: [], count: engine.tables.groupCount) }
    groupValues[group].removeAll(keepingCapacity: true)
  }

  mutating func element(
    _ engine: RecordEngine, _ info: UnsafePointer<PlanGroup>, group: Int, first: Bool, inputBytes: Int, at start: Int
  ) {
    let tables = engine.tables
    if groupValues.isEmpty { groupValues = Array(repeating: [], count: tables.groupCount) }
    let hides = tables.visibilityCount > 0 || tables.oneField
    guard let field = info.pointee.scalarField else {
      groupValues[group].append(objectValue(Int(info.pointee.elementEntry), engine, hides: hides))
      return
    }
    guard tables.fields[field].persist, !(hides && engine.hidden[field]), tables.selects(field: field) else { return }
    groupValues[group].append(Self.value(engine.values[field]))
  }

  /// `write` of a record of a form with repeated groups: each failure and hidden view at its element's key.
  private mutating func writeGrouped(_ engine: RecordEngine, isValid: Bool) {
    let plan = engine.plan
    let tables = engine.tables
    var hiddenKeys: [String]?
    if tables.visibilityCount > 0 {
      engine.sortHiddenViews()
      hiddenKeys = engine.hiddenViews.map { view in
        Self.key(of: Int(view.field), at: Int(view.index), outer: view.outer, engine)
      }
    }
    guard isValid else {
      engine.sortElementFailures()
      let failures = engine.elementFailures.map { found in
        var failure = plan.failureOfFragment[found.fragment.start].unsafelyUnwrapped
        if found.index >= 0 {
          failure.key = Self.key(of: Int(found.field), at: Int(found.index), outer: found.outer, engine)
        }
        return failure
      }
      result = .invalid(failures: failures, hidden: hiddenKeys)
      return
    }
    let values = objectValue(0, engine, hides: tables.visibilityCount > 0 || tables.oneField)
    result = .valid(values: tables.flat ? values.flattened() : values, hidden: hiddenKeys)
  }

  /// The keys of the `count` hidden views of a form without repeated groups, in spec order; the same list
  /// for the same views is made once per engine (for a form with at most 64 views that have `<visible_if>`).
  private static func hiddenKeys(_ engine: RecordEngine, count: Int) -> [String] {
    let tables = engine.tables
    func made() -> [String] {
      var keys: [String] = []
      keys.reserveCapacity(count)
      for field in 0..<tables.fieldCount where engine.hidden[field] { keys.append(engine.tables.fields[field].key) }
      return keys
    }
    guard tables.visibilityCount <= 64 else { return made() }
    var views: UInt64 = 0
    for index in 0..<tables.visibilityCount where engine.hidden[Int(tables.visibilityOrder[index])] {
      views |= 1 << UInt64(index)
    }
    return engine.resultKeys.hiddenKeys(views, made: made)
  }

  /// The key of `elementKeys` entry `field` (a field's) at element `index` of its group (`items.3.sku`), the
  /// enclosing elements' indices at `outer` in `engine.outerIndices`; a field's own key for -1.
  private static func key(of field: Int, at index: Int, outer: Int32, _ engine: RecordEngine) -> String {
    guard index >= 0 else { return engine.tables.fields[field].key }
    // Without enclosing elements the key is the same text at every record: made once per engine.
    guard engine.tables.elementKeys[field].outerCount == 0 else { return madeKey(of: field, at: index, outer, engine) }
    return engine.resultKeys.elementKey(field, at: index) { madeKey(of: field, at: index, outer, engine) }
  }

  /// The key of `elementKeys` entry `field` at element `index`, made from the plan's pieces.
  private static func madeKey(of field: Int, at index: Int, _ outer: Int32, _ engine: RecordEngine) -> String {
    let key = engine.tables.elementKeys[field]
    // One string made from the bytes (the parts and the indices' digits), not pieces joined.
    let text = String(unsafeUninitializedCapacity: Int(key.textBytes) + 20 * Int(key.outerCount + 1)) { buffer in
      guard let base = buffer.baseAddress else { return 0 }
      var cursor = OutputCursor(base)
      engine.writeConcrete(key, path: false, index, outer: outer, &cursor)
      return cursor.at - base
    }
    // Escaped pieces (a key with `"`, `\` or a control character) are read back as the JSON string they are.
    guard key.isEscaped else { return text }
    guard case .string(let unescaped)? = JSONReader.read(SourceFile(name: "", text: "\"\(text)\"")).value?.kind
    else { return text }
    return unescaped
  }

  /// The object of `OutputTree.entries` entry `entry` without the hidden fields, each group's member the array of
  /// its elements taken; with `hides` (a form with `<visible_if>`), a member object left with no member is
  /// left out, as `ValidationPlan.values` does.
  private func objectValue(_ entry: Int, _ engine: RecordEngine, hides: Bool) -> FormValue {
    let tables = engine.tables
    let keys = tables.outputKeys
    let object = tables.outputEntries[entry]
    var members: [(key: String, value: FormValue)] = []
    members.reserveCapacity(Int(object.childCount))
    for child in Int(object.firstChild)..<Int(object.firstChild + object.childCount) {
      let member = tables.outputEntries[child]
      if member.field >= 0 {
        if hides && engine.hidden[Int(member.field)] || !tables.selects(field: Int(member.field)) { continue }
        members.append((keys[child], Self.value(engine.values[Int(member.field)])))
      } else if member.group >= 0 {
        let group = Int(member.group)
        guard tables.reaches(group: group) else { continue }
        members.append((keys[child], .array(group < groupValues.count ? groupValues[group] : [])))
      } else {
        let nested = objectValue(child, engine, hides: hides)
        if hides, case .object(let inner) = nested, inner.isEmpty { continue }
        members.append((keys[child], nested))
      }
    }
    return .object(members)
  }

  /// A field's value as `FieldValue.formValue` has it; a missing value as `""`.
  private static func value(_ value: CoercedValue) -> FormValue {
    value.state == .present ? value.formValue : .string("")
  }
}

extension CoercedValue {
  /// A present value as `FieldValue.formValue` has it: what the output holds and registered validators see.
  var formValue: FormValue {
    switch kind {
    case .number: return .number(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    case .bool: return .bool(intValue == 1)
    case .text: return .string(String(decoding: UnsafeBufferPointer(start: bytes, count: count), as: UTF8.self))
    }
  }
}

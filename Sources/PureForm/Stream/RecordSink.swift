/// What the kernel (`RecordEngine.runFlat`) hands a record's outcome to.
///
/// A sink reads the engine's value slots, hidden views and failure fragments once the checks have run.
/// One writer per surface, no rule in any: `LineSink` writes the NDJSON line (and HTTP body), `ResultSink`
/// the library's `ValidationResult`.
protocol RecordSink {
  /// Writes the outcome of the record in `line` (`count` bytes): valid when `failureCount` is 0, else the
  /// first `failureCount` of `engine.failures`; `hiddenCount` views hidden (marked in `engine.hidden`);
  /// `id` the start and end of the `id` member's value in the line (start -1 when it has none).
  mutating func write(
    _ engine: RecordEngine, line: UnsafePointer<UInt8>, count: Int, id: (start: Int, end: Int), failureCount: Int,
    hiddenCount: Int)
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
    // Six bytes per input byte bound the values and failures; the `id` is at most the line once more.
    output.reserve(tables.fixedBytes + 7 * count)
    var cursor = OutputCursor(output.base + output.count)
    FastRecord.writeHead(number, &cursor)
    if tables.hasID {
      FastRecord.writeID(id.start < 0 ? nil : line + id.start, id.end - id.start, &cursor)
    }
    let hidden = hiddenCount > 0 ? engine.hidden : nil
    if failureCount == 0 {
      FastRecord.writeValid(engine.values, hidden, tables, &cursor)
    } else {
      FastRecord.writeInvalid(engine.failures, failureCount, tables, &cursor)
    }
    FastRecord.writeEnd(hidden, tables, &cursor)
    output.count = cursor.at - output.base
  }
}

/// Makes a record's outcome the `ValidationResult` the library returns.
///
/// The failures are the values the plan rendered the fragments from; the values are read from the slots by
/// the output shape's keys; the hidden views' keys come last for a form with `<visible_if>`. Values are
/// copied out of the line, so the result outlives it.
struct ResultSink: RecordSink {
  private(set) var result: ValidationResult?

  mutating func write(
    _ engine: RecordEngine, line: UnsafePointer<UInt8>, count: Int, id: (start: Int, end: Int), failureCount: Int,
    hiddenCount: Int
  ) {
    let plan = engine.plan
    let tables = engine.tables
    var hiddenKeys: [String]?
    if tables.visibilityCount > 0 {
      hiddenKeys = (0..<tables.fieldCount).filter { engine.hidden[$0] }.map { plan.validation.fields[$0].key }
    }
    if failureCount > 0 {
      let failures = (0..<failureCount).map { index in
        plan.failureOfFragment[engine.failures[index].start].unsafelyUnwrapped
      }
      result = .invalid(failures: failures, hidden: hiddenKeys)
      return
    }
    let values = Self.objectValue(0, engine, hides: tables.visibilityCount > 0)
    result = .valid(values: values, hidden: hiddenKeys)
  }

  /// The object of `OutputShape` entry `entry` without the hidden fields; with `hides` (a form with
  /// `<visible_if>`), a member object left with no member is left out, as `ValidationPlan.values` does.
  private static func objectValue(_ entry: Int, _ engine: RecordEngine, hides: Bool) -> FormValue {
    let tables = engine.tables
    let object = tables.outputEntries[entry]
    var members: [(key: String, value: FormValue)] = []
    members.reserveCapacity(Int(object.childCount))
    for child in Int(object.firstChild)..<Int(object.firstChild + object.childCount) {
      let member = tables.outputEntries[child]
      let key = engine.plan.outputKeys[child]
      if member.field >= 0 {
        if hides && engine.hidden[Int(member.field)] { continue }
        members.append((key, value(engine.values[Int(member.field)])))
      } else {
        let nested = objectValue(child, engine, hides: hides)
        if hides, case .object(let inner) = nested, inner.isEmpty { continue }
        members.append((key, nested))
      }
    }
    return .object(members)
  }

  /// A field's value as `FieldValue.formValue` has it; a missing value as `""`.
  private static func value(_ value: LiveValue) -> FormValue {
    guard value.state == .present else { return .string("") }
    let text = String(decoding: UnsafeBufferPointer(start: value.bytes, count: value.count), as: UTF8.self)
    switch value.kind {
    case .number: return .number(text)
    case .bool: return .bool(value.intValue == 1)
    case .text: return .string(text)
    }
  }
}

import Foundation

/// The rule kernel on one record, of any form: scan, coerce, hide, check the record's own fields, then each
/// repeated group's elements (none in a form without groups), and hand the outcome to a sink that writes it
/// (the NDJSON line's bytes, or the library's `ValidationResult`).
extension RecordEngine {
  /// The kernel on the record in `line`: `read`, then `judge`.
  ///
  /// Nil (nothing written) when the line holds no record, or flat keys the scanner does not read
  /// (`handsBackFlatKeys`). Generic so that each sink gets its own specialised copy.
  @inline(__always)
  func run<Sink: RecordSink>(_ line: UnsafePointer<UInt8>, _ count: Int, into sink: inout Sink) -> RecordVerdict? {
    guard let id = read(line, count) else { return nil }
    return judge(line, count, id: id, selection: nil, into: &sink)
  }

  /// Reads the record in `line` into the value slots: scanned, each of its own fields' values coerced to
  /// its type (its `<value>` when absent; a group's fields are missing until an element is read),
  /// transformed; returns where the `id` member's value is, or nil when the line holds no record the
  /// scanner reads.
  @inline(__always)
  func read(_ line: UnsafePointer<UInt8>, _ count: Int) -> (start: Int, end: Int)? {
    let tables = self.tables
    var scanner = scanner(for: line, count)
    let scanned = scanner.scan()
    dottedInUse = scanner.usesDotted
    guard scanned else {
      if scanner.namesFlatKeysElsewhere { handsBackFlatKeys = true }
      return nil
    }
    var decoded = arena
    for field in 0..<tables.fieldCount {
      if tables.groupCount > 0 && tables.fields[field].group != nil {
        values[field] = CoercedValue(bytes: line)
        values[field].state = .missing
        continue
      }
      RecordKernel.coerce(
        slot(of: field), tables.fields + field, line: line, decoded: &decoded, tables, into: values + field)
    }
    decodedEnd = decoded
    if tables.hasTransformers { transform(line) }
    if tables.groupCount > 0 { flatMembers = scanner.sawFlatKey ? scanner.flatMembers() : [] }
    return (scanner.idStart, scanner.idEnd)
  }

  /// The member value field `field` was read from in the last record: a dotted top-level key's when there was
  /// one, else the nested objects' (absent when neither).
  @inline(__always)
  func slot(of field: Int) -> UnsafeMutablePointer<ValueSlot> {
    dottedInUse && dotted[field].kind != .absent ? dotted + field : nested + field
  }

  /// Judges the record `read` read: hides the views whose `<visible_if>` does not hold, runs the checks of
  /// the record's own fields (in a form without groups, only those `selection` marks when given: an edit
  /// checks only what changed and what reads it), validates each group's elements, and has `sink` write
  /// the outcome; nil (nothing written) when the engine has no regex scratch, or a group's flat keys are
  /// handed back.
  @inline(__always)
  func judge<Sink: RecordSink>(
    _ line: UnsafePointer<UInt8>, _ count: Int, id: (start: Int, end: Int), selection: UnsafePointer<Bool>?,
    into sink: inout Sink
  ) -> RecordVerdict? {
    let tables = self.tables
    let grouped = tables.groupCount > 0
    if grouped { startGroupedRecord() }
    var hiddenCount = tables.visibilityCount > 0 ? hide(group: -1, index: -1) : 0
    let checked = grouped ? checkRecordFields() : selection.map { check(tables, selection: $0) } ?? check(tables)
    guard var failureCount = checked else { return nil }
    if reportsConditions { reportConditions(group: -1) }
    if grouped {
      guard validateGroups(line, count, into: &sink) else { return nil }
      failureCount = elementFailures.count
      hiddenCount = hiddenViews.count
    }
    self.failureCount = failureCount
    sink.write(self, line: line, count: count, id: id, failureCount: failureCount, hiddenCount: hiddenCount)
    return failureCount == 0 ? .valid : .invalid
  }

  /// Makes the engine ready for a record of `count` bytes (decoding room, no member read yet) and returns
  /// the scanner of its line.
  @inline(__always)
  func scanner(for line: UnsafePointer<UInt8>, _ count: Int) -> RecordScanner {
    if 2 * count > arenaCapacity { reserveArena(2 * count) }
    nested.update(repeating: .absent, count: tables.slotCount)
    if dottedInUse {
      dotted.update(repeating: .absent, count: tables.slotCount)
      dottedInUse = false
    }
    return scanner(over: line, count)
  }

  /// A scanner of the record in `line` into the value slots as they are (a group's elements are read into
  /// the slots the record's own members left).
  @inline(__always)
  func scanner(over line: UnsafePointer<UInt8>, _ count: Int) -> RecordScanner {
    RecordScanner(
      base: line, count: count, tables: tables, nested: nested, dotted: dotted, keyScratch: arena + count, stack: stack)
  }

  /// Hides the fields of `group` (-1: the record's own) whose `<visible_if>` does not hold; returns their number.
  ///
  /// In dependency order, each hidden field's value is made missing for every condition and check after it;
  /// in a form with groups, the hidden views are recorded at element `index` (`hiddenViews`).
  @inline(__always)
  @discardableResult
  func hide(group: Int, index: Int) -> Int {
    let tables = self.tables
    var count = 0
    for position in 0..<tables.visibilityCount {
      let field = Int(tables.visibilityOrder[position])
      guard tables.fields[field].groupNumber == group else { continue }
      let shown = RecordKernel.holds(tables.fields[field].visibleIf ?? -1, values, tables)
      hidden[field] = !shown
      if !shown {
        values[field].state = .missing
        count &+= 1
        if tables.groupCount > 0 { hiddenViews.append(HiddenView(field: Int32(field), index: Int32(index))) }
      }
    }
    return count
  }

  /// Runs the checks the options select on the fields of a form without groups and collects the failures'
  /// fragments; returns their number, or nil when a pattern is to be matched without a regex scratch
  /// (memory ran out when the engine was made).
  @inline(__always)
  private func check(_ tables: PlanTables) -> Int? {
    var failureCount = 0
    for field in tables.firstField..<tables.endField {
      failureCount = checkField(field, tables, into: failures, at: failureCount)
      if failureCount < 0 { return nil }
    }
    return failureCount
  }

  /// `check` of the fields `selection` marks only: an edit's, the fields that changed and those that read them.
  ///
  /// Its own loop, out of line, so that a whole record's checks pay nothing for it.
  @inline(never)
  private func check(_ tables: PlanTables, selection: UnsafePointer<Bool>) -> Int? {
    var failureCount = 0
    for field in tables.firstField..<tables.endField where selection[field] {
      failureCount = checkField(field, tables, into: failures, at: failureCount)
      if failureCount < 0 { return nil }
    }
    return failureCount
  }

  /// Runs the checks the options select on field `field` (none when it is hidden) and writes the failures'
  /// fragments into `failures` from `start`; returns the count after them, or -1 without a regex scratch.
  @inline(__always)
  func checkField(
    _ field: Int, _ tables: PlanTables, into failures: UnsafeMutablePointer<PoolSpan>, at start: Int
  ) -> Int {
    var failureCount = start
    if tables.visibilityCount > 0 && hidden[field] { return failureCount }
    let values = self.values
    let info = tables.fields + field
    let value = values[field]
    if value.state == .mismatch {
      failures[failureCount] = info.pointee.mismatchFragment
      return failureCount &+ 1
    }
    if let pad = info.pointee.keyboard, value.state == .present, value.fromString,
      !RecordKernel.padAccepts(pad, value, tables)
    {
      failures[failureCount] = info.pointee.keyboardFragment
      failureCount &+= 1
      if !tables.allFailures { return failureCount }
    }
    if let requiredIf = info.pointee.requiredIf, !tables.liveOnly, value.state == .missing,
      RecordKernel.holds(requiredIf, values, tables)
    {
      failures[failureCount] = info.pointee.requiredIfFragment
      failureCount &+= 1
      if !tables.allFailures { return failureCount }
    }
    let checkStart = info.pointee.checkStart
    for checkNumber in checkStart..<(checkStart + info.pointee.checkCount) {
      let check = tables.checks + checkNumber
      guard check.pointee.isLive || !tables.liveOnly else { continue }
      let passes: Bool
      switch tables.verdict(check.pointee.parityRow, value.state, value.kind) {
      case .passes: passes = true
      case .fails: passes = false
      case .compares:
        switch check.pointee.parityRow {
        case .equalField:
          let neighbour = values[check.pointee.number]
          passes = neighbour.state == .present && RecordKernel.same(value, neighbour, tables)
        case .pattern:
          guard let regex else { return -1 }
          let code = tables.codes[check.pointee.regex]
          let result =
            check.pointee.isJIT
            ? regex.matchJIT(code: code, value.bytes, value.count)
            : regex.match(code: code, value.bytes, value.count)
          if result < 0 && result != RegexScratch.noMatch {
            // The match gave up: the check fails with the reason that says why, rendered ahead.
            failures[failureCount] = RecordKernel.gaveUpFragment(result, regex: check.pointee.regex, tables)
            failureCount &+= 1
            if !tables.allFailures { return failureCount }
            continue
          }
          passes = result >= 0
        case .registered, .format, .inList, .notInList, .notBefore, .notAfter:
          passes = PlanCheck.passesTypedRule(check, value, values, lists: plan.valueLists)
        default:
          passes = RecordKernel.passes(check, checkNumber, value, tables)
        }
      }
      if !passes {
        failures[failureCount] = check.pointee.fragment
        failureCount &+= 1
        if !tables.allFailures { break }
      }
    }
    return failureCount
  }
}

/// The pieces of the kernel that need no engine state.
enum RecordKernel {
  /// The failure of pattern `regex` whose match gave up with PCRE2 error `code`, rendered ahead
  /// (`RegexScratch.gaveUpCode`: a code not listed is reported as PCRE2's internal error).
  ///
  /// Out of line: a match rarely gives up, and `checkField`, inlined in every runner, stays small.
  @inline(never)
  static func gaveUpFragment(_ code: Int32, regex: Int, _ tables: PlanTables) -> PoolSpan {
    let why = RegexScratch.gaveUpCodes.firstIndex(of: RegexScratch.gaveUpCode(code)) ?? 0
    return tables.gaveUpFragments[regex &* RegexScratch.gaveUpCodes.count &+ why]
  }

  // MARK: Coercion (`Coercion`)

  /// Writes into `target` the value of a field of `info`'s type for the member value `slot`; escaped strings
  /// are decoded at `decoded`, which moves past them.
  @inline(__always)
  static func coerce(
    _ slot: UnsafePointer<ValueSlot>, _ info: UnsafePointer<PlanField>, line: UnsafePointer<UInt8>,
    decoded: inout UnsafeMutablePointer<UInt8>, _ tables: PlanTables, into target: UnsafeMutablePointer<CoercedValue>
  ) {
    let type = info.pointee.type
    var value = CoercedValue(bytes: line)
    switch slot.pointee.kind {
    case .absent:
      value = tables.initials[info - tables.fields]
    case .null:
      value.state = .missing
    case .asciiString, .string, .escapedString:
      value.fromString = true
      let start = slot.pointee.start
      let end = slot.pointee.end
      if slot.pointee.kind != .escapedString {
        value.bytes = line + start
        value.count = end &- start
        value.isASCII = slot.pointee.kind == .asciiString
      } else {
        value.count = JSONStringBody.decode(
          UnsafeBufferPointer(start: line + start, count: end &- start), into: decoded)
        value.bytes = UnsafePointer(decoded)
        value.needsEscaping = true
        decoded += value.count
      }
      switch Coercion(value.count == 0 ? .emptyString : .string, to: type) {
      case .missing: value.state = .missing
      case .text: value.state = .present
      case .boolString: boolText(&value, tables)
      case .number(let integral): readNumber(&value, integral: integral)
      case .bool, .mismatch: break
      }
    case .number:
      value.bytes = line + slot.pointee.start
      value.count = slot.pointee.end &- slot.pointee.start
      value.isASCII = true
      if case .number(let integral) = Coercion(.number, to: type) { readNumber(&value, integral: integral) }
    case .trueLiteral, .falseLiteral:
      if Coercion(.bool, to: type) == .bool { setBool(&value, slot.pointee.kind == .trueLiteral, tables) }
    case .container:
      break
    }
    target.pointee = value
  }

  /// `state`, a value coerced by `FieldState(coercing:to:)`, as the kernel holds it, its text (`state.value?.text`,
  /// `count` bytes) at `text`: a field's `<value>` or a condition's target (in the pool, when the plan is
  /// built), or a transformed value (in the transform room, for each record).
  static func value(
    of state: FieldState, text: UnsafePointer<UInt8>, count: Int, _ tables: PlanTables
  ) -> CoercedValue {
    var value = CoercedValue(bytes: text)
    switch state {
    case .missing: value.state = .missing
    case .mismatch: break
    case .present(let present, let fromString):
      value.count = count
      switch present {
      case .text:
        value.state = .present
        value.kind = .text
        value.needsEscaping = true
        value.isASCII = UnsafeBufferPointer(start: text, count: count).allSatisfy { $0 < 0x80 }
      case .number: readNumber(&value, integral: false)
      case .bool(let flag): setBool(&value, flag, tables)
      }
      value.fromString = fromString
    }
    return value
  }

  /// A number field's value for number text.
  ///
  /// Present when the text is a number (integral for `integer`), with its `Int` value when it is a plain
  /// integer of at most 18 digits. The text is read once, by `JSONNumberGrammar`, as `ExactDecimal`'s
  /// `ExactDecimal` reads it.
  @inline(__always)
  static func readNumber(_ value: inout CoercedValue, integral: Bool) {
    let text = UnsafeBufferPointer(start: value.bytes, count: value.count)
    guard let parts = JSONNumberGrammar.wholeNumber(text) else {
      value.state = .mismatch
      return
    }
    if let plain = parts.plainInteger {
      value.isInt = true
      value.intValue = plain
    } else if integral, !DecimalView(parts, in: text).isInteger {
      value.state = .mismatch
      return
    }
    value.state = .present
    value.kind = .number
    value.needsEscaping = false
  }

  /// A bool field's value for a string: one of `FieldState.boolStrings`, exactly, or a mismatch.
  static func boolText(_ value: inout CoercedValue, _ tables: PlanTables) {
    for index in 0..<tables.boolStringCount {
      let entry = tables.boolStrings[index]
      if Int(entry.text.count) == value.count, RecordScanner.equal(value.bytes, tables.bytes(entry.text), value.count) {
        setBool(&value, entry.value, tables)
        return
      }
    }
    value.state = .mismatch
  }

  /// Makes `value` the bool `flag`, its text `true` or `false`, its number 1 or 0.
  @inline(__always)
  static func setBool(_ value: inout CoercedValue, _ flag: Bool, _ tables: PlanTables) {
    let span = flag ? tables.trueText : tables.falseText
    value.state = .present
    value.kind = .bool
    value.needsEscaping = false
    value.isASCII = true
    value.isInt = true
    value.intValue = flag ? 1 : 0
    value.bytes = tables.bytes(span)
    value.count = Int(span.count)
  }

  /// The value as a decimal where numbers are compared: a number's or number text's value, a bool as 1
  /// or 0; nil for text that is not number text.
  @inline(__always)
  static func decimal(_ value: CoercedValue, _ tables: PlanTables) -> DecimalView? {
    guard value.kind == .bool else { return DecimalView(value.bytes, count: value.count) }
    let span = value.intValue == 1 ? tables.oneText : tables.zeroText
    return DecimalView(tables.bytes(span), count: Int(span.count))
  }

  // MARK: Checks (`ValidationPlan.failureReason`)

  /// Whether `value` passes a check that `ParityTable` says compares, other than equal-field and pattern:
  /// lengths (a missing value has length 0), `equal`, and the value range.
  @inline(__always)
  static func passes(
    _ check: UnsafePointer<PlanCheck>, _ checkNumber: Int, _ value: CoercedValue, _ tables: PlanTables
  ) -> Bool {
    switch check.pointee.parityRow {
    case .equal:
      guard let targetKind = check.pointee.targetKind else { return false }
      if targetKind == .text {
        let target = check.pointee.target
        return same(value, CoercedValue(text: tables.bytes(target), count: Int(target.count)), tables)
      }
      guard value.kind != .text else { return false }
      if value.isInt, let target = check.pointee.targetInt { return value.intValue == target }
      guard let target = tables.decimals[checkNumber], let number = decimal(value, tables) else { return false }
      return DecimalView.equal(number, target)
    case .equalLength: return length(value) == check.pointee.number
    case .minLength: return length(value) >= check.pointee.number
    case .maxLength: return length(value) <= check.pointee.number
    case .minValue, .maxValue:
      let isMinimum = check.pointee.parityRow == .minValue
      if value.isInt, let limit = check.pointee.targetInt {
        return isMinimum ? value.intValue >= limit : value.intValue <= limit
      }
      guard let limit = tables.decimals[checkNumber], let number = decimal(value, tables) else { return false }
      return isMinimum ? !DecimalView.less(number, limit) : !DecimalView.less(limit, number)
    case .required, .equalField, .pattern, .registered, .format, .inList, .notInList, .notBefore, .notAfter:
      return true
    }
  }

  /// PureForm's `isEqual:` on two present values: texts by their bytes (the same UTF-16 code units), numbers
  /// and bools by value (a bool as 1 or 0); a text never equals a number or a bool.
  @inline(__always)
  static func same(_ lhs: CoercedValue, _ rhs: CoercedValue, _ tables: PlanTables) -> Bool {
    switch (lhs.kind == .text, rhs.kind == .text) {
    case (true, true):
      return lhs.count == rhs.count && RecordScanner.equal(lhs.bytes, rhs.bytes, lhs.count)
    case (false, false):
      if lhs.isInt && rhs.isInt { return lhs.intValue == rhs.intValue }
      guard let leftNumber = decimal(lhs, tables), let rightNumber = decimal(rhs, tables) else { return false }
      return DecimalView.equal(leftNumber, rightNumber)
    default:
      return false
    }
  }

  /// The length a length rule compares: a missing value's is 0, a text's its UTF-16 length.
  @inline(__always)
  static func length(_ value: CoercedValue) -> Int {
    value.state == .present ? utf16Count(value) : 0
  }

  /// The length of the value's text in UTF-16 code units: one per scalar, two above U+FFFF.
  @inline(__always)
  static func utf16Count(_ value: CoercedValue) -> Int {
    if value.isASCII { return value.count }
    var units = 0
    for index in 0..<value.count {
      let byte = value.bytes[index]
      units &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
    }
    return units
  }

  /// Whether the keyboard pad `pad` can type every byte of the value (`KeyboardPad.accepts`, through
  /// the plan's table).
  static func padAccepts(_ pad: KeyboardPad, _ value: CoercedValue, _ tables: PlanTables) -> Bool {
    for index in 0..<value.count where !tables.pad(pad, accepts: value.bytes[index]) { return false }
    return true
  }

  // MARK: Output (`ValidationResult.jsonText` with the line member first)

  /// Writes `{"line":N,`.
  @inline(__always)
  static func writeHead(_ number: Int, _ cursor: inout OutputCursor) {
    cursor.write(#"{"line":"#)
    cursor.writeDecimal(number)
    cursor.write(UInt8(ascii: ","))
  }

  /// Writes `"id":` and the member's bytes as sent (or `null` when `bytes` is nil), then a comma.
  @inline(__always)
  static func writeID(_ bytes: UnsafePointer<UInt8>?, _ count: Int, _ cursor: inout OutputCursor) {
    cursor.write(#""id":"#)
    if let bytes {
      cursor.write(bytes, count)
    } else {
      cursor.write("null")
    }
    cursor.write(UInt8(ascii: ","))
  }

  /// Writes `"valid":true,"values":{…}` (or `"valid":true` without values); `hidden`, when views are
  /// hidden, marks the fields to leave out.
  @inline(__always)
  static func writeValid(
    _ values: UnsafeMutablePointer<CoercedValue>, _ hidden: UnsafeMutablePointer<Bool>?, _ tables: PlanTables,
    _ cursor: inout OutputCursor
  ) {
    guard tables.includesValues else {
      cursor.write("\"valid\":true")
      return
    }
    cursor.write(#""valid":true,"values":"#)
    if let hidden {
      _ = writeObject(0, values, hidden, tables, &cursor)
      return
    }
    for index in 0..<tables.templateCount {
      let piece = tables.template[index]
      if piece.field >= 0 {
        writeValue(values[Int(piece.field)], &cursor)
      } else {
        cursor.write(tables.bytes(piece.bytes), Int(piece.bytes.count))
      }
    }
  }

  /// Writes the object of `OutputTree.entries` entry `entry` without the hidden fields, leaving out a member
  /// object none of whose fields is shown (as `ValidationPlan.values` does); returns whether it wrote a member.
  static func writeObject(
    _ entry: Int, _ values: UnsafeMutablePointer<CoercedValue>, _ hidden: UnsafeMutablePointer<Bool>,
    _ tables: PlanTables, _ cursor: inout OutputCursor
  ) -> Bool {
    let object = tables.outputEntries[entry]
    var wrote = false
    cursor.write(UInt8(ascii: "{"))
    for child in Int(object.firstChild)..<Int(object.firstChild + object.childCount) {
      let member = tables.outputEntries[child]
      if member.field >= 0 && hidden[Int(member.field)] { continue }
      let start = cursor.at
      if wrote { cursor.write(UInt8(ascii: ",")) }
      cursor.write(tables.bytes(member.name), Int(member.name.count))
      if member.field >= 0 {
        writeValue(values[Int(member.field)], &cursor)
      } else if !writeObject(child, values, hidden, tables, &cursor) {
        cursor.at = start
        continue
      }
      wrote = true
    }
    cursor.write(UInt8(ascii: "}"))
    return wrote
  }

  /// Writes a field's value as `FormValue.outputJSON` renders it; a missing value as `""`.
  @inline(__always)
  static func writeValue(_ value: CoercedValue, _ cursor: inout OutputCursor) {
    guard value.state == .present else {
      cursor.write(#""""#)
      return
    }
    switch value.kind {
    case .number, .bool:
      cursor.write(value.bytes, value.count)
    case .text:
      cursor.write(UInt8(ascii: "\""))
      if value.needsEscaping {
        cursor.writeEscaped(value.bytes, value.count)
      } else {
        cursor.write(value.bytes, value.count)
      }
      cursor.write(UInt8(ascii: "\""))
    }
  }

  /// Ends the line: `,"hidden":[…]` for a form with `<visible_if>` (the keys `hidden` marks, none when it is
  /// nil), then `}` and a line feed.
  @inline(__always)
  static func writeEnd(_ hidden: UnsafeMutablePointer<Bool>?, _ tables: PlanTables, _ cursor: inout OutputCursor) {
    if tables.visibilityCount > 0 {
      cursor.write(#","hidden":["#)
      if let hidden {
        var first = true
        for field in 0..<tables.fieldCount where hidden[field] {
          if !first { cursor.write(UInt8(ascii: ",")) }
          first = false
          let key = tables.fields[field].hiddenKey
          cursor.write(tables.bytes(key), Int(key.count))
        }
      }
      cursor.write(UInt8(ascii: "]"))
    }
    cursor.write("}\n")
  }

  /// Writes `"valid":false,"failures":[…]`.
  @inline(__always)
  static func writeInvalid(
    _ failures: UnsafeMutablePointer<PoolSpan>, _ failureCount: Int, _ tables: PlanTables,
    _ cursor: inout OutputCursor
  ) {
    cursor.write(#""valid":false,"failures":["#)
    for index in 0..<failureCount {
      if index > 0 { cursor.write(UInt8(ascii: ",")) }
      let fragment = failures[index]
      cursor.write(tables.bytes(fragment), Int(fragment.count))
    }
    cursor.write(UInt8(ascii: "]"))
  }
}

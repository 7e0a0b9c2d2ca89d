import Foundation

/// The fast path of one record: scan, coerce, check and write, mirroring `ValidationPlan.run` and the
/// result's `jsonText` rule for rule on raw bytes.
extension RecordEngine {
  /// Validates one record and appends its line, or returns nil (writing nothing) when the exact path must
  /// take it: the scanner did not handle the line, or a pattern gave up.
  func validateFast(
    _ line: UnsafePointer<UInt8>, _ count: Int, _ number: Int, _ output: ByteBuffer
  ) -> RecordVerdict? {
    let tables = self.tables
    if 2 * count > arenaCapacity { reserveArena(2 * count) }
    let arena = self.arena
    let values = self.values
    let nested = self.nested
    let dotted = self.dotted
    nested.update(repeating: .absent, count: tables.fieldCount)
    if dottedInUse {
      dotted.update(repeating: .absent, count: tables.fieldCount)
      dottedInUse = false
    }
    var scanner = RecordScanner(
      base: line, count: count, tables: tables, nested: nested, dotted: dotted, keyScratch: arena + count,
      stack: stack)
    let scanned = scanner.scan()
    dottedInUse = scanner.usesDotted
    guard scanned else { return nil }
    var decoded = arena
    for field in 0..<tables.fieldCount {
      let slot = dottedInUse && dotted[field].kind != .absent ? dotted + field : nested + field
      FastRecord.coerce(slot, tables.fields + field, line: line, decoded: &decoded, tables, into: values + field)
    }
    guard let failureCount = check(tables) else { return nil }
    output.reserve(tables.fixedBytes + 6 * count)
    var cursor = OutputCursor(output.base + output.count)
    if failureCount == 0 {
      FastRecord.writeValid(number, values, tables, &cursor)
    } else {
      FastRecord.writeInvalid(number, failures, failureCount, tables, &cursor)
    }
    output.count = cursor.at - output.base
    return failureCount == 0 ? .valid : .invalid
  }

  /// Runs the checks the options select and collects the failures' fragments; returns their number, or nil
  /// when a pattern gave up (its reason names the limit, which the exact path writes).
  @inline(__always)
  private func check(_ tables: PlanTables) -> Int? {
    let values = self.values
    let failures = self.failures
    let scratch = self.scratch
    var failureCount = 0
    for field in tables.firstField..<tables.endField {
      let info = tables.fields + field
      let value = values[field]
      if value.state == .mismatch {
        failures[failureCount] = info.pointee.mismatchFragment
        failureCount &+= 1
        continue
      }
      if info.pointee.pad != 0, value.state == .present, value.fromString,
        !FastRecord.padAccepts(info.pointee.pad, value)
      {
        failures[failureCount] = info.pointee.keyboardFragment
        failureCount &+= 1
        if !tables.allFailures { continue }
      }
      let checkStart = info.pointee.checkStart
      for checkNumber in checkStart..<(checkStart + info.pointee.checkCount) {
        let check = tables.checks + checkNumber
        guard check.pointee.isLive || !tables.liveOnly else { continue }
        let passes: Bool
        switch check.pointee.rule {
        case .required:
          passes = value.state == .present
        case .equalField:
          passes = FastRecord.same(value, values[check.pointee.number])
        case .pattern:
          guard value.state == .present else { continue }
          guard let scratch else { return nil }
          let code = tables.codes[check.pointee.regex]
          let result =
            check.pointee.isJIT
            ? scratch.matchJIT(code: code, value.bytes, value.count)
            : scratch.match(code: code, value.bytes, value.count)
          if result < 0 && result != RegexScratch.noMatch { return nil }
          passes = result >= 0
        default:
          guard value.state == .present else { continue }
          passes = FastRecord.passes(check, checkNumber, value, tables)
        }
        if !passes {
          failures[failureCount] = check.pointee.fragment
          failureCount &+= 1
          if !tables.allFailures { break }
        }
      }
    }
    return failureCount
  }
}

/// The pieces of the fast path that need no engine state.
enum FastRecord {
  // MARK: Coercion (`FieldState.init(coercing:to:)`)

  /// Writes into `target` the value of a field of `info`'s type for the member value `slot`; escaped strings
  /// are decoded at `decoded`, which moves past them.
  @inline(__always)
  static func coerce(
    _ slot: UnsafePointer<ValueSlot>, _ info: UnsafePointer<PlanField>, line: UnsafePointer<UInt8>,
    decoded: inout UnsafeMutablePointer<UInt8>, _ tables: PlanTables, into target: UnsafeMutablePointer<LiveValue>
  ) {
    let type = info.pointee.type
    var value = LiveValue(bytes: line)
    switch slot.pointee.kind {
    case .absent:
      let initial = info.pointee.initial
      value.state = initial.state
      value.kind = initial.kind
      value.fromString = initial.fromString
      value.needsEscaping = true
      value.bytes = tables.bytes(initial.bytes)
      value.count = Int(initial.bytes.count)
      if initial.kind == .number { readNumber(&value, integral: false) }
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
        value.count = RecordScanner.decode(from: line + start, count: end &- start, into: decoded)
        value.bytes = UnsafePointer(decoded)
        value.needsEscaping = true
        decoded += value.count
      }
      if value.count == 0 {
        value.state = .missing
      } else if type == PlanField.text || type == PlanField.image {
        value.state = .present
      } else if type == PlanField.bool {
        boolText(&value, tables)
      } else {
        readNumber(&value, integral: type == PlanField.integer)
      }
    case .number:
      value.bytes = line + slot.pointee.start
      value.count = slot.pointee.end &- slot.pointee.start
      value.isASCII = true
      if type == PlanField.number || type == PlanField.integer {
        readNumber(&value, integral: type == PlanField.integer)
      }
    case .trueLiteral, .falseLiteral:
      if type == PlanField.bool { setBool(&value, slot.pointee.kind == .trueLiteral, tables) }
    case .container:
      break
    }
    target.pointee = value
  }

  /// A number field's value for number text: present when the text is a number (integral for `integer`),
  /// with its `Int` value when it is a plain integer of at most 18 digits.
  @inline(__always)
  static func readNumber(_ value: inout LiveValue, integral: Bool) {
    if let plain = plainInteger(value.bytes, value.count) {
      value.state = .present
      value.kind = .number
      value.needsEscaping = false
      value.isInt = true
      value.intValue = plain
      return
    }
    guard let number = DecimalView(value.bytes, count: value.count), !integral || number.isInteger else {
      value.state = .mismatch
      return
    }
    value.state = .present
    value.kind = .number
    value.needsEscaping = false
  }

  /// The value of RFC 8259 integer text of 1 to 18 digits (`-0` is 0), or nil for any other text.
  @inline(__always)
  static func plainInteger(_ text: UnsafePointer<UInt8>, _ count: Int) -> Int? {
    var index = 0
    var negative = false
    if count > 0, text[0] == UInt8(ascii: "-") {
      negative = true
      index = 1
    }
    let digits = count - index
    guard digits >= 1, digits <= 18, digits == 1 || text[index] != UInt8(ascii: "0") else { return nil }
    var result = 0
    while index < count {
      let digit = text[index] &- UInt8(ascii: "0")
      guard digit < 10 else { return nil }
      result = result &* 10 &+ Int(digit)
      index &+= 1
    }
    return negative ? -result : result
  }

  /// A bool field's value for a string: `"true"`, `"on"`, `"1"` and `"false"`, `"off"`, `"0"` (exactly).
  static func boolText(_ value: inout LiveValue, _ tables: PlanTables) {
    let text = UnsafeBufferPointer(start: value.bytes, count: value.count)
    if text.elementsEqual("true".utf8) || text.elementsEqual("on".utf8) || text.elementsEqual("1".utf8) {
      setBool(&value, true, tables)
    } else if text.elementsEqual("false".utf8) || text.elementsEqual("off".utf8) || text.elementsEqual("0".utf8) {
      setBool(&value, false, tables)
    } else {
      value.state = .mismatch
    }
  }

  /// Makes `value` the bool `flag`, its text `true` or `false`.
  @inline(__always)
  static func setBool(_ value: inout LiveValue, _ flag: Bool, _ tables: PlanTables) {
    let span = flag ? tables.trueText : tables.falseText
    value.state = .present
    value.kind = .bool
    value.needsEscaping = false
    value.isASCII = true
    value.bytes = tables.bytes(span)
    value.count = Int(span.count)
  }

  // MARK: Checks (`ValidationPlan.failureReason`)

  /// Whether the present `value` passes a check other than required, equal-field and pattern.
  @inline(__always)
  static func passes(
    _ check: UnsafePointer<PlanCheck>, _ checkNumber: Int, _ value: LiveValue, _ tables: PlanTables
  ) -> Bool {
    switch check.pointee.rule {
    case .equal:
      switch check.pointee.targetKind {
      case .nothing: return false
      case .text:
        let target = check.pointee.target
        return same(value, LiveValue(text: tables.bytes(target), count: Int(target.count)))
      case .bool:
        return value.kind == .bool && value.bytes[0] == tables.bytes(check.pointee.target)[0]
      case .number:
        guard value.kind != .bool else { return false }
        if value.isInt, let target = check.pointee.targetInt { return value.intValue == target }
        guard let target = tables.decimals[checkNumber], let number = DecimalView(value.bytes, count: value.count)
        else { return false }
        return DecimalView.equal(number, target)
      }
    case .equalLength: return utf16Count(value) == check.pointee.number
    case .minLength: return utf16Count(value) >= check.pointee.number
    case .maxLength: return utf16Count(value) <= check.pointee.number
    case .minValue, .maxValue:
      guard value.kind != .bool else { return false }
      let isMinimum = check.pointee.rule == .minValue
      if value.isInt, let limit = check.pointee.targetInt {
        return isMinimum ? value.intValue >= limit : value.intValue <= limit
      }
      guard let limit = tables.decimals[checkNumber], let number = DecimalView(value.bytes, count: value.count)
      else { return false }
      return isMinimum ? !DecimalView.less(number, limit) : !DecimalView.less(limit, number)
    case .required, .equalField, .pattern:
      return true
    }
  }

  /// `FieldValue.same`: missing (or mismatched) values equal each other only; numbers by value, texts by
  /// bytes (Unicode scalars), bools as bools, a number and a text when the text is number text of its value.
  @inline(__always)
  static func same(_ lhs: LiveValue, _ rhs: LiveValue) -> Bool {
    let left = lhs.state == .present
    let right = rhs.state == .present
    guard left && right else { return left == right }
    switch (lhs.kind, rhs.kind) {
    case (.text, .text):
      return lhs.count == rhs.count && RecordScanner.equal(lhs.bytes, rhs.bytes, lhs.count)
    case (.bool, .bool):
      return lhs.bytes[0] == rhs.bytes[0]
    case (.number, .number), (.number, .text), (.text, .number):
      if lhs.isInt && rhs.isInt { return lhs.intValue == rhs.intValue }
      guard let leftNumber = DecimalView(lhs.bytes, count: lhs.count),
        let rightNumber = DecimalView(rhs.bytes, count: rhs.count)
      else { return false }
      return DecimalView.equal(leftNumber, rightNumber)
    default:
      return false
    }
  }

  /// The length of the value's text in UTF-16 code units: one per scalar, two above U+FFFF.
  @inline(__always)
  static func utf16Count(_ value: LiveValue) -> Int {
    if value.isASCII { return value.count }
    var units = 0
    for index in 0..<value.count {
      let byte = value.bytes[index]
      units &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
    }
    return units
  }

  /// Whether the keyboard pad `pad` can type every byte of the value (`KeyboardPad.accepts`).
  static func padAccepts(_ pad: UInt8, _ value: LiveValue) -> Bool {
    for index in 0..<value.count {
      let byte = value.bytes[index]
      if RecordScanner.isDigit(byte) { continue }
      switch (pad, byte) {
      case (2, UInt8(ascii: "+")), (2, UInt8(ascii: "*")), (2, UInt8(ascii: "#")): continue
      case (3, UInt8(ascii: ".")), (3, UInt8(ascii: ",")): continue
      default: return false
      }
    }
    return true
  }

  // MARK: Output (`ValidationResult.jsonText` with the line member first)

  /// Writes `{"line":N,"valid":true,"values":{…}}` and a line feed.
  @inline(__always)
  static func writeValid(
    _ number: Int, _ values: UnsafeMutablePointer<LiveValue>, _ tables: PlanTables, _ cursor: inout OutputCursor
  ) {
    cursor.write(#"{"line":"#)
    cursor.writeDecimal(number)
    cursor.write(#","valid":true,"values":"#)
    for index in 0..<tables.templateCount {
      let piece = tables.template[index]
      guard piece.field >= 0 else {
        cursor.write(tables.bytes(piece.bytes), Int(piece.bytes.count))
        continue
      }
      let value = values[Int(piece.field)]
      guard value.state == .present else {
        cursor.write(#""""#)
        continue
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
    cursor.write("}\n")
  }

  /// Writes `{"line":N,"valid":false,"failures":[…]}` and a line feed.
  @inline(__always)
  static func writeInvalid(
    _ number: Int, _ failures: UnsafeMutablePointer<PoolSpan>, _ failureCount: Int, _ tables: PlanTables,
    _ cursor: inout OutputCursor
  ) {
    cursor.write(#"{"line":"#)
    cursor.writeDecimal(number)
    cursor.write(#","valid":false,"failures":["#)
    for index in 0..<failureCount {
      if index > 0 { cursor.write(UInt8(ascii: ",")) }
      let fragment = failures[index]
      cursor.write(tables.bytes(fragment), Int(fragment.count))
    }
    cursor.write("]}\n")
  }
}

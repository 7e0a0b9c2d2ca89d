import Foundation

/// The fast path of one record: scan, coerce, check and write, mirroring `ValidationPlan.run` and the
/// result's `jsonText` rule for rule on raw bytes.
extension RecordEngine {
  /// Validates one record and appends its line, or returns nil (writing nothing) when the exact path must
  /// take it: the scanner did not handle the line, or a pattern gave up.
  func validateFast(
    _ line: UnsafePointer<UInt8>, _ count: Int, _ number: Int, _ output: ByteBuffer
  ) -> RecordVerdict? {
    reserveArena(2 * count)
    let fieldCount = plan.fields.count
    nested.update(repeating: .absent, count: fieldCount)
    dotted.update(repeating: .absent, count: fieldCount)
    var scanner = RecordScanner(
      base: line, count: count, plan: plan, nested: nested, dotted: dotted, keyScratch: arena + count, stack: stack)
    guard scanner.scan() else { return nil }
    var decoded = 0
    for field in 0..<fieldCount {
      let slot = dotted[field].kind == .absent ? nested[field] : dotted[field]
      values[field] = coerce(slot, field: field, line: line, decoded: &decoded)
    }
    guard let failureCount = check() else { return nil }
    if failureCount == 0 {
      writeValid(number, output)
      return .valid
    }
    writeInvalid(number, failureCount, output)
    return .invalid
  }

  // MARK: Coercion (`FieldState.init(coercing:to:)`)

  /// The value of `field` for the member value `slot`.
  @inline(__always)
  private func coerce(_ slot: ValueSlot, field: Int, line: UnsafePointer<UInt8>, decoded: inout Int) -> LiveValue {
    let type = plan.fields[field].type
    var value = LiveValue(
      state: .mismatch, kind: .text, fromString: false, needsEscaping: false, bytes: line, count: 0)
    switch slot.kind {
    case .absent:
      let initial = plan.fields[field].initial
      value.state = initial.state
      value.kind = initial.kind
      value.fromString = initial.fromString
      value.needsEscaping = true
      value.bytes = plan.bytes(initial.bytes)
      value.count = Int(initial.bytes.count)
    case .null:
      value.state = .missing
    case .string, .escapedString:
      value.fromString = true
      if slot.kind == .string {
        value.bytes = line + slot.start
        value.count = slot.end - slot.start
      } else {
        let target = arena + decoded
        value.count = RecordScanner.decode(from: line + slot.start, count: slot.end - slot.start, into: target)
        value.bytes = UnsafePointer(target)
        value.needsEscaping = true
        decoded += value.count
      }
      if value.count == 0 {
        value.state = .missing
      } else if type == PlanField.text || type == PlanField.image {
        value.state = .present
      } else if type == PlanField.bool {
        coerceBoolText(&value)
      } else {
        coerceNumber(&value, integral: type == PlanField.integer)
      }
    case .number:
      value.bytes = line + slot.start
      value.count = slot.end - slot.start
      if type == PlanField.number || type == PlanField.integer {
        coerceNumber(&value, integral: type == PlanField.integer)
      }
    case .trueLiteral, .falseLiteral:
      if type == PlanField.bool { setBool(&value, slot.kind == .trueLiteral) }
    case .container:
      break
    }
    return value
  }

  /// A number field's value for number text: present when the text is a number (integral for `integer`).
  @inline(__always)
  private func coerceNumber(_ value: inout LiveValue, integral: Bool) {
    guard let number = DecimalView(value.bytes, count: value.count), !integral || number.isInteger else {
      value.state = .mismatch
      return
    }
    value.state = .present
    value.kind = .number
    value.needsEscaping = false
  }

  /// A bool field's value for a string: `"true"`, `"on"`, `"1"` and `"false"`, `"off"`, `"0"` (exactly).
  private func coerceBoolText(_ value: inout LiveValue) {
    let text = UnsafeBufferPointer(start: value.bytes, count: value.count)
    if text.elementsEqual("true".utf8) || text.elementsEqual("on".utf8) || text.elementsEqual("1".utf8) {
      setBool(&value, true)
    } else if text.elementsEqual("false".utf8) || text.elementsEqual("off".utf8) || text.elementsEqual("0".utf8) {
      setBool(&value, false)
    } else {
      value.state = .mismatch
    }
  }

  /// Makes `value` the bool `flag`, its text `true` or `false`.
  @inline(__always)
  private func setBool(_ value: inout LiveValue, _ flag: Bool) {
    let span = flag ? plan.trueText : plan.falseText
    value.state = .present
    value.kind = .bool
    value.needsEscaping = false
    value.bytes = plan.bytes(span)
    value.count = Int(span.count)
  }

  // MARK: Checks (`ValidationPlan.check` and `failureReason`)

  /// Runs the checks the options select and collects the failures' fragments; returns their number, or nil
  /// when a pattern gave up (its reason names the limit, which the exact path writes).
  private func check() -> Int? {
    let run = plan.run
    var failureCount = 0
    let fieldRange = run.field.map { $0..<($0 + 1) } ?? 0..<plan.fields.count
    for field in fieldRange {
      let info = plan.fields[field]
      let value = values[field]
      if value.state == .mismatch {
        failures[failureCount] = info.mismatchFragment
        failureCount += 1
        continue
      }
      if info.pad != 0, value.state == .present, value.fromString, !padAccepts(info.pad, value) {
        failures[failureCount] = info.keyboardFragment
        failureCount += 1
        if !run.allFailures { continue }
      }
      for checkNumber in info.checkStart..<(info.checkStart + info.checkCount) {
        let check = plan.checks[checkNumber]
        guard check.isLive || !run.liveOnly else { continue }
        guard let passes = passes(check, checkNumber, value) else { return nil }
        if !passes {
          failures[failureCount] = check.fragment
          failureCount += 1
          if !run.allFailures { break }
        }
      }
    }
    return failureCount
  }

  /// Whether `value` passes `check`; nil when a pattern gave up.
  @inline(__always)
  private func passes(_ check: PlanCheck, _ checkNumber: Int, _ value: LiveValue) -> Bool? {
    switch check.rule {
    case .required:
      return value.state == .present
    case .equalField:
      return same(value, values[check.number])
    default:
      break
    }
    guard value.state == .present else { return true }
    switch check.rule {
    case .equal:
      switch check.targetKind {
      case .nothing: return false
      case .text:
        let target = LiveValue(
          state: .present, kind: .text, fromString: false, needsEscaping: false, bytes: plan.bytes(check.target),
          count: Int(check.target.count))
        return same(value, target)
      case .bool:
        return value.kind == .bool && value.bytes[0] == plan.bytes(check.target)[0]
      case .number:
        guard value.kind != .bool, let target = plan.decimals[checkNumber],
          let number = DecimalView(value.bytes, count: value.count)
        else { return false }
        return DecimalView.equal(number, target)
      }
    case .equalLength: return utf16Count(value) == check.number
    case .minLength: return utf16Count(value) >= check.number
    case .maxLength: return utf16Count(value) <= check.number
    case .minValue:
      guard value.kind != .bool, let limit = plan.decimals[checkNumber],
        let number = DecimalView(value.bytes, count: value.count)
      else { return false }
      return !DecimalView.less(number, limit)
    case .maxValue:
      guard value.kind != .bool, let limit = plan.decimals[checkNumber],
        let number = DecimalView(value.bytes, count: value.count)
      else { return false }
      return !DecimalView.less(limit, number)
    case .pattern:
      guard let scratch else { return nil }
      let result = scratch.match(code: plan.codes[check.regex], value.bytes, value.count)
      if result >= 0 { return true }
      return result == RegexScratch.noMatch ? false : nil
    case .required, .equalField:
      return true
    }
  }

  /// `FieldValue.same`: missing (or mismatched) values equal each other only; numbers by value, texts by
  /// bytes (Unicode scalars), bools as bools, a number and a text when the text is number text of its value.
  @inline(__always)
  private func same(_ lhs: LiveValue, _ rhs: LiveValue) -> Bool {
    let left = lhs.state == .present
    let right = rhs.state == .present
    guard left && right else { return left == right }
    switch (lhs.kind, rhs.kind) {
    case (.text, .text):
      return lhs.count == rhs.count && memcmp(lhs.bytes, rhs.bytes, lhs.count) == 0
    case (.bool, .bool):
      return lhs.bytes[0] == rhs.bytes[0]
    case (.number, .number), (.number, .text), (.text, .number):
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
  private func utf16Count(_ value: LiveValue) -> Int {
    var units = 0
    for index in 0..<value.count {
      let byte = value.bytes[index]
      units &+= (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0)
    }
    return units
  }

  /// Whether the keyboard pad `pad` can type every byte of the value (`KeyboardPad.accepts`).
  private func padAccepts(_ pad: UInt8, _ value: LiveValue) -> Bool {
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
  private func writeValid(_ number: Int, _ output: ByteBuffer) {
    ExactRecordLine.writeLinePrefix(number, into: output)
    append(#""valid":true,"values":"#, output)
    for piece in plan.template {
      guard piece.field >= 0 else {
        output.append(plan.bytes(piece.bytes), Int(piece.bytes.count))
        continue
      }
      let value = values[Int(piece.field)]
      guard value.state == .present else {
        output.append(UInt8(ascii: "\""))
        output.append(UInt8(ascii: "\""))
        continue
      }
      switch value.kind {
      case .number, .bool:
        output.append(value.bytes, value.count)
      case .text:
        output.append(UInt8(ascii: "\""))
        if value.needsEscaping {
          RecordEngine.appendEscaped(value.bytes, value.count, output)
        } else {
          output.append(value.bytes, value.count)
        }
        output.append(UInt8(ascii: "\""))
      }
    }
    output.append(UInt8(ascii: "}"))
    output.append(0x0A)
  }

  /// Writes `{"line":N,"valid":false,"failures":[…]}` and a line feed.
  private func writeInvalid(_ number: Int, _ failureCount: Int, _ output: ByteBuffer) {
    ExactRecordLine.writeLinePrefix(number, into: output)
    append(#""valid":false,"failures":["#, output)
    for index in 0..<failureCount {
      if index > 0 { output.append(UInt8(ascii: ",")) }
      let fragment = failures[index]
      output.append(plan.bytes(fragment), Int(fragment.count))
    }
    output.append(UInt8(ascii: "]"))
    output.append(UInt8(ascii: "}"))
    output.append(0x0A)
  }

  /// Appends ASCII text.
  @inline(__always)
  private func append(_ text: StaticString, _ output: ByteBuffer) {
    output.append(text.utf8Start, text.utf8CodeUnitCount)
  }

  /// Appends UTF-8 text escaped as `OutputJSON.writeString` escapes it (without the quotes).
  static func appendEscaped(_ bytes: UnsafePointer<UInt8>, _ count: Int, _ output: ByteBuffer) {
    output.reserve(count)
    for index in 0..<count {
      let byte = bytes[index]
      if byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") {
        output.append(byte)
        continue
      }
      output.append(UInt8(ascii: "\\"))
      switch byte {
      case UInt8(ascii: "\""): output.append(UInt8(ascii: "\""))
      case UInt8(ascii: "\\"): output.append(UInt8(ascii: "\\"))
      case 0x0A: output.append(UInt8(ascii: "n"))
      case 0x0D: output.append(UInt8(ascii: "r"))
      case 0x09: output.append(UInt8(ascii: "t"))
      case 0x08: output.append(UInt8(ascii: "b"))
      case 0x0C: output.append(UInt8(ascii: "f"))
      default:
        let hex = Array("0123456789abcdef".utf8)
        for digit in [
          UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 15)],
        ] {
          output.append(digit)
        }
      }
    }
  }
}

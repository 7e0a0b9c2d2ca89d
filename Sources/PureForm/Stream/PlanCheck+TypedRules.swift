import Glibc

/// The rule kernel's one statement of `<format>`, `<in>` / `<not_in>` and `<min>` / `<max>`, and its call of a
/// validator registered in code: the rules it reads from a check's typed `rule`.
///
/// What a value that `ParityTable` says these rules compare must be to pass. Every surface (NDJSON, `serve`, the
/// library, `diff --records`) runs it through `RecordEngine.checkField`; the rules of the formats
/// themselves are in `Formats/` (`URLFormatRule`, `UUIDText`, `CalendarDate`, `DateTimeInstant`,
/// `TimeOfDay`), which this calls.
extension PlanCheck {
  /// Whether `value`, present, passes `check`, a registered validator's or a value rule's (its `rule` read
  /// where the plan holds it; a list's `ValueTable` is `lists[check.number]`); `values` are the record's
  /// values by field number (a bound's field is read there: missing when absent or hidden).
  ///
  /// Out of line: `checkField`, inlined in every runner, stays small.
  @inline(never)
  static func passesTypedRule(
    _ check: UnsafePointer<PlanCheck>, _ value: CoercedValue, _ values: UnsafeMutablePointer<CoercedValue>,
    lists: [ValueTable]
  ) -> Bool {
    switch check.pointee.rule {
    case .registered(let test, let argument):
      // A validator written in code sees the value as a `FormValue` (`FieldValue.formValue`).
      return test(value.formValue, argument)
    case .format(let format, let schemes):
      let bytes = UnsafeBufferPointer(start: value.bytes, count: value.count)
      switch format {
      case .url: return URLFormatRule.accepts(utf8: bytes, schemes: schemes)
      case .uuid: return UUIDText.isValid(bytes: bytes)
      case .date, .dateTime, .time: return FormatMoment(bytes, format: format) != nil
      }
    case .valueList(_, let isAllowed):
      return lists[check.pointee.number].contains(value) == isAllowed
    case .bound(let target, let format, let isMinimum):
      // A value that is no text of the format fails `format`, and is not compared.
      guard let moment = FormatMoment(UnsafeBufferPointer(start: value.bytes, count: value.count), format: format)
      else { return true }
      let bound: FormatMoment
      switch target {
      case .moment(let literal): bound = literal
      case .field(let field):
        // A bound that is missing, hidden or not a text of the format does not apply.
        let other = values[field]
        guard other.state == .present, other.kind == .text,
          let read = FormatMoment(UnsafeBufferPointer(start: other.bytes, count: other.count), format: format)
        else { return true }
        bound = read
      }
      return isMinimum ? !bound.isLater(than: moment) : !moment.isLater(than: bound)
    case .equal, .equalField, .equalLength, .minLength, .maxLength, .minValue, .maxValue, .required, .pattern:
      // `checkField` judges these itself and never routes them here: a routing mistake stops a debug build
      // (every test) and fails the check in a release one, never passing a value unchecked.
      assertionFailure("\(check.pointee.parityRow) is not a typed rule")
      return false
    }
  }
}

/// The values of an `<in>` or `<not_in>`, kept for comparing a coerced value as JSON: texts by their bytes
/// (the same UTF-16 code units), numbers by exact value, bools only with bools.
struct ValueTable: Sendable {
  /// The texts' UTF-8, sorted by bytes for a binary search.
  private let texts: [[UInt8]]
  /// The numbers' text, with the value of a plain integer.
  private let numbers: [(int: Int?, text: [UInt8])]
  private let hasTrue: Bool
  private let hasFalse: Bool

  /// The table of `elements` (strings, numbers and bools; others never equal a value).
  init(_ elements: [FormValue]) {
    var texts: [[UInt8]] = []
    var numbers: [(int: Int?, text: [UInt8])] = []
    var hasTrue = false
    var hasFalse = false
    for element in elements {
      switch element {
      case .string(let text): texts.append(Array(text.utf8))
      case .number(let text):
        guard let number = ExactDecimal(text) else { continue }
        numbers.append((number.intValue, Array(text.utf8)))
      case .bool(let flag):
        if flag { hasTrue = true } else { hasFalse = true }
      default: continue
      }
    }
    self.texts = texts.sorted { $0.lexicographicallyPrecedes($1) }
    self.numbers = numbers
    self.hasTrue = hasTrue
    self.hasFalse = hasFalse
  }

  /// Whether a present value equals an element, as JSON.
  func contains(_ value: CoercedValue) -> Bool {
    switch value.kind {
    case .bool: return value.intValue == 1 ? hasTrue : hasFalse
    case .text: return containsText(value.bytes, value.count)
    case .number:
      for element in numbers {
        if value.isInt, let int = element.int {
          if value.intValue == int { return true }
          continue
        }
        let equal = element.text.withUnsafeBufferPointer { text -> Bool in
          guard let base = text.baseAddress, let left = DecimalView(value.bytes, count: value.count),
            let right = DecimalView(base, count: text.count)
          else { return false }
          return DecimalView.equal(left, right)
        }
        if equal { return true }
      }
      return false
    }
  }

  /// Whether a value the model coerced (`FieldState`) equals an element, as `contains(_:)` compares a record's:
  /// what the page leaves out of a `<select>` of `<in>` values for `<not_in>`.
  func contains(_ value: FieldValue) -> Bool {
    switch value {
    case .bool(let flag): return flag ? hasTrue : hasFalse
    case .text(let text):
      return Array(text.utf8).withUnsafeBufferPointer { bytes in
        guard let base = bytes.baseAddress else { return texts.contains { $0.isEmpty } }
        return containsText(base, bytes.count)
      }
    case .number(let number, _):
      return numbers.contains { ExactDecimal(String(decoding: $0.text, as: UTF8.self)) == number }
    }
  }

  /// Whether the texts hold these bytes: a binary search over the sorted texts.
  private func containsText(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    var low = 0
    var high = texts.count
    while low < high {
      let middle = (low + high) / 2
      let order = texts[middle].withUnsafeBufferPointer { element -> Int in
        let shared = min(element.count, count)
        let compared = shared == 0 ? 0 : Int(memcmp(element.baseAddress.unsafelyUnwrapped, bytes, shared))
        return compared != 0 ? compared : element.count - count
      }
      if order == 0 { return true }
      if order < 0 { low = middle + 1 } else { high = middle }
    }
    return false
  }
}

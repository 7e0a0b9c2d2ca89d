/// The kind of a present value, as PureForm holds it: an `NSString`, or an `NSNumber` (a number, or a
/// boolean, which Foundation compares numerically: `true` is 1).
enum ValueKind: UInt8, Sendable, CaseIterable {
  /// A string (a text field's value).
  case text
  /// A number (a segmented control's, stepper's or slider's value).
  case number
  /// `true` or `false` (a switch's value); a number of value 1 or 0 wherever numbers are compared.
  case bool
}

/// What a check does with a value before comparing anything: pass it, fail it, or compare it.
enum KindVerdict: UInt8, Sendable {
  case passes, fails, compares
}

/// PureForm's parity table: what each rule does with a missing value, a string, and a number or bool
/// (`PFInputView+Validation.m`, `failedValidatorWithValue:`), with pureform's deliberate differences.
///
/// This is the one statement of the table. The rule kernel (`RecordEngine`, through `RecordPlan.verdicts`)
/// reads it, then does the rule's comparison where the verdict is `compares`.
///
/// | rule | missing | string | number or bool |
/// |---|---|---|---|
/// | `required` | fails | passes | passes |
/// | `equal` | fails | compares (a string argument, same UTF-16 code units) | compares (a number or bool argument, same value) |
/// | `equal_next` / `equal_previous` | fails | compares (an equal string) | compares (an equal number) |
/// | `equal_length`, `min_length`, `max_length` | compares as length 0 | compares (UTF-16 length) | passes |
/// | `min_value` / `max_value` | passes | compares (number text; other text fails) | compares exactly |
/// | `type`, `custom` (patterns) | fails | compares (whole match) | fails |
/// | registered | passes | compares | compares |
/// | `format` (pureform) | passes | compares | fails |
/// | `in` / `not_in` (pureform) | passes | compares | compares |
/// | `min` / `max` (pureform) | passes | compares | passes |
///
/// Missing is PureForm's nil: absent without `<value>`, `null`, or `""`. The length rules' missing column
/// is PureForm's `!value && N > 0` (equal_length, min_length) and "nil passes" (max_length), which is
/// exactly comparing a length of 0.
enum ParityTable {
  /// What `rule` does with a value of `kind`; nil stands for a missing value.
  static func verdict(_ rule: Row, _ kind: ValueKind?) -> KindVerdict {
    switch (rule, kind) {
    case (.required, nil): return .fails
    case (.required, _): return .passes
    case (.equal, nil), (.equalField, nil): return .fails
    case (.equal, _), (.equalField, _): return .compares
    case (.equalLength, .number), (.equalLength, .bool), (.minLength, .number), (.minLength, .bool),
      (.maxLength, .number), (.maxLength, .bool):
      return .passes
    case (.equalLength, _), (.minLength, _), (.maxLength, _): return .compares
    case (.minValue, nil), (.maxValue, nil): return .passes
    case (.minValue, _), (.maxValue, _): return .compares
    case (.pattern, .text): return .compares
    case (.pattern, _): return .fails
    case (.registered, nil): return .passes
    case (.registered, _): return .compares
    // pureform's own rules (the device runs none of them): a missing value is not checked; `format` fails
    // a number or bool; a bound compares only a text (what fails `format` is never compared).
    case (.format, nil), (.inList, nil), (.notInList, nil), (.notBefore, nil), (.notAfter, nil): return .passes
    case (.format, .text), (.notBefore, .text), (.notAfter, .text): return .compares
    case (.format, _): return .fails
    case (.notBefore, _), (.notAfter, _): return .passes
    case (.inList, _), (.notInList, _): return .compares
    }
  }

  /// The column of the table a value falls in: 0 missing, then 1 + `ValueKind.rawValue`.
  static func column(_ kind: ValueKind?) -> Int { kind.map { 1 + Int($0.rawValue) } ?? 0 }

  /// The number of columns `column` gives.
  static let columnCount = 1 + ValueKind.allCases.count

  /// The whole table, one row per `Row` (by raw value) and `columnCount` verdicts per row: what the
  /// rule kernel reads.
  static let rows: [KindVerdict] = Row.allCases.flatMap { rule in
    ([nil] + ValueKind.allCases.map(Optional.some)).map { verdict(rule, $0) }
  }
}

extension ParityTable {
  /// A row of the table: the kind of rule a check applies, without its argument.
  ///
  /// The built-in validators
  /// grouped by what they do (`ValidatorKind.parityRow`), registered ones, and pureform's value rules; a
  /// compiled check's is `CheckRule.parityRow`, and the kernel reads it from `PlanCheck.parityRow`.
  enum Row: UInt8, Sendable, CaseIterable {
    case equal, equalField, equalLength, minLength, maxLength, minValue, maxValue, required, pattern, registered
    /// pureform's own rules, which the device never runs: `<format>`, `<in>`, `<not_in>`, `<min>`, `<max>`.
    case format, inList, notInList, notBefore, notAfter
  }
}

extension ParityTable {
  /// The length rules' comparison of a UTF-16 length (a missing value's is 0) with the validator's
  /// number; every other rule has none and passes.
  static func lengthPasses(_ rule: Row, limit: Int, length: Int) -> Bool {
    switch rule {
    case .equalLength: return length == limit
    case .minLength: return length >= limit
    case .maxLength: return length <= limit
    default: return true
    }
  }
}

extension ValidatorKind {
  /// The row of `ParityTable` the validator reads: `type` and `custom` match patterns, the neighbours
  /// compare with a field.
  var parityRow: ParityTable.Row {
    switch self {
    case .equal: return .equal
    case .equalNext, .equalPrevious: return .equalField
    case .equalLength: return .equalLength
    case .minLength: return .minLength
    case .maxLength: return .maxLength
    case .minValue: return .minValue
    case .maxValue: return .maxValue
    case .required: return .required
    case .type, .custom: return .pattern
    case .registered: return .registered
    }
  }
}

extension FormValidator {
  /// Whether the validator fails a missing value, as the device's does an empty field: the missing column
  /// of `ParityTable`, and a length of 0 for the length rules.
  var failsMissing: Bool {
    switch ParityTable.verdict(kind.parityRow, nil) {
    case .passes: return false
    case .fails: return true
    case .compares:
      guard case .length(let limit) = argument else { return false }
      return !ParityTable.lengthPasses(kind.parityRow, limit: limit, length: 0)
    }
  }
}

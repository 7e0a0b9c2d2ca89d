import Foundation
import PureForm

/// `pureform test --generate`: a cases file for a spec, a snapshot of today's verdicts on boundary records.
///
/// First `base`, a value for every form view that passes its rules where one can be built; then, per rule,
/// `base` with one value changed to each side of the rule. Each case's `expect` is the verdict of running it,
/// so every generated case passes; nothing depends on time or order of a hash: the same bytes every run.
struct CaseGenerator {
  /// The spec.
  let form: CompiledForm

  /// One generated case before it runs.
  private struct Draft {
    var name: String
    var record: FormValue
  }

  /// The cases file's text.
  func casesFile() -> String {
    let fields = form.fieldRules
    let base = baseRecord(fields)
    var drafts = [Draft(name: "base", record: base)]
    for field in fields { drafts += variants(of: field, base: base) }
    var names = Set<String>()
    let hasConditions = fields.contains { $0.visibleIf != nil }
    var lines: [String] = []
    for draft in drafts {
      var name = draft.name
      var copy = 2
      while !names.insert(name).inserted {
        name = "\(draft.name) (\(copy))"
        copy += 1
      }
      let text = draft.record.outputJSON.rendered()
      let expect = expectation(for: text, alwaysObject: hasConditions)
      let entry = OutputJSON.object([("name", .string(name)), ("record", draft.record.outputJSON), ("expect", expect)])
      lines.append("    " + entry.rendered())
    }
    return """
      {
        "$schema": "https://pureform.dev/schemas/test-cases.schema.json",
        "cases": [
      \(lines.joined(separator: ",\n"))
        ]
      }

      """
  }

  /// Today's verdict on the record: `"valid"`, or `{"valid": false, "failures": [{"path", "validator"}…],
  /// "exact": true}`; an object with `hidden` when the spec has a `<visible_if>`.
  private func expectation(for record: String, alwaysObject: Bool) -> OutputJSON {
    guard let result = try? form.validate(json: Array(record.utf8)) else { return .string("invalid") }
    if result.isValid && !alwaysObject { return .string("valid") }
    var members: [(String, OutputJSON)] = [("valid", .bool(result.isValid))]
    if !result.isValid {
      members.append(
        (
          "failures",
          .array(
            result.failures.map { .object([("path", .string($0.path)), ("validator", .string($0.validator))]) })
        ))
      members.append(("exact", .bool(true)))
    }
    if alwaysObject { members.append(("hidden", .array((result.hidden ?? []).map(OutputJSON.string)))) }
    return .object(members)
  }

  // MARK: Base

  /// A record with a value for every form view that one can be built for; each group with its `<items>` min
  /// of elements (at least one).
  private func baseRecord(_ fields: [FieldRules]) -> FormValue {
    var record = FormValue.object([])
    for field in fields {
      guard let value = baseValue(field) else { continue }
      for key in concreteKeys(field.key, fields: fields) { record = Self.setting(record, key, to: value) }
    }
    return record
  }

  /// The keys of a template's elements in `base`: `items.*.sku` → `items.0.sku` (and more for a group whose
  /// min is above one).
  private func concreteKeys(_ template: String, fields: [FieldRules]) -> [String] {
    guard let star = template.range(of: ".*") else { return [template] }
    let group = String(template[..<star.lowerBound])
    let count = max(1, fields.first { $0.itemsKey == group }?.itemsMin ?? 1)
    let rest = String(template[star.upperBound...])
    return (0..<count).flatMap { index in concreteKeys(group + ".\(index)" + rest, fields: fields) }
  }

  /// A value that passes the view's rules, or nil where pureform cannot build one (`custom`, `equal*`,
  /// `<same_as>`).
  private func baseValue(_ field: FieldRules) -> FormValue? {
    if let initial = field.initialValue { return initial }
    if let value = Self.valueRuleBase(field) { return value }
    let names = field.validators.map(\.name)
    if field.hasSameAs
      || names.contains(where: { [.custom, .equal, .equalNext, .equalPrevious].contains(ValidatorKind(rawValue: $0)) })
    {
      return nil
    }
    func argument(_ kind: ValidatorKind) -> FormValue? { field.validators.first { $0.name == kind.rawValue }?.argument }
    switch field.type {
    case "bool": return .bool(true)
    case "number", "integer":
      if let bound = argument(.minValue) ?? argument(.maxValue), case .number = bound { return bound }
      return .number("1")
    default: break
    }
    if case .string(let kind)? = argument(.type) {
      return .string(kind == "email" ? "user@example.com" : "Ada Lovelace")
    }
    if let bound = argument(.minValue) ?? argument(.maxValue) { return bound }
    if case .number(let text)? = argument(.equalLength) ?? argument(.minLength) ?? argument(.maxLength),
      let count = Int(text)
    {
      return .string(String(repeating: "a", count: max(count, 0)))
    }
    return .string("a")
  }

  // MARK: Variants

  /// `base` with the view's value changed to each side of each of its rules.
  private func variants(of field: FieldRules, base original: FormValue) -> [Draft] {
    // A view with a `<visible_if>` is varied where it is visible.
    var base = original
    for (target, value) in field.visibleIf?.whenTrue ?? [] {
      base = Self.setting(base, target.replacingOccurrences(of: ".*", with: ".0"), to: value)
    }
    let key = field.key.replacingOccurrences(of: ".*", with: ".0")
    var drafts: [Draft] = []
    func add(_ name: String, _ value: FormValue?, at target: String = key) {
      drafts.append(Draft(name: "\(field.key) \(name)", record: Self.setting(base, target, to: value)))
    }
    for (name, argument) in field.validators {
      let length = Self.int(argument)
      switch ValidatorKind(rawValue: name) {
      case .minLength?:
        if let n = length {
          if n > 0 { add("min_length \(n): \(n - 1) units", Self.text(n - 1)) }
          add("min_length \(n): \(n) units", Self.text(n))
        }
      case .maxLength?:
        if let n = length {
          add("max_length \(n): \(n) units", Self.text(n))
          add("max_length \(n): \(n + 1) units", Self.text(n + 1))
        }
      case .equalLength?:
        if let n = length {
          if n > 0 { add("equal_length \(n): \(n - 1) units", Self.text(n - 1)) }
          add("equal_length \(n): \(n) units", Self.text(n))
          add("equal_length \(n): \(n + 1) units", Self.text(n + 1))
        }
      case .minValue?, .maxValue?:
        guard case .number(let text) = argument else { continue }
        add("\(name) \(text): \(text)", .number(text))
        if let past = Self.step(text, down: name == ValidatorKind.minValue.rawValue) {
          add("\(name) \(text): \(past)", .number(past))
        }
      case .equal?:
        add("equal: the argument", argument)
        add("equal: another value", Self.other(than: argument))
      case .type?:
        guard case .string(let kind) = argument else { continue }
        add("type \(kind): good", .string(kind == "email" ? "user@example.com" : "Ada Lovelace"))
        add("type \(kind): bad", .string(kind == "email" ? "not an email" : "a"))
      case .required?:
        add("required: empty", .string(""))
      default: continue
      }
    }
    for (name, value) in Self.valueRuleVariants(field) { add(name, value) }
    if let type = field.type {
      let good: FormValue = type == "bool" ? .bool(true) : type == "text" ? .string("a") : .number("1")
      add("<type> \(type): good", good)
      add("<type> \(type): bad", type == "text" ? .array([]) : .string("abc"))
    }
    if field.requiredIf != nil { add("<required_if>: empty", .string("")) }
    for (word, settings) in [("<visible_if>", field.visibleIf), ("<required_if>", field.requiredIf)] {
      guard let settings else { continue }
      for (label, pairs) in [("true", settings.whenTrue), ("false", settings.whenFalse)] {
        var record = base
        for (target, value) in pairs {
          record = Self.setting(record, target.replacingOccurrences(of: ".*", with: ".0"), to: value)
        }
        drafts.append(Draft(name: "\(field.key) \(word) \(label)", record: record))
      }
    }
    if let group = field.itemsKey {
      let element = Self.value(at: group + ".0", in: base) ?? .null
      let bounds = [field.itemsMin.map { ($0 - 1, $0) }, field.itemsMax.map { ($0, $0 + 1) }].compactMap { $0 }
      var counts: [Int] = []
      for (low, high) in bounds { counts += [low, high] }
      for count in counts
      where count >= 0 && !drafts.contains(where: { $0.name == "\(group) <items>: \(count) elements" }) {
        let array = FormValue.array(Array(repeating: element, count: count))
        drafts.append(Draft(name: "\(group) <items>: \(count) elements", record: Self.setting(base, group, to: array)))
      }
    }
    return drafts
  }

  // MARK: Values

  /// `count` units of text.
  private static func text(_ count: Int) -> FormValue { .string(String(repeating: "a", count: max(count, 0))) }

  /// A length argument.
  private static func int(_ value: FormValue) -> Int? {
    if case .number(let text) = value { return Int(text) }
    return nil
  }

  /// One unit of the last digit of `text` below (`down`) or above it: `18` → `17`, `0.5` → `0.4`.
  static func step(_ text: String, down: Bool) -> String? {
    guard let value = Decimal(string: text, locale: Locale(identifier: "en_US_POSIX")) else { return nil }
    let fraction = text.split(separator: "e").first.flatMap { $0.split(separator: ".").dropFirst().first }?.count ?? 0
    let unit = Decimal(sign: .plus, exponent: -fraction, significand: 1)
    var result = down ? value - unit : value + unit
    var rounded = Decimal()
    NSDecimalRound(&rounded, &result, fraction, .plain)
    var shown = NSDecimalString(&rounded, Locale(identifier: "en_US_POSIX"))
    if fraction > 0 {
      let digits = shown.split(separator: ".").dropFirst().first?.count ?? 0
      if digits == 0 { shown += "." }
      shown += String(repeating: "0", count: max(0, fraction - digits))
    }
    return shown
  }

  /// A value unequal to `value`.
  private static func other(than value: FormValue) -> FormValue {
    switch value {
    case .string(let text): return .string(text + "x")
    case .bool(let flag): return .bool(!flag)
    case .number(let text): return .number(step(text, down: false) ?? "0")
    default: return .string("other")
    }
  }

  /// The value at the dotted `key` (element indices as numbers).
  static func value(at key: String, in record: FormValue) -> FormValue? {
    var current: FormValue? = record
    for segment in key.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
      switch current {
      case .object(let members)?: current = members.last { $0.key == segment }?.value
      case .array(let elements)?: current = Int(segment).flatMap { elements.indices.contains($0) ? elements[$0] : nil }
      default: return nil
      }
    }
    return current
  }

  /// `record` with the dotted `key` set to `value` (nested; a numeric segment indexes an array), or removed
  /// when `value` is nil.
  static func setting(_ record: FormValue, _ key: String, to value: FormValue?) -> FormValue {
    set(record, key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)[...], to: value)
  }

  private static func set(_ node: FormValue, _ segments: ArraySlice<String>, to value: FormValue?) -> FormValue {
    guard let first = segments.first else { return value ?? .null }
    let rest = segments.dropFirst()
    if let index = Int(first), index >= 0 {
      var elements: [FormValue] = []
      if case .array(let existing) = node { elements = existing }
      while elements.count <= index { elements.append(rest.isEmpty ? .null : .object([])) }
      elements[index] = set(elements[index], rest, to: value)
      return .array(elements)
    }
    var members: [(key: String, value: FormValue)] = []
    if case .object(let existing) = node { members = existing }
    if let position = members.firstIndex(where: { $0.key == first }) {
      if rest.isEmpty && value == nil {
        members.remove(at: position)
      } else {
        members[position].value = set(members[position].value, rest, to: value)
      }
    } else if !(rest.isEmpty && value == nil) {
      let child: FormValue = Int(rest.first ?? "").map { _ in .array([]) } ?? .object([])
      members.append((first, set(child, rest, to: value)))
    }
    return .object(members)
  }
}

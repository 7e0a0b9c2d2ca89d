import PureForm

/// Reads a cases file (`{"cases": [CASE…]}`, `Schemas/test-cases.schema.json`) with pureform's own JSON reader,
/// reporting every member of the wrong shape as a PF010 diagnostic at that member (at a case's `{` for a
/// missing one), JSON syntax errors as `check` does.
struct CasesFileReader {
  /// The cases file.
  let file: SourceFile
  /// The spec the cases run on: a case's `field` must be one of its form views' keys.
  let form: CompiledForm
  /// Every problem found so far.
  private(set) var diagnostics: [Diagnostic] = []

  private static let fileMembers = ["$schema", "cases"]
  private static let caseMembers = ["name", "record", "changed_from", "options", "expect"]
  private static let optionMembers = ["all_failures", "field", "live"]
  private static let expectMembers = ["valid", "failures", "exact", "hidden", "values", "changed"]

  /// A reader of `file` for cases that run on `form`.
  init(file: SourceFile, form: CompiledForm) {
    self.file = file
    self.form = form
  }

  /// The file's cases and every problem in it; the cases are only to be run when there is no problem.
  static func read(_ file: SourceFile, for form: CompiledForm) -> (cases: [TestCase], diagnostics: [Diagnostic]) {
    var reader = CasesFileReader(file: file, form: form)
    let cases = reader.read()
    return (cases, reader.diagnostics)
  }

  /// Reads the whole file.
  private mutating func read() -> [TestCase] {
    let (value, syntax) = JSONReader.read(file)
    guard syntax.isEmpty, let value else {
      diagnostics = syntax
      return []
    }
    guard case .object(let members) = value.kind else {
      report("a cases file must be an object: {\"cases\": [...]}", at: value.range)
      return []
    }
    checkMembers(members, allowed: Self.fileMembers, in: "a cases file")
    if let schema = member("$schema", of: members), !isString(schema.value) {
      report("'$schema' must be a string", at: schema.value.range)
    }
    guard let cases = member("cases", of: members) else {
      report("a cases file needs 'cases': an array of cases", at: opening(value))
      return []
    }
    guard case .array(let elements) = cases.value.kind else {
      report("'cases' must be an array of cases", at: cases.value.range)
      return []
    }
    var read: [TestCase] = []
    var names: [String: SourceRange] = [:]
    for element in elements {
      if let testCase = readCase(element, names: &names) { read.append(testCase) }
    }
    return read
  }

  /// One case, or nil when it is malformed (its problems reported).
  private mutating func readCase(_ node: JSONNode, names: inout [String: SourceRange]) -> TestCase? {
    guard case .object(let members) = node.kind else {
      report("a case must be an object with 'name', 'record' and 'expect'", at: node.range)
      return nil
    }
    let before = diagnostics.count
    checkMembers(members, allowed: Self.caseMembers, in: "a case")
    var name = ""
    if let member = required("name", of: members, in: node) {
      if case .string(let text) = member.value.kind, !text.isEmpty {
        name = text
        if let first = names[text] {
          report(
            "duplicate case name '\(text)': names are unique in a cases file", at: member.value.range,
            notes: [DiagnosticNote("first used here", at: first)])
        } else {
          names[text] = member.value.range
        }
      } else {
        report("'name' must be a non-empty string", at: member.value.range)
      }
    }
    let record = required("record", of: members, in: node).flatMap { objectBytes($0, what: "'record'") }
    let changedMember = member("changed_from", of: members)
    let changedFrom = changedMember.flatMap { objectBytes($0, what: "'changed_from'") }
    let options = member("options", of: members).map { readOptions($0.value) } ?? ValidationOptions()
    let expect = required("expect", of: members, in: node).flatMap {
      readExpectation($0.value, hasChangedFrom: changedMember != nil)
    }
    guard diagnostics.count == before, let record, let expect else { return nil }
    return TestCase(
      name: name, line: node.range.start.line, record: record, changedFrom: changedFrom, options: options,
      hasOptions: member("options", of: members) != nil, expect: expect)
  }

  /// `options`: `all_failures` and `live` booleans, `field` a key of the spec (`live` only with it).
  private mutating func readOptions(_ node: JSONNode) -> ValidationOptions {
    var options = ValidationOptions()
    guard case .object(let members) = node.kind else {
      report("'options' must be an object: all_failures, field, live", at: node.range)
      return options
    }
    checkMembers(members, allowed: Self.optionMembers, in: "'options'")
    options.allFailures = bool("all_failures", of: members) ?? false
    options.liveOnly = bool("live", of: members) ?? false
    if let field = member("field", of: members) {
      if case .string(let key) = field.value.kind {
        options.field = key
        do {
          try form.check(ValidationOptions(field: key))
        } catch {
          let suggestion = Suggestion.closest(to: key, among: form.fieldKeys)
          report(
            "'field' names no form view of the spec: '\(key)'", at: field.value.range,
            notes: suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? [])
        }
      } else {
        report("'field' must be a string: a <key> of the spec", at: field.value.range)
      }
    } else if options.liveOnly, let live = member("live", of: members) {
      report("'live' needs 'field': live validators are a field's", at: live.keyRange)
    }
    return options
  }

  /// `expect`: `"valid"`, `"invalid"` or an object with `valid` and what else the result must meet.
  private mutating func readExpectation(_ node: JSONNode, hasChangedFrom: Bool) -> Expectation? {
    switch node.kind {
    case .string("valid"): return Expectation(valid: true)
    case .string("invalid"): return Expectation(valid: false)
    case .object(let members): return readExpectation(members, at: node, hasChangedFrom: hasChangedFrom)
    default:
      report("'expect' must be \"valid\", \"invalid\" or an object with 'valid'", at: node.range)
      return nil
    }
  }

  /// The object form of `expect`.
  private mutating func readExpectation(_ members: [JSONMember], at node: JSONNode, hasChangedFrom: Bool)
    -> Expectation?
  {
    checkMembers(members, allowed: Self.expectMembers, in: "'expect'")
    guard let validMember = required("valid", of: members, in: node) else { return nil }
    guard case .bool(let valid) = validMember.value.kind else {
      report("'valid' must be true or false", at: validMember.value.range)
      return nil
    }
    var expectation = Expectation(valid: valid)
    if let failures = member("failures", of: members) {
      if valid { report("'failures' needs \"valid\": false", at: failures.keyRange) }
      expectation.failures = readFailures(failures.value)
    }
    expectation.exact = bool("exact", of: members) ?? false
    if let hidden = member("hidden", of: members) { expectation.hidden = strings(hidden) }
    if let values = member("values", of: members) {
      if !valid { report("'values' needs \"valid\": true", at: values.keyRange) }
      if case .object = values.value.kind {
        expectation.values = FormValue(values.value)
      } else {
        report("'values' must be an object", at: values.value.range)
      }
    }
    if let changed = member("changed", of: members) {
      if !hasChangedFrom { report("'changed' needs the case's 'changed_from'", at: changed.keyRange) }
      expectation.changed = strings(changed)
    }
    return expectation
  }

  /// `failures`: objects naming any of `path`, `key`, `validator`, `argument`, `reason`, `condition`.
  private mutating func readFailures(_ node: JSONNode) -> [ExpectedFailure] {
    guard case .array(let elements) = node.kind else {
      report("'failures' must be an array of objects", at: node.range)
      return []
    }
    var failures: [ExpectedFailure] = []
    for element in elements {
      guard case .object(let members) = element.kind else {
        report(
          "a failure must be an object naming path, key, validator, argument, reason or condition", at: element.range)
        continue
      }
      checkMembers(members, allowed: ExpectedFailure.names, in: "a failure")
      for member in members where ["path", "key", "validator", "reason"].contains(member.key) {
        if !isString(member.value) { report("'\(member.key)' must be a string", at: member.value.range) }
      }
      let known = members.filter { ExpectedFailure.names.contains($0.key) }
      failures.append(ExpectedFailure(members: known.map { ($0.key, FormValue($0.value)) }))
    }
    return failures
  }

  // MARK: Members

  /// Reports each member not in `allowed`, and each given twice, at its key.
  private mutating func checkMembers(_ members: [JSONMember], allowed: [String], in place: String) {
    var seen: [String: SourceRange] = [:]
    for member in members {
      if !allowed.contains(member.key) {
        let suggestion = Suggestion.closest(to: member.key, among: allowed)
        report(
          "unknown member '\(member.key)' in \(place): it takes \(allowed.map { "'\($0)'" }.joined(separator: ", "))",
          at: member.keyRange, notes: suggestion.map { [DiagnosticNote("did you mean '\($0)'?")] } ?? [])
      } else if let first = seen[member.key] {
        report(
          "duplicate member '\(member.key)' in \(place)", at: member.keyRange,
          notes: [DiagnosticNote("first given here", at: first)])
      }
      seen[member.key] = seen[member.key] ?? member.keyRange
    }
  }

  /// The member named `name` (its first), or nil.
  private func member(_ name: String, of members: [JSONMember]) -> JSONMember? {
    members.first { $0.key == name }
  }

  /// The member named `name`, or nil with a problem at the object's `{`.
  private mutating func required(_ name: String, of members: [JSONMember], in object: JSONNode) -> JSONMember? {
    if let found = member(name, of: members) { return found }
    report("a case needs '\(name)'", at: opening(object))
    return nil
  }

  /// A boolean member's value; a problem when it is another type.
  private mutating func bool(_ name: String, of members: [JSONMember]) -> Bool? {
    guard let found = member(name, of: members) else { return nil }
    guard case .bool(let value) = found.value.kind else {
      report("'\(name)' must be true or false", at: found.value.range)
      return nil
    }
    return value
  }

  /// An array of strings; a problem at the member otherwise.
  private mutating func strings(_ found: JSONMember) -> [String] {
    guard case .array(let elements) = found.value.kind else {
      report("'\(found.key)' must be an array of keys (strings)", at: found.value.range)
      return []
    }
    var texts: [String] = []
    for element in elements {
      if case .string(let text) = element.kind {
        texts.append(text)
      } else {
        report("'\(found.key)' must be an array of keys (strings)", at: element.range)
      }
    }
    return texts
  }

  /// An object member's source bytes; a problem when it is not an object.
  private mutating func objectBytes(_ found: JSONMember, what: String) -> ArraySlice<UInt8>? {
    guard case .object = found.value.kind else {
      report("\(what) must be an object: the record, keyed by <key>", at: found.value.range)
      return nil
    }
    return file.bytes[found.value.range.start.offset..<found.value.range.end.offset]
  }

  private func isString(_ node: JSONNode) -> Bool {
    if case .string = node.kind { return true }
    return false
  }

  /// The `{` that opens `object`.
  private func opening(_ object: JSONNode) -> SourceRange {
    let start = object.range.start
    return SourceRange(
      start: start, end: SourceLocation(offset: start.offset + 1, line: start.line, column: start.column + 1))
  }

  private mutating func report(_ message: String, at range: SourceRange, notes: [DiagnosticNote] = []) {
    diagnostics.append(Diagnostic(.malformedCases, message, at: range, notes: notes))
  }
}

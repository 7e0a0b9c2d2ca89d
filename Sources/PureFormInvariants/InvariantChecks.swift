import PureForm

/// Invariants the fuzz targets and the robustness tests assert on any input.
///
/// `package` so the fuzz executables in this package can call them without `@testable import` (which
/// release builds do not allow); not part of the public API. Each check returns nil when the invariant
/// holds, else a description of the violation.
package enum InvariantChecks {
  /// The JSON reader on arbitrary bytes: diagnostics only of `PF1xx` and positions that exist in the input;
  /// then one of two readings, chosen by a hash of the bytes under `.chosen` (both under `.every`, a
  /// replay): the editor's tolerant reader, or an accepted document's round trip (written back and read
  /// again to an equal value).
  package static func jsonReader(_ bytes: [UInt8], mode: FuzzMode) -> String? {
    let file = SourceFile(name: "<fuzz>", bytes: bytes)
    let (value, diagnostics) = JSONReader.read(file)
    if let bad = diagnostics.first(where: { !$0.code.rawValue.hasPrefix("PF1") }) {
      return "reader reported a non-syntax code \(bad.code.rawValue)"
    }
    if let problem = positionsProblem(diagnostics, in: file) { return problem }
    if diagnostics.isEmpty, value == nil { return "reader accepted the input but returned no value" }
    let accepted = diagnostics.isEmpty ? value : nil
    let choices = mode == .every ? FuzzChoice.every(2) : [FuzzChoice(hashing: bytes, among: 2)]
    for choice in choices {
      let problem =
        choice.index == 0
        ? tolerantProblem(file, strict: accepted) : accepted.flatMap(roundTripProblem)
      if let problem { return problem }
    }
    return nil
  }

  /// The editor's tolerant mode reads every input, and a valid one (`strict`, its strict reading) exactly as
  /// the strict reader does.
  private static func tolerantProblem(_ file: SourceFile, strict: JSONNode?) -> String? {
    let tolerant = JSONReader.readTolerantly(file)
    guard tolerant.range.end.offset <= file.bytes.count else { return "tolerant reader's value ends past the input" }
    guard let strict, !sameShape(tolerant, strict) else { return nil }
    return "tolerant reader read a valid document differently"
  }

  /// An accepted document, written back and read again, is the same document.
  private static func roundTripProblem(_ value: JSONNode) -> String? {
    let written = ModelEmitter.json(value).rendered()
    let (again, againDiagnostics) = JSONReader.read(SourceFile(name: "<round trip>", text: written))
    guard againDiagnostics.isEmpty, let again else {
      return "round trip of an accepted document does not read back: \(written.prefix(200))"
    }
    guard sameShape(value, again) else {
      return "round trip changed the document: \(written.prefix(200))"
    }
    return nil
  }

  /// The partials a fuzzed spec may include, from memory (a fuzzer never reads the disk): cells with a
  /// relative binding path, a file that includes itself, one that includes another, and one that is not JSON.
  static let partials: [String: String] = [
    "p.json": #"[{"<T + T>": {"f?": {"<key>": "a", "<required_if>": "b"}}}, {"<= + =>": {"f?": {"<key>": "b"}}}]"#,
    "loop.json": #"[{"<include>": "loop.json", "<key>": "x"}]"#,
    "nest.json": #"[{"<include>": "p.json", "<key>": "n"}, {"<section>": 1}]"#,
    "bad.json": #"[{"<= + =>": {]"#,
  ]

  /// What every fuzzed spec is compiled with: its includes read from `partials`.
  static let fuzzOptions = CompileOptions(
    includes: IncludeReader { path throws(FileReadError) in
      guard let text = partials[path] else { throw .noSuchFile(path: path) }
      return Array(text.utf8)
    })

  /// The specs `validate` fuzzes against, fixed so fuzzed inputs meet real forms: PureForm's login form,
  /// the benchmark's login+signup form, a form with nested and dotted keys, a keyless view, types and
  /// a catastrophic pattern, and a form with repeated groups (`groupSpec`).
  package static let validateSpecs: [String] = [
    #"[{"<T + T>": {"textField?": {"<key>": "login", "keyboardType": "UIKeyboardTypeEmailAddress", "<validators>": {"type": "email"}}}}, {"<= + =>": {"textField?": {"<key>": "password", "<validators>": {"min_length!": 6, "max_length!": 25}}}}, {"<section>": 1}, {"<B + B>": {"titleLabel": {"text": "Login"}}}]"#,
    #"[{"<T + T>": {"f?": {"<key>": "email", "<validators>": {"required": true, "type": "email"}}}}, {"<= + =>": {"f?": {"<key>": "password", "<validators>": {"required": true, "min_length": 6, "max_length": 25}}}}, {"<= + =>": {"f?": {"<key>": "password_confirm", "<validators>": {"equal_previous": true}}}}, {"<= + =>": {"f?": {"<key>": "full_name", "<validators>": {"required": true, "type": "full_name"}}}}, {"<= + =>": {"f?": {"<key>": "age", "<validators>": {"min_value": 13, "max_value": 120}}}}, {"<= + =>": {"f?": {"<key>": "zip", "keyboardType": "UIKeyboardTypeNumberPad", "<validators>": {"equal_length": 5, "custom": "^[0-9]{5}$"}}}}, {"<section>": 1}, {"<S + S>": {"s?": {"<key>": "newsletter", "<value>": false}}}]"#,
    #"[{"<T + T>": {"a?": {"<key>": "a.b.c", "<type>": "integer", "<validators>": {"max_value": 1e400}}, "b?": {"<validators>": {"custom": "(a+)+$"}}}}, {"<= + =>": {"c?": {"<key>": "a.d", "<type>": "bool", "<persist>": false}, "d?": {"<type>": "number", "<value>": "-0"}}}, {"<= + =>": {"e?": {"<key>": "e", "<validators>": {"equal": 0.30, "equal_previous!": true}}}}]"#,
    groupSpec,
    valueRuleSpec,
  ]

  /// A fixed spec with every value-rule word: formats, literal bounds and bounds by path (one inside a
  /// repeated group's element), lists of mixed kinds on an untyped and a number view.
  private static let valueRuleSpec =
    #"[{"<T + T>": {"f?": {"<key>": "stay.in", "<format>": "date", "<min>": "2027-04-01", "<max>": "2027-10-31"}}}, {"<= + =>": {"f?": {"<key>": "stay.out", "<format>": "date", "<min>": "stay/in"}}}, {"<= + =>": {"f?": {"<key>": "at", "<format>": "date_time", "<max>": "2030-01-01T00:00:00Z"}, "g?": {"<key>": "slot", "<format>": "time", "<max>": "23:30"}}}, {"<= + =>": {"f?": {"<key>": "site", "<format>": "url", "<schemes>": ["https", "mailto"]}, "g?": {"<key>": "ref", "<format>": "uuid"}}}, {"<= + =>": {"f?": {"<key>": "country", "<in>": ["DE", "FR", 5, true]}, "g?": {"<key>": "n", "<type>": "number", "<not_in>": [0, 1.5]}}}, {"<= + =>": {"f?": {"<key>": "nights.*.from", "<format>": "time"}, "g?": {"<key>": "nights.*.to", "<format>": "time", "<min>": "from", "<max>": "/slot"}}}]"#

  private static let validateForms: [CompiledForm] = validateSpecs.compactMap {
    FormCompiler.compile(string: $0).form
  }

  /// The keys of each of `validateForms`' views, for asserting that failures name them.
  private static let validateFormKeys: [Set<String>] = validateForms.map { Set($0.fieldKeys) }

  /// The option sets a fuzzed record is validated under.
  private static let validateOptionSets = [
    ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(flat: true),
  ]

  /// The fixed record a fuzzed spec validates: arrays, flat indices and elements of every shape.
  private static let fixedRecord = Array(
    #"{"a": {"b": {"c": "7"}, "d": "on"}, "e": 0.3, "login": "x@y", "unknown_key_0": "aaa", "items": [{"name": "Tea", "qty": "2", "gift": true}, 7, null, {"name": [1]}], "tags.0": "a", "tags.3": "bb", "orders.*.lines.*.a": "x"}"#
      .utf8)

  /// `validate` on arbitrary bytes: after the input's first byte (`FuzzChoice`), a record for one fixed
  /// spec under one option set, or a spec for the fixed record; under `.every`, all of them.
  ///
  /// Every failure names a field of the form (or an element or a group of it); `unknown_key_N` numbering
  /// follows the compiler's PF501 count. Thorough choices also validate twice for the same result, read the
  /// result's JSON back, and give a record of a form with groups the same line in NDJSON.
  package static func validate(_ bytes: [UInt8], mode: FuzzMode) -> String? {
    guard validateForms.count == validateSpecs.count else { return "a fixed spec no longer compiles" }
    let records = validateForms.count * validateOptionSets.count
    let body = Array(bytes.dropFirst())
    for choice in FuzzChoice.cases(of: bytes, among: records + 1, mode: mode) {
      let problem =
        choice.index == records
        ? validateSpec(body, thorough: choice.thorough)
        : validateRecord(
          choice.index / validateOptionSets.count, body, validateOptionSets[choice.index % validateOptionSets.count],
          thorough: choice.thorough)
      if let problem { return problem }
    }
    return nil
  }

  /// `body` as a spec validating the fixed record with every failure.
  private static func validateSpec(_ body: [UInt8], thorough: Bool) -> String? {
    let compiled = FormCompiler.compile(bytes: body, name: "<fuzz>", options: fuzzOptions)
    guard let form = compiled.form else { return nil }
    let warned = compiled.diagnostics.filter { $0.code == .missingKey }.count
    let keys = Set(form.fieldKeys)
    if let missing = (0..<warned).map({ "unknown_key_\($0)" }).first(where: { !keys.contains($0) }) {
      return "\(warned) PF501 warnings, but no field is named \(missing)"
    }
    return validated(form, keys: keys, fixedRecord, ValidationOptions(allFailures: true), thorough: thorough)
  }

  /// `body` as a record of fixed form `number`.
  private static func validateRecord(_ number: Int, _ body: [UInt8], _ options: ValidationOptions, thorough: Bool)
    -> String?
  {
    validated(validateForms[number], keys: validateFormKeys[number], body, options, thorough: thorough)
  }

  /// One validation's invariants, with the thorough ones when asked.
  private static func validated(
    _ form: CompiledForm, keys: Set<String>, _ bytes: [UInt8], _ options: ValidationOptions, thorough: Bool
  ) -> String? {
    let first = Result { () throws(InputError) in try form.validate(json: bytes, options: options) }
    if thorough {
      let second = Result { () throws(InputError) in try form.validate(json: bytes, options: options) }
      switch (first, second) {
      case (.success(let a), .success(let b)):
        guard a == b, a.jsonText == b.jsonText else { return "validating twice gave different results" }
      case (.failure(let a), .failure(let b)):
        guard a.description == b.description else { return "validating twice gave different errors" }
      default:
        return "validating twice succeeded once and failed once"
      }
    }
    guard case .success(let result) = first else { return nil }
    if let stray = result.failures.first(where: { !namesAField($0.key, keys: keys) }) {
      return "failure for '\(stray.key)', which is no field of the form"
    }
    guard thorough else { return nil }
    let (parsed, problems) = JSONReader.read(SourceFile(name: "<result>", text: result.jsonText))
    guard problems.isEmpty, parsed != nil else {
      return "result JSON does not read back: \(result.jsonText.prefix(200))"
    }
    if keys.contains(where: { $0.contains("*") }), options == ValidationOptions() {
      return ndjsonProblem(form, bytes, result)
    }
    return nil
  }

  /// Whether two values are the same document, their source ranges aside (documents read from different
  /// texts): compared in place, without building a copy of either.
  private static func sameShape(_ left: JSONNode, _ right: JSONNode) -> Bool {
    switch (left.kind, right.kind) {
    case (.null, .null), (.invalid, .invalid): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)), (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { sameShape($0, $1) }
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && sameShape($0.value, $1.value) }
    default: return false
    }
  }
}

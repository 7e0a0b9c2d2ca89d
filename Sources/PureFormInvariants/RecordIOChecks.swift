import Foundation
import PureForm

/// The readers and writers around the one rule kernel agree: the stream's validator (`RecordScanner`, then
/// the kernel, then `LineSink`) writes one output line per record, an `error` line exactly for the lines
/// `JSONReader` reads as no JSON object (the scanner accepts the reader's JSON, no more and no less); the
/// library call (`CompiledForm.validate(json:options:)`, under every option set that shapes a
/// `ValidationResult`, the kernel writing through `ResultSink`) gives the result whose `jsonText` is that
/// line after its `"line":N,`, or throws where it is an error; and, on thorough choices, the same record
/// given as a `FormValue` (`validate(_:options:)`) gives the same result as its bytes.
///
/// It asserts agreement only, never a verdict, so it holds whatever the validation rules are.
extension InvariantChecks {
  /// One fixed spec the record I/O target validates against.
  package struct RecordIOSpec: Sendable {
    /// Names the spec in a violation message.
    package var name: String
    /// The spec's JSON.
    package var json: String
    /// The settings it is compiled with.
    var settings: ValidationSettings
    /// The field the `field` option sets validate alone (one with live validators where the spec has one);
    /// nil for a form without fields.
    var field: String?
  }

  /// The settings of the keyboard spec: pads checked, and failure reasons whose texts need escaping.
  private static let keyboardSettings = ValidationSettings(
    failureReasons: [
      .minValue: "Under %@ \"quoted\" \u{E9}", .keyboardType: "Pad\tonly", .required: "",
      .typeMismatch: "Not a %@ (%@)", .equalPrevious: "\\ back\u{1}slash",
    ],
    keyboardTypeValidation: true)

  /// The specs every fuzzed record is validated against, compiled once.
  ///
  /// Together they have fields without `<type>` and with each type, initial values of each kind, every
  /// validator (live and not, `equal` with each kind of argument), neighbours, the keyboard pads under
  /// `keyboardTypeValidation`, nested dotted keys, keys that need escaping, keyless views, `<persist>`
  /// false, `<messages>` and failure reasons, every form of `<visible_if>`, `<required_if>` and `<same_as>`,
  /// repeated groups of objects and of scalars with `<items>` bounds and conditions inside elements;
  /// and, from `validateSpecs`, the login and benchmark forms and a catastrophic pattern.
  package static let recordIOSpecs: [RecordIOSpec] = [
    RecordIOSpec(
      name: "untyped",
      json: #"""
        [
          {"<T + T>": {"f?": {"<key>": "s", "<value>": "abc",
            "<validators>": {"required": true, "equal": "abc", "min_length!": 2, "max_length": 5}}}},
          {"<= + =>": {"f?": {"<key>": "n", "<value>": 42,
            "<validators>": {"equal": 42, "min_value": -1.5, "max_value!": 100}}}},
          {"<= + =>": {"f?": {"<key>": "b", "<value>": true, "<validators>": {"equal": true, "min_length": 1}}}},
          {"<= + =>": {"f?": {"<key>": "e", "<value>": "",
            "<validators>": {"required!": true, "type": "email", "custom!": "email"}}}},
          {"<= + =>": {"f?": {"<key>": "fn", "<validators>": {"type!": "full_name", "equal_length": 8}}}},
          {"<= + =>": {"f?": {"<key>": "p", "<value>": 0.5,
            "<validators>": {"custom": "[a-z]+[0-9]*", "equal_next": true, "min_length": 1}}}},
          {"<= + =>": {"f?": {"<key>": "q",
            "<validators>": {"equal_previous!": true, "required": false, "equal_length!": 4}},
            "g?": {"<key>": "r", "<value>": false, "<validators>": {"equal": false, "max_length": 4}}}},
          {"<= + =>": {"f?": {"<validators>": {"max_length!": 4, "equal": "\u00e9\"\\\u0001"}}}},
          {"<= + =>": {"f?": {"<value>": 1e400, "<validators>": {"min_value": 0.25, "custom": "\\d+(\\.\\d+)?|\u00e9+|[\\x{1F600}-\\x{1F64F}]"}}}},
          {"<section>": 1},
          {"<S + S>": {"f?": {"<key>": "v", "<value>": -0.0,
            "<validators>": {"equal": 0, "min_value": -1e-400, "max_value": 123456789012345678901234567890}}}}
        ]
        """#,
      settings: ValidationSettings(), field: "q"),
    RecordIOSpec(
      name: "typed",
      json: #"""
        [
          {"<T + T>": {"f?": {"<key>": "t.text", "<type>": "text", "<value>": "hello",
            "<validators>": {"required": true, "min_length": 1, "max_length!": 8, "equal_length": 5,
              "custom": "h.*", "equal": "hello"},
            "<messages>": {"type_mismatch": "Not text: %@", "max_length": "\u2264 %@ \"chars\"", "custom": "\n"}}}},
          {"<= + =>": {"f?": {"<key>": "t.number", "<type>": "number", "<value>": 1.5,
            "<validators>": {"min_value": -0.5, "max_value": 1e400, "required!": true}}}},
          {"<= + =>": {"f?": {"<key>": "t.integer", "<type>": "integer", "<value>": -3,
            "<validators>": {"min_value!": -100, "max_value": 123456789012345678901234567890,
              "equal_previous": true, "equal": 3.0}}}},
          {"<= + =>": {"f?": {"<key>": "t.bool", "<type>": "bool", "<value>": false,
            "<validators>": {"equal": true, "equal_next!": true},
            "<messages>": {"equal": "Accept", "type_mismatch": "bool please", "equal_next": "%@%@"}}}},
          {"<= + =>": {"f?": {"<key>": "t.bool2", "<type>": "bool", "<validators>": {"equal": 1, "required": true}}}},
          {"<= + =>": {"f?": {"<key>": "t.image", "<type>": "image", "<value>": "ic_x",
            "<validators>": {"required": true, "equal": "ic_x", "custom": "ic_[a-z]+", "max_length": 10}}}},
          {"<= + =>": {"f?": {"<key>": "u", "<type>": "number", "<value>": "-0", "<persist>": false,
            "<validators>": {"equal": 0, "min_value": 0}}}},
          {"<= + =>": {"f?": {"<key>": "w", "<type>": "integer", "<value>": "7",
            "<validators>": {"equal": 7, "max_value": 9007199254740993}}}},
          {"<= + =>": {"f?": {"<type>": "text", "<value>": "", "<validators>": {"min_length!": 0}}}}
        ]
        """#,
      settings: ValidationSettings(), field: "t.integer"),
    RecordIOSpec(
      name: "keyboard",
      json: #"""
        [
          {"<T + T>": {"f?": {"<key>": "digits", "keyboardType": "UIKeyboardTypeNumberPad",
            "<validators>": {"max_length!": 6}, "<messages>": {"keyboard_type": "digits only"}}}},
          {"<= + =>": {"f?": {"<key>": "phone", "keyboardType": "UIKeyboardTypePhonePad",
            "<validators>": {"required": true}}}},
          {"<= + =>": {"f?": {"<key>": "decimal", "keyboardType": "UIKeyboardTypeDecimalPad", "<type>": "number",
            "<validators>": {"min_value": 0.01, "equal_next": true}}}},
          {"<= + =>": {"f?": {"<key>": "count", "keyboardType": 4, "<type>": "integer", "<value>": 1,
            "<validators>": {"max_value!": 99}}}},
          {"<= + =>": {"f?": {"<key>": "ascii", "keyboardType": "UIKeyboardTypeASCIICapableNumberPad",
            "<type>": "text", "<validators>": {"equal_length": 4, "custom": "[0-9]*"},
            "<messages>": {"keyboard_type": "\u00e9", "custom": "four digits"}}}},
          {"<= + =>": {"f?": {"<key>": "pin.code", "keyboardType": "UIKeyboardTypeDecimalPad", "<value>": "0,5",
            "<validators>": {"equal_previous!": true, "min_length!": 1}}}},
          {"<= + =>": {"f?": {"<key>": "pin.flag", "keyboardType": "UIKeyboardTypePhonePad", "<type>": "bool"}}},
          {"<= + =>": {"f?": {"keyboardType": "UIKeyboardTypeNumberPad", "<value>": 12,
            "<validators>": {"equal": 12}}}},
          {"<= + =>": {"f?": {"<key>": "email", "keyboardType": "UIKeyboardTypeEmailAddress",
            "<validators>": {"type": "email"}}}}
        ]
        """#,
      settings: keyboardSettings, field: "pin.code"),
    RecordIOSpec(
      name: "nested",
      json: #"""
        [
          {"<T + T>": {"a?": {"<key>": "a.b.c", "<validators>": {"required": true}},
            "b?": {"<key>": "a.b.d", "<type>": "integer"}}},
          {"<= + =>": {"c?": {"<key>": "a.e", "<value>": "x", "<persist>": false,
            "<validators>": {"equal_previous": true}}}},
          {"<= + =>": {"d?": {"<validators>": {"min_length": 1}}, "e?": {}}},
          {"<section>": 1},
          {"<X + X>": {"f?": {"<key>": "x.y.z.w", "<type>": "bool", "<value>": true, "<persist>": false}}},
          {"<= + =>": {"g?": {"<key>": "q\"uote.back\\slash", "<validators>": {"equal_next!": true}}}},
          {"<= + =>": {"h?": {"<key>": "sp ace.tab\t.ctl\u0001", "<type>": "text", "<persist>": false}}},
          {"<= + =>": {"i?": {"<key>": "unknown_key_9", "<value>": 1}}},
          {"<= + =>": {"j?": {"<key>": "a.b.c2.d.e.f.g", "<type>": "number"}}},
          {"<= + =>": {"k?": {"<key>": "x.y.v", "<value>": 0}, "l?": {"<key>": "ab"}, "m?": {"<key>": "a.bc"}}}
        ]
        """#,
      settings: ValidationSettings(), field: #"q"uote.back\slash"#),
    RecordIOSpec(
      name: "conditions",
      json: #"""
        [
          {"<C + c>": {"f?": {"<key>": "n", "<type>": "number"}}},
          {"<= + =>": {"f?": {"<key>": "b", "<type>": "bool"}}},
          {"<= + =>": {"f?": {"<key>": "t"}}},
          {"<= + =>": {"f?": {"<key>": "box.x", "<visible_if>": "n", "<validators>": {"required": true}}}},
          {"<= + =>": {"f?": {"<key>": "box.y", "<visible_if>": "!b", "<type>": "integer",
            "<validators>": {"equal_next": true}}}},
          {"<= + =>": {"f?": {"<key>": "box.z", "<visible_if>": {"t": ["a", null, 1]}, "<persist>": false}}},
          {"<= + =>": {"f?": {"<key>": "deep.a.b", "<visible_if>": {"<all>": ["n", {"<not>": "b"}]}}}},
          {"<= + =>": {"f?": {"<key>": "deep.a.c", "<visible_if>": {"<any>": [{"n": 2}, {"b": true}, {"t": "x"}]},
            "<required_if>": {"n": 2.0}, "<same_as>": "/t", "<validators>": {"min_length": 2}}}},
          {"<= + =>": {"f?": {"<key>": "e", "<visible_if>": {"<all>": []}, "<required_if>": {"<any>": []}}}},
          {"<= + =>": {"f?": {"<key>": "g", "<visible_if>": {"<any>": []}}}},
          {"<= + =>": {"f?": {"<key>": "h", "<required_if>": {"n": 1, "b": false}, "<value>": "\"q\""}}},
          {"<= + =>": {"f?": {"<key>": "i", "<visible_if>": "deep/a/c", "<required_if>": "box/x",
            "<messages>": {"required_if": "needed \"now\""}}}}
        ]
        """#,
      settings: ValidationSettings(), field: "deep.a.c"),
    RecordIOSpec(
      name: "groups",
      json: #"""
        [
          {"<C + c>": {"f?": {"<key>": "v", "<type>": "integer"}}},
          {"<= + =>": {"f?": {"<key>": "items.*.s", "<items>": {"min": 1, "max": 3},
            "<validators>": {"required": true, "max_length": 4}, "<messages>": {"min_items": "one \"or\" more"}}}},
          {"<= + =>": {"f?": {"<key>": "items.*.q", "<type>": "integer", "<value>": 1,
            "<validators>": {"min_value": 1, "equal_next": true}}}},
          {"<= + =>": {"f?": {"<key>": "items.*.r", "<type>": "integer", "<visible_if>": "s"}}},
          {"<= + =>": {"f?": {"<key>": "items.*.n", "<visible_if>": {"q": [2, 3]}, "<required_if>": "/v",
            "<persist>": false}}},
          {"<= + =>": {"f?": {"<key>": "tags.*", "<type>": "bool", "<items>": {"max": 2},
            "<visible_if>": "/v"}}},
          {"<= + =>": {"f?": {"<key>": "w", "<visible_if>": "v", "<validators>": {"required": true}}}}
        ]
        """#,
      settings: ValidationSettings(), field: "items.*.q"),
    RecordIOSpec(
      name: "nested groups",
      json: #"""
        [
          {"<C + c>": {"f?": {"<key>": "orders.*.id", "<items>": {"min": 1, "max": 3},
            "<validators>": {"required": true, "max_length": 3}}}},
          {"<= + =>": {"f?": {"<key>": "orders.*.ship.city", "<validators>": {"max_length": 8}}}},
          {"<= + =>": {"f?": {"<key>": "orders.*.lines.*.sku", "<items>": {"min": 1, "max": 2},
            "<validators>": {"required": true, "min_length": 2}}}},
          {"<= + =>": {"f?": {"<key>": "orders.*.lines.*.qty", "<type>": "integer", "<value>": 1,
            "<visible_if>": "../ship/city", "<validators>": {"min_value": 1, "equal_previous": false}}}},
          {"<= + =>": {"f?": {"<key>": "orders.*.tags.*", "<type>": "number", "<items>": {"max": 2}}}},
          {"<= + =>": {"f?": {"<key>": "orders.*.box.parts.*.n", "<required_if>": "../../v"}}},
          {"<= + =>": {"f?": {"<key>": "v", "<type>": "bool"}}}
        ]
        """#,
      settings: ValidationSettings(), field: "orders.*.lines.*.sku"),
    RecordIOSpec(
      name: "login", json: validateSpecs[0], settings: ValidationSettings(), field: "password"),
    RecordIOSpec(
      name: "benchmark", json: validateSpecs[1], settings: ValidationSettings(), field: "password_confirm"),
    RecordIOSpec(
      name: "catastrophic", json: validateSpecs[2], settings: ValidationSettings(), field: "e"),
    RecordIOSpec(
      name: "no fields", json: #"[{"<B + B>": {"titleLabel": {"text": "x"}}}]"#, settings: ValidationSettings(),
      field: nil),
  ]

  /// One spec with one option set, and the record plan the stream's validator runs: the one
  /// `RecordValidator(form:options:)` builds, made once.
  private struct RecordIOCase: Sendable {
    var spec: String
    var label: String
    var plan: RecordPlan
    /// The compiled form, for the option sets the library call takes (every one but the NDJSON-only `idKey`
    /// and `includesValues`, which shape no `ValidationResult`); nil for the others.
    var form: CompiledForm?
    /// The options the case validates with.
    var options: ValidationOptions
  }

  /// Every spec under every option set, or why the fixed specs cannot be used (a spec that no longer
  /// compiles, or an option set its validators refuse).
  private static let recordIOCases: (cases: [RecordIOCase], problem: String?) = {
    var cases: [RecordIOCase] = []
    for spec in recordIOSpecs {
      let result = FormCompiler.compile(
        string: spec.json, name: "<\(spec.name)>", options: CompileOptions(settings: spec.settings))
      guard let form = result.form else {
        let errors = result.diagnostics.filter { $0.severity == .error }
        let shown = errors.prefix(3).map { DiagnosticRenderer.text($0, in: result.source) }
        return ([], "fixed spec '\(spec.name)' no longer compiles:\n" + shown.joined(separator: "\n"))
      }
      var sets: [(String, ValidationOptions)] = [
        ("default", ValidationOptions()), ("allFailures", ValidationOptions(allFailures: true)),
        ("flat", ValidationOptions(flat: true)),
        // NDJSON pipelines: a top-level member echoed as `id` (a field's key here), valid lines without values.
        ("id 'v', no values", ValidationOptions(allFailures: true, idKey: "v", includesValues: false)),
      ]
      if let field = spec.field {
        let live = ValidationOptions(allFailures: true, field: field, liveOnly: true)
        sets.append(("field '\(field)', flat", ValidationOptions(field: field, flat: true)))
        sets.append(("field '\(field)', liveOnly, allFailures", live))
      }
      for (label, options) in sets {
        do throws(InputError) {
          let plan = try RecordValidator.plan(of: form, options: options)
          let library = options.idKey == nil && options.includesValues ? form : nil
          cases.append(RecordIOCase(spec: spec.name, label: label, plan: plan, form: library, options: options))
        } catch {
          return ([], "fixed spec '\(spec.name)' refuses the options \(label): \(error.description)")
        }
      }
    }
    return (cases, nil)
  }()

  /// How many records a record I/O check validated, and how many of them were records (not an `error` line).
  package struct RecordIOCounts {
    /// Lines validated, once per spec, option set and line.
    package var records = 0
    /// Of those, the ones the kernel validated: JSON objects.
    package var validated = 0

    /// No records yet.
    package init() {}
  }

  /// `recordIO(_:mode:counts:)` without the counts.
  package static func recordIO(_ bytes: [UInt8], mode: FuzzMode) -> String? {
    var counts = RecordIOCounts()
    return recordIO(bytes, mode: mode, counts: &counts)
  }

  /// Validates each line of `bytes` after its first byte (split at line feeds, nothing stripped) by the
  /// stream's validator and by the library call (as bytes and, when thorough, as a `FormValue`),
  /// for the fixed spec and option set that byte chooses (`FuzzChoice`; every one under `.every`); nil when
  /// every output line, verdict and result agree.
  ///
  /// The validators are reused from input to input, as a stream's worker reuses its own for every record
  /// (making them anew for each input took longer than validating it); after a disagreement the input is
  /// checked again with new ones, and the message says whether it disagrees on its own. Each line is copied
  /// into memory of exactly its size, so that AddressSanitizer sees a read past its end.
  package static func recordIO(_ bytes: [UInt8], mode: FuzzMode, counts: inout RecordIOCounts) -> String? {
    if let problem = recordIOCases.problem { return problem }
    let lines = bytes.dropFirst().split(separator: 0x0A, omittingEmptySubsequences: false)
    var pairs = ValidatorPool.shared.take() ?? recordIOCases.cases.map { RecordValidator(plan: $0.plan) }
    defer { ValidatorPool.shared.giveBack(pairs) }
    for choice in FuzzChoice.cases(of: bytes, among: recordIOCases.cases.count, mode: mode) {
      let number = choice.index
      let item = recordIOCases.cases[number]
      guard
        let disagreement = firstDisagreement(lines, item, &pairs[number], thorough: choice.thorough, counts: &counts)
      else { continue }
      var fresh = RecordValidator(plan: item.plan)
      var ignored = RecordIOCounts()
      let alone =
        firstDisagreement(lines, item, &fresh, thorough: choice.thorough, counts: &ignored) != nil
        ? "new validators disagree on this input too"
        : "new validators agree: they disagree only after the records of earlier inputs"
      return "spec '\(item.spec)', options \(item.label): \(disagreement)\n  (\(alone))"
    }
    return nil
  }

  /// The validators of every case, kept between inputs; a caller takes a whole set and gives it back, so
  /// callers on several threads never share a validator.
  private final class ValidatorPool: @unchecked Sendable {
    static let shared = ValidatorPool()
    private let lock = NSLock()
    /// Only touched with `lock` held.
    private var idle: [[RecordValidator]] = []

    func take() -> [RecordValidator]? {
      lock.lock()
      defer { lock.unlock() }
      return idle.popLast()
    }

    func giveBack(_ pairs: [RecordValidator]) {
      lock.lock()
      defer { lock.unlock() }
      idle.append(pairs)
    }
  }

  /// The first of `lines` on which the stream's `validator` writes other than one output line of the record,
  /// tells a record from no record otherwise than `JSONReader` does, or the library call disagrees with the
  /// line (`libraryDisagreement`), described; nil when there is none.
  private static func firstDisagreement(
    _ lines: [ArraySlice<UInt8>], _ item: RecordIOCase, _ validator: inout RecordValidator, thorough: Bool,
    counts: inout RecordIOCounts
  ) -> String? {
    for (index, line) in lines.enumerated() {
      let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: line.count, alignment: 1)
      defer { copy.deallocate() }
      copy.copyBytes(from: line)
      let record = UnsafeRawBufferPointer(copy)
      let verdict = validator.validate(line: record, number: index + 1)
      counts.records += 1
      let prefix = Array(#"{"line":\#(index + 1),"#.utf8)
      let output = validator.outputLine
      guard output.starts(with: prefix), output.firstIndex(of: 0x0A) == output.count - 1 else {
        return """
          the stream's line for line \(index + 1) is not one line of this record
            input:  \(shown(Array(line)))
            output: \(shown(output))
          """
      }
      // The kernel takes a line exactly when the reader reads a JSON object there.
      let (node, problems) = JSONReader.read(SourceFile(name: "<record>", bytes: Array(line)))
      var isObject = false
      if let node, !problems.contains(where: { $0.severity == .error }), case .object = node.kind { isObject = true }
      if verdict != .malformed { counts.validated += 1 }
      if (verdict == .malformed) == isObject {
        return """
          the kernel \(isObject ? "did not take" : "took") line \(index + 1), which the reader reads as \(isObject ? "a JSON object" : "no JSON object")
            input:  \(shown(Array(line)))
            output: \(shown(output, output: true))
          """
      }
      guard let form = item.form else { continue }
      if let problem = libraryDisagreement(
        record, number: index + 1, form, item.options, stream: (verdict, validator.outputLine), thorough: thorough)
      {
        return problem
      }
    }
    return nil
  }

  /// How the library call on `record` (line `number` of the input) disagrees with `stream`, described.
  ///
  /// `stream` is the verdict and output line the stream's validator wrote for the record (what
  /// `validateNDJSON` writes); the library agrees when its result's `jsonText` is that line after
  /// `"line":N,`, or when it throws and the line is an error. When `thorough`, the record read as a
  /// `FormValue` (where it is JSON) must give the same result, or throw as well.
  private static func libraryDisagreement(
    _ record: UnsafeRawBufferPointer, number: Int, _ form: CompiledForm, _ options: ValidationOptions,
    stream: (verdict: RecordVerdict, line: [UInt8]), thorough: Bool
  ) -> String? {
    let library = Result { () throws(InputError) in try form.validate(json: record, options: options) }
    let agrees: Bool
    switch library {
    case .success(let result):
      let expected = Array(#"{"line":\#(number),"#.utf8) + Array(result.jsonText.utf8.dropFirst()) + [0x0A]
      agrees = expected == stream.line && stream.verdict == (result.isValid ? .valid : .invalid)
    case .failure:
      agrees = stream.verdict == .malformed
    }
    guard agrees else {
      return """
        the library call disagrees with the stream's line on line \(number) of the input
          input:      \(shown(Array(record)))
          library:    \((try? library.get().jsonText) ?? "throws")
          stream:     \(stream.verdict) \(shown(stream.line, output: true))
        """
    }
    guard thorough else { return nil }
    let (node, problems) = JSONReader.read(SourceFile(name: "<record>", bytes: Array(record)))
    guard problems.isEmpty, let node else { return nil }
    let fromValue = Result { () throws(InputError) in try form.validate(FormValue(node), options: options) }
    switch (library, fromValue) {
    case (.success(let bytesIn), .success(let valueIn)):
      if bytesIn == valueIn, bytesIn.jsonText == valueIn.jsonText { return nil }
    case (.failure, .failure):
      return nil
    default:
      break
    }
    return """
      the record as a FormValue gives another result than its bytes on line \(number) of the input
        input:      \(shown(Array(record)))
        bytes in:   \((try? library.get().jsonText) ?? "throws")
        value in:   \((try? fromValue.get().jsonText) ?? "throws")
      """
  }

  /// Bytes for a message, at most 2,000 characters of them.
  ///
  /// A quoted string with escapes (`\u{…}` for controls), or hex when the bytes are not UTF-8; an output
  /// line (JSON, so without controls) is shown as it is, without its line feed.
  private static func shown(_ bytes: [UInt8], output: Bool = false) -> String {
    let text: String
    if let decoded = String(validating: bytes, as: UTF8.self) {
      let line = decoded.hasSuffix("\n") ? String(decoded.dropLast()) : decoded
      text = output && !line.unicodeScalars.contains { $0.value < 0x20 } ? line : decoded.debugDescription
    } else {
      text = "(not UTF-8) " + bytes.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined(separator: " ")
    }
    return text.count > 2000 ? text.prefix(2000) + "… (\(bytes.count) bytes)" : text
  }
}

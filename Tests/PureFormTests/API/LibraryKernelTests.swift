import Foundation
import Testing

@testable import PureForm
@testable import PureFormInvariants

/// The library call on the kernel: `form.validate(json:)` runs the record plan (`RecordEngine.run` with
/// `ResultSink`) and gives, record for record, the result recorded for it (`ReferenceOutputs`, from the exact
/// path there was) whose `jsonText` is the line the stream's validator writes (`LineSink`), and the same
/// error for bytes that are no record; and `validate(_ values:)` gives what the value's JSON bytes give.
@Suite struct LibraryKernelTests {
  /// Whether the library's result for `line` under `options` is the stream validator's line for it (both
  /// refusing options alike).
  static func agrees(_ form: CompiledForm, _ line: [UInt8], options: ValidationOptions = ValidationOptions()) -> Bool {
    // The NDJSON-only options (an `id`, lines without values) shape no result: the line without them.
    var lineOptions = options
    lineOptions.idKey = nil
    lineOptions.includesValues = true
    guard var validator = try? RecordValidator(form: form, options: lineOptions) else {
      if case .failure = library(form, line, options: options) { return true }
      return false
    }
    _ = validator.validate(line: line, number: 1)
    let stream = String(decoding: validator.outputLine, as: UTF8.self)
    return stream == NDJSONStreamTests.libraryLine(form, line, number: 1, options: options)
  }

  /// The library call's result for `line`, or its error.
  static func library(
    _ form: CompiledForm, _ line: [UInt8], options: ValidationOptions = ValidationOptions()
  ) -> Result<ValidationResult, InputError> {
    Result { () throws(InputError) in try form.validate(json: line, options: options) }
  }

  /// Whether two outcomes are the same: equal results with the same `jsonText` and description, or errors
  /// with the same message.
  static func same(_ left: Result<ValidationResult, InputError>, _ right: Result<ValidationResult, InputError>) -> Bool
  {
    switch (left, right) {
    case (.success(let a), .success(let b)): return a == b && a.jsonText == b.jsonText && "\(a)" == "\(b)"
    case (.failure(let a), .failure(let b)): return a.description == b.description
    default: return false
    }
  }

  /// Compares the two on every line; returns how many lines the kernel took.
  static func compare(
    _ form: CompiledForm, _ lines: [[UInt8]], label: String = "",
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> Int {
    var mismatches = 0
    var taken = 0
    var outputs: [String] = []
    for line in lines {
      if line.withUnsafeBytes({ form.engines.validate($0) }) != nil { taken += 1 }
      let library = library(form, line)
      outputs.append(output(library))
      if !agrees(form, line) {
        mismatches += 1
        if mismatches <= 5 {
          Issue.record(
            """
            \(label) \(String(decoding: line, as: UTF8.self).debugDescription) \(line.prefix(32))
              library: \(library)
            """, sourceLocation: sourceLocation)
        }
      }
    }
    #expect(mismatches == 0, "\(label)", sourceLocation: sourceLocation)
    ReferenceOutputs.check(
      outputs, kind: "library", form: form, options: "", inputs: lines, sourceLocation: sourceLocation)
    return taken
  }

  /// An outcome as one line: the result's `jsonText`, or the error's message.
  static func output(_ outcome: Result<ValidationResult, InputError>) -> String {
    switch outcome {
    case .success(let result): return result.jsonText
    case .failure(let error): return "error: " + error.description
    }
  }

  @Test(arguments: ["login.json", "signup.json", "registration.json", "profile.json", "checkout.json"])
  func generatedRecordsGiveTheirRecordedResult(spec: String) throws {
    let form = try NDJSONStreamTests.form(spec)
    let lines = NDJSONStreamTests.lines(form, count: generatedCount(3000), seed: 30)
    let taken = Self.compare(form, lines)
    #expect(!form.engines.takesRecords || taken > lines.count / 4, "the kernel takes most records")
  }

  @Test func conditionsGiveTheirRecordedResult() throws {
    let form = try NDJSONStreamTests.form("business-account.json")
    let lines = ConditionKernelTests.records(
      ConditionKernelTests.businessChoices, count: generatedCount(3000), seed: 30)
    #expect(Self.compare(form, lines) == lines.count, "the kernel takes every record")
  }

  /// A form with repeated groups on the kernel (`RecordEngine.run`): each element's values, each
  /// failure at its element's key in `GroupRun`'s order, the hidden views at their elements; the shapes only
  /// read again as arrays (flat keys, a group that is not an array) still get their result.
  @Test func groupsGiveTheirRecordedResult() throws {
    let form = try NDJSONStreamTests.form("order.json")
    #expect(form.engines.takesRecords)
    let orders = GroupKernelTests.orders(count: generatedCount(3000), seed: 30)
    #expect(Self.compare(form, orders) > orders.count / 2, "the kernel takes most orders")
    _ = Self.compare(form, NDJSONStreamTests.lines(form, count: 500, seed: 30))
  }

  // MARK: The record I/O specs: every kind of field, validator, condition and key

  /// The fixed specs of the record I/O invariant, compiled with their settings.
  static func recordIOSpecForms() throws -> [(name: String, form: CompiledForm)] {
    try InvariantChecks.recordIOSpecs.map { spec in
      let result = FormCompiler.compile(
        string: spec.json, name: "<\(spec.name)>", options: CompileOptions(settings: spec.settings))
      return (spec.name, try #require(result.form, "\(spec.name) compiles"))
    }
  }

  /// The lines of the record I/O fuzz target's corpus and regressions: each file after its first byte, split
  /// at line feeds (what `InvariantChecks.recordIO` validates).
  static func recordIOCorpusLines() throws -> [[UInt8]] {
    var lines: [[UInt8]] = []
    for folder in ["Fuzz/corpus/record-io", "Fuzz/regressions/record-io"] {
      let url = NDJSONStreamTests.root.appendingPathComponent(folder)
      let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
      for name in names.sorted() {
        let bytes = [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
        lines += bytes.dropFirst().split(separator: 0x0A, omittingEmptySubsequences: false).map(Array.init)
      }
    }
    return lines
  }

  /// Each value a member can hold that coercion, escaping or the scanner treats apart.
  static let memberValues = [
    #""""#, #"" ""#, #""0""#, #""-0""#, #""1.50""#, #""1e400""#, #""12""#, #""abc""#, #""true""#, #""yes""#,
    #""NO""#, #""0,5""#, #""null""#, #""\u00e9\"\\\t""#, #""\ud83d\ude00""#, #""\ud800""#, #""h\u0000i""#,
    #""hello""#, #""ic_x""#, #""a@b.co""#, #""Jo Smith""#, "\"\u{E9}\u{1F600}\"", "0", "-0", "-0.0", "1.5", "42",
    "7", "1e400", "-1e-400", "123456789012345678901234567890", "9007199254740993", "true", "false", "null",
    "[]", "[1,2]", "{}", #"{"x":1}"#, #""\#(String(repeating: "x", count: 5000))""#,
  ]

  /// Records for `form`'s keys: one member at a time, nested and dotted, each of `memberValues`; every key
  /// at once; and bytes that are no record or no plain one.
  static func edgeRecords(_ form: CompiledForm) -> [[UInt8]] {
    var records: [String] = [
      "", " ", "{}", " {} ", "{}\n", "{}\r\n", "\u{FEFF}{}", "[]", "null", "1", #""x""#, "{} {}", "{}x",
      #"{"a":1,}"#, #"{"a":1"#, "{", "}", #"{"a":}"#, #"{"a" 1}"#, "{\t\"a\"\r\n:\n1 }",
      #"{"\ud800":1}"#, #"{"a":"#, String(repeating: "[", count: 300) + String(repeating: "]", count: 300),
      "{\"d\":" + String(repeating: "[", count: 200) + String(repeating: "]", count: 200) + "}",
    ]
    let keys = form.fieldKeys
    func quoted(_ key: String) -> String { OutputJSON.string(key).rendered() }
    func nested(_ key: String, _ value: String) -> String {
      key.split(separator: ".", omittingEmptySubsequences: false).reversed().reduce(value) {
        "{\(quoted(String($1))):\($0)}"
      }
    }
    for value in memberValues {
      for key in keys {
        records.append("{\(quoted(key)):\(value)}")
        if key.contains(".") { records.append(nested(key, value)) }
        records.append("{\(quoted(key)):\(value),\(quoted(key)):\(value)}")
      }
      records.append("{" + keys.map { "\(quoted($0)):\(value)" }.joined(separator: ",") + "}")
      records.append("{\n  " + keys.map { "\(quoted($0)): \(value)" }.joined(separator: ",\n  ") + "\n}\n")
    }
    for (index, key) in keys.enumerated() {
      let others = keys.enumerated().map { "\(quoted($0.element)):\(memberValues[($0.offset + index) % 30])" }
      records.append("{" + others.joined(separator: ",") + "}")
      records.append("{\(quoted(key)):1," + others.joined(separator: ",") + ",\"extra\":{\"k\":[1,{\"z\":null}]}}")
    }
    var bytes = records.map { Array($0.utf8) }
    // Not UTF-8: a lone continuation byte, an overlong form, a cut-short sequence, in a value and in a key.
    for bad: [UInt8] in [[0x80], [0xC0, 0xAF], [0xE2, 0x82], [0xFF]] {
      for key in keys.prefix(3) {
        bytes.append(Array("{\(quoted(key)):\"a".utf8) + bad + Array("b\"}".utf8))
        bytes.append(Array("{\"".utf8) + bad + Array("\":1}".utf8))
      }
    }
    return bytes
  }

  @Test func recordIOSpecsGiveTheirRecordedResultOnTheirCorpusAndEdges() throws {
    let corpus = try Self.recordIOCorpusLines()
    #expect(corpus.count > 100, "the record I/O corpus is read")
    var taken = 0
    for (name, form) in try Self.recordIOSpecForms() {
      taken += Self.compare(form, corpus, label: name)
      taken += Self.compare(form, Self.edgeRecords(form), label: "\(name) (edges)")
    }
    #expect(taken > 1000, "the kernel takes many of these records")
  }

  // MARK: Records given as values

  /// `validate(_ values:)` gives what the value's JSON bytes give (`validate(json:)`).
  static func compareValues(
    _ form: CompiledForm, _ values: [FormValue], label: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    var mismatches = 0
    var outputs: [String] = []
    for value in values {
      let library = Result { () throws(InputError) in try form.validate(value) }
      outputs.append(output(library))
      let bytes = Result { () throws(InputError) in try form.validate(json: value.recordBytes) }
      if !same(library, bytes) {
        mismatches += 1
        if mismatches <= 5 {
          Issue.record("\(label) \(value)\n  value: \(library)\n  bytes: \(bytes)", sourceLocation: sourceLocation)
        }
      }
    }
    #expect(mismatches == 0, "\(label)", sourceLocation: sourceLocation)
    ReferenceOutputs.check(
      outputs, kind: "values", form: form, options: "", inputs: values.map { Array($0.recordBytes.utf8) },
      sourceLocation: sourceLocation)
  }

  /// The values of the records that are JSON, as `JSONReader` reads them.
  static func values(of lines: [[UInt8]]) -> [FormValue] {
    lines.compactMap { line in
      let (root, diagnostics) = JSONReader.read(SourceFile(name: "<record>", bytes: line))
      guard let root, !diagnostics.contains(where: { $0.severity == .error }) else { return nil }
      return FormValue(root)
    }
  }

  @Test func valuesGiveWhatTheirBytesGive() throws {
    let corpus = try Self.recordIOCorpusLines()
    for (name, form) in try Self.recordIOSpecForms() {
      let values = Self.values(of: corpus + Self.edgeRecords(form))
      Self.compareValues(form, values, label: name)
      Self.compareValues(form, [.null, .string("x"), .array([]), .number("1")], label: "\(name) (no object)")
      // Numbers whose text is no JSON number: the value is the record its JSON is, where they are strings.
      for text in ["abc", "1.", "+1", " 1", "01", ".5", "1e", "NaN", ""] {
        for key in form.fieldKeys {
          let value = FormValue.object([(key, .number(text))])
          let asJSON = try form.validate(json: value.outputJSON.rendered())
          #expect(try form.validate(value) == asJSON, "\(name) \(key) \(text)")
          #expect(asJSON == (try form.validate(FormValue.object([(key, .string(text))]))))
        }
      }
    }
    for spec in ["business-account.json", "order.json"] {
      let form = try NDJSONStreamTests.form(spec)
      let lines =
        spec == "order.json"
        ? GroupKernelTests.orders(count: generatedCount(1000), seed: 34)
        : ConditionKernelTests.records(ConditionKernelTests.businessChoices, count: generatedCount(1000), seed: 34)
      let values = Self.values(of: lines)
      Self.compareValues(form, values, label: spec)
      let taken = values.filter { form.engines.validate($0) != nil }.count
      #expect(taken > values.count / 2, "the kernel takes most of \(spec)'s values")
    }
  }

  // MARK: Registered validators

  /// A form with validators written in code runs on the kernel, each called with the value the model
  /// gives it, in a form with repeated groups too.
  @Test func registeredValidatorsGiveTheirRecordedResult() throws {
    let registry = LibraryExampleTests.registry()
    let flat = #"""
      [{"<A + B>": {"f?": {"<key>": "n", "<type>": "integer", "<validators>": {"multiple_of!": 5}}}},
       {"<= + =>": {"g?": {"<key>": "size", "<validators>": {"required": true, "one_of": ["S", "M", 1, true]}}}},
       {"<= + =>": {"h?": {"<key>": "ok", "<type>": "bool", "<validators>": {"one_of": [true]}}}}]
      """#
    let grouped = #"""
      [{"<A + B>": {"f?": {"<key>": "items.*.qty", "<type>": "number", "<validators>": {"multiple_of": 2}}}},
       {"<= + =>": {"g?": {"<key>": "items.*.size", "<validators>": {"one_of": ["S", "M"]}}}}]
      """#
    let values = ["5", "10", #""10""#, "7", #""S""#, #""M""#, #""XL""#, "1", "true", #""on""#, "null", #""""#]
    var lines: [[UInt8]] = []
    for a in values {
      for b in values {
        lines.append(Array(#"{"n": \#(a), "size": \#(b), "ok": \#(a)}"#.utf8))
        lines.append(Array(#"{"items": [{"qty": \#(a), "size": \#(b)}, {"qty": \#(b)}]}"#.utf8))
      }
    }
    for spec in [flat, grouped] {
      let form = try #require(FormCompiler.compile(string: spec, options: CompileOptions(validators: registry)).form)
      let taken = Self.compare(form, lines, label: spec)
      #expect(taken > lines.count / 2, "the kernel takes the records of a form with registered validators")
      let field = try #require(form.fieldKeys.first)
      for options in [ValidationOptions(allFailures: true), ValidationOptions(field: field, liveOnly: true)] {
        for line in lines {
          #expect(Self.agrees(form, line, options: options))
        }
      }
    }
  }

  // MARK: Value transformers

  /// A form whose fields have value transformers, and records that send each transformed field in many
  /// shapes: what the transformer tests here and the edit tests (`ChangeKernelTests`) run.
  static func transformerForm() throws -> (form: CompiledForm, lines: [[UInt8]]) {
    let spec = #"""
      [{"<A + B>": {"f?": {"<key>": "phone", "<validators>": {"min_length": 3, "custom": "[0-9]+"}}}},
       {"<= + =>": {"g?": {"<key>": "age", "<type>": "integer", "<value>": "7",
                           "<validators>": {"min_value": 18}}}},
       {"<= + =>": {"h?": {"<key>": "agree", "<type>": "bool", "<validators>": {"equal": true}}}},
       {"<= + =>": {"i?": {"<key>": "phone_again", "<validators>": {"equal_previous": true}}}},
       {"<= + =>": {"j?": {"<key>": "nick", "<visible_if>": "agree", "<validators>": {"required": true}}}},
       {"<= + =>": {"k?": {"<key>": "odd.shape", "<validators>": {"max_length": 4}}}}]
      """#
    let transformers: [String: ValueTransformer] = [
      "phone": { .string($0.description.filter(\.isNumber)) },
      "age": { value in
        guard case .string(let text) = value else { return value }
        return .number(text.trimmingCharacters(in: .whitespaces))
      },
      "agree": { value in
        guard case .string(let text) = value else { return value }
        return text == "yes" ? .bool(true) : text == "no" ? .bool(false) : .string(text)
      },
      "phone_again": { .string($0.description.filter(\.isNumber)) },
      "nick": { value in
        guard case .string(let text) = value else { return .null }
        return .string(text.uppercased() + "\"\u{1}é")
      },
      "odd.shape": { value in
        switch value {
        case .array(let elements): return .string(String(elements.count))
        case .object: return .array([])
        case .number(let text): return .number(text + ".")
        default: return value
        }
      },
    ]
    let form = try #require(
      FormCompiler.compile(string: spec, options: CompileOptions(transformers: transformers)).form)
    let values = [
      #""+1 (555) 010""#, #""12""#, "12", #"" 21 ""#, #""yes""#, #""no""#, "true", "null", #""""#, #""a\"b\u00e9""#,
      "[1,[2,{}]]", #"{"a":[1]}"#, "3", "-0.5e2",
    ]
    var lines: [[UInt8]] = []
    for a in values {
      for b in values {
        lines.append(
          Array(#"{"phone": \#(a), "age": \#(b), "agree": \#(a), "phone_again": \#(b), "nick": \#(b)}"#.utf8))
        lines.append(Array(#"{"odd": {"shape": \#(a)}, "age": \#(a), "phone": \#(b), "phone_again": \#(b)}"#.utf8))
        lines.append(Array(#"{"odd.shape": \#(b), "agree": \#(b), "nick": \#(a)}"#.utf8))
      }
    }
    return (form, lines)
  }

  /// A form with value transformers runs on the kernel: each transformed field gets the value recorded for it
  /// (`ReferenceOutputs`: its member's value or `<value>`, transformed, then coerced), which the checks, the
  /// conditions, the neighbours and the output read.
  @Test func transformersGiveTheirRecordedResult() throws {
    let (form, lines) = try Self.transformerForm()
    let taken = Self.compare(form, lines)
    #expect(taken > lines.count * 3 / 4, "the kernel takes the records of a form with transformers")
    for options in [
      ValidationOptions(allFailures: true), ValidationOptions(field: "age"), ValidationOptions(flat: true),
    ] {
      for line in lines {
        #expect(Self.agrees(form, line, options: options))
      }
    }
    Self.compareValues(form, Self.values(of: lines), label: "values")
  }

  /// A form with repeated groups whose fields have value transformers (the record's own, an object group's,
  /// a scalar group's), and records of it that send each field values the transformers change or refuse.
  static func groupedTransformerForm() throws -> (form: CompiledForm, lines: [[UInt8]]) {
    let spec = #"""
      [{"<A + B>": {"f?": {"<key>": "phone", "<validators>": {"min_length": 3, "custom": "[0-9]+"}}}},
       {"<= + =>": {"g?": {"<key>": "items.*.qty", "<type>": "integer", "<items>": {"max": 3},
                           "<validators>": {"min_value": 1}}}},
       {"<= + =>": {"h?": {"<key>": "items.*.code", "<visible_if>": "qty",
                           "<validators>": {"custom": "[A-Z]{3}", "equal_previous": false}}}},
       {"<= + =>": {"t?": {"<key>": "tags.*", "<validators>": {"max_length": 4}}}}]
      """#
    let transformers: [String: ValueTransformer] = [
      "phone": { .string($0.description.filter(\.isNumber)) },
      "items.*.qty": { value in
        guard case .string(let text) = value else { return value }
        return .number(text.trimmingCharacters(in: .whitespaces))
      },
      "items.*.code": { value in
        guard case .string(let text) = value else { return value }
        return .string(text.uppercased() + String(repeating: "é", count: text.count))
      },
      "tags.*": { value in
        guard case .string(let text) = value else { return value }
        return .string(String(text.reversed()))
      },
    ]
    let form = try #require(
      FormCompiler.compile(string: spec, options: CompileOptions(transformers: transformers)).form)
    let values = [#"" 2 ""#, "0", #""abc""#, #""ab""#, "null", #""""#, "[1]", "7"]
    var lines: [[UInt8]] = []
    for a in values {
      for b in values {
        lines.append(
          Array(
            #"{"phone": \#(a), "items": [{"qty": \#(a), "code": \#(b)}, {"qty": \#(b), "code": \#(a)}], "tags": [\#(a), \#(b)]}"#
              .utf8))
        lines.append(Array(#"{"items": [{"code": \#(b)}, {"qty": " 1 ", "code": "xyz"}], "tags": [\#(b)]}"#.utf8))
      }
    }
    return (form, lines)
  }

  /// Value transformers in a form with repeated groups, on the kernel: the record's own fields and each
  /// element's get their transformed values, element after element (each element's text in its own room).
  @Test func transformersInGroupsGiveTheirRecordedResult() throws {
    let (form, lines) = try Self.groupedTransformerForm()
    #expect(Self.compare(form, lines) == lines.count, "the kernel takes every record")
    for options in [ValidationOptions(allFailures: true), ValidationOptions(flat: true)] {
      for line in lines {
        #expect(Self.agrees(form, line, options: options))
      }
    }
    let (_, validated) = try NDJSONStreamTests.compare(form, lines, options: ValidationOptions())
    #expect(validated == lines.count)
  }

  /// Value transformers in nested groups: an element's transformed text stays in its group's room while the
  /// groups nested in it are read, so the element is written with its own values.
  @Test func transformersInNestedGroupsGiveTheirRecordedResult() throws {
    let spec = #"""
      [{"<A + B>": {"o?": {"<key>": "orders.*.code", "<validators>": {"max_length": 6}}}},
       {"<= + =>": {"l?": {"<key>": "orders.*.lines.*.code", "<validators>": {"custom": "[A-Z]+"}}}}]
      """#
    let upper: ValueTransformer = { value in
      guard case .string(let text) = value else { return value }
      return .string(text.uppercased())
    }
    let form = try #require(
      FormCompiler.compile(
        string: spec, options: CompileOptions(transformers: ["orders.*.code": upper, "orders.*.lines.*.code": upper])
      ).form)
    let values = [#""ab""#, #""cd""#, #""longer text""#, "7", "null"]
    // Each order's lines: its own code, then another (the last line's text is the element room's last).
    let lines = values.flatMap { a in
      values.map { b in
        Array(
          #"{"orders": [{"code": \#(a), "lines": [{"code": \#(a)}, {"code": \#(b)}]}, {"code": \#(b), "lines": []}]}"#
            .utf8)
      }
    }
    #expect(Self.compare(form, lines) == lines.count, "the kernel takes every record")
    let (expected, validated) = try NDJSONStreamTests.compare(form, lines, options: ValidationOptions())
    #expect(validated == lines.count)
    let valid = #"{"orders":[{"code":"AB","lines":[{"code":"AB"},{"code":"CD"}]},{"code":"CD","lines":[]}]}"#
    #expect(String(decoding: expected, as: UTF8.self).contains(#""valid":true,"values":"# + valid))
  }

  // MARK: Options, inputs and threads

  /// Every set of options gives the stream's line: the kernel runs the plan of those options.
  @Test func everyOptionGivesTheStreamsLine() throws {
    for spec in ["business-account.json", "order.json", "signup.json"] {
      let form = try NDJSONStreamTests.form(spec)
      let lines =
        switch spec {
        case "order.json": GroupKernelTests.orders(count: 200, seed: 31)
        case "signup.json": NDJSONStreamTests.lines(form, count: 200, seed: 31)
        default: ConditionKernelTests.records(ConditionKernelTests.businessChoices, count: 200, seed: 31)
        }
      var sets = [
        ValidationOptions(allFailures: true), ValidationOptions(flat: true),
        ValidationOptions(allFailures: true, flat: true), ValidationOptions(idKey: "id"),
        ValidationOptions(includesValues: false), ValidationOptions(field: "no.such.key"),
        ValidationOptions(liveOnly: true),
      ]
      for field in form.fieldKeys {
        sets += [ValidationOptions(field: field), ValidationOptions(allFailures: true, field: field, liveOnly: true)]
      }
      var taken = 0
      var kernelRecords = 0
      for options in sets {
        // An unknown field or `liveOnly` alone is an error on both.
        let kernelTakes = options.field != "no.such.key" && !(options.liveOnly && options.field == nil)
        if kernelTakes { kernelRecords += lines.count }
        for line in lines {
          #expect(
            Self.agrees(form, line, options: options), "\(spec) \(options) \(String(decoding: line, as: UTF8.self))")
          if let run = try? form.plan.runOptions(options),
            line.withUnsafeBytes({ form.engines(for: run).validate($0) }) != nil
          {
            taken += 1
          }
        }
      }
      #expect(taken > kernelRecords / 2, "the kernel takes most records under every option it runs (\(spec))")
    }
  }

  /// Every way of giving the bytes (an array, a slice, `Data`, a string, a collection without contiguous
  /// storage) gives the same result.
  @Test func everyByteInputGivesTheSameResult() throws {
    let form = try NDJSONStreamTests.form("business-account.json")
    let lines = ConditionKernelTests.records(ConditionKernelTests.businessChoices, count: 200, seed: 32)
    for line in lines {
      let expected = Self.library(form, line)
      let text = String(decoding: line, as: UTF8.self)
      let inputs: [Result<ValidationResult, InputError>] = [
        Result { () throws(InputError) in try form.validate(json: ([0x20] + line).dropFirst()) },
        Result { () throws(InputError) in try form.validate(json: Data(line)) },
        Result { () throws(InputError) in try form.validate(json: text) },
        Result { () throws(InputError) in try form.validate(json: line.lazy.map { $0 }) },
      ]
      for input in inputs { #expect(Self.same(input, expected)) }
    }
  }

  /// Threads validating with one form at once each get their own engine, and every record its own result.
  @Test func concurrentCallsGiveEachRecordsResult() async throws {
    let form = try NDJSONStreamTests.form("signup.json")
    let lines = NDJSONStreamTests.lines(form, count: 400, seed: 33)
    // Each record's result validated alone first, then by eight tasks at once.
    let expected = lines.map { Self.library(form, $0) }
    let agreed = await withTaskGroup(of: Int.self) { group in
      for task in 0..<8 {
        group.addTask {
          var count = 0
          for (index, line) in lines.enumerated() where (index + task) % 2 == 0 {
            if Self.same(Self.library(form, line), expected[index]) { count += 1 }
          }
          return count
        }
      }
      return await group.reduce(0, +)
    }
    #expect(agreed == 8 * lines.count / 2)
  }
}

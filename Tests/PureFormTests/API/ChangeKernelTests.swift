import Testing

@testable import PureForm
@testable import PureFormInvariants

/// An edit validated on the kernel (`RecordEnginePool.validateChange`: both records read view by view,
/// compared with `RecordEngine.differs`, the new one judged for the views that changed and those that read
/// them) gives, pair for pair, the `ChangeValidationResult` (or error) recorded for it (`ReferenceOutputs`,
/// from the exact path there was), from JSON bytes and alike from values, under every option set.
@Suite struct ChangeKernelTests {
  typealias Outcome = Result<ChangeValidationResult, ChangeInputError>

  static func same(_ left: Outcome, _ right: Outcome) -> Bool {
    switch (left, right) {
    case (.success(let a), .success(let b)): return a == b && a.jsonText == b.jsonText
    case (.failure(let a), .failure(let b)): return a.description == b.description
    default: return false
    }
  }

  /// Compares the two on each pair of consecutive `lines` (and each line with itself, and each value pair)
  /// under `options`; returns how many pairs the kernel took.
  static func compare(
    _ form: CompiledForm, _ lines: [[UInt8]], options: ValidationOptions = ValidationOptions(), label: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> Int {
    var mismatches = 0
    var taken = 0
    var outputs: [String] = []
    var pairs: [[UInt8]] = []
    let run = try? form.plan.runOptions(options)
    let engines = run.map { form.engines(for: $0) }
    func check(_ old: [UInt8], _ new: [UInt8]) {
      let kernel = Outcome { () throws(ChangeInputError) in
        try form.validate(json: new, changedFrom: old, options: options)
      }
      let took = old.withUnsafeBytes { oldBytes in
        new.withUnsafeBytes { newBytes in
          engines?.validateChange(from: oldBytes, to: newBytes, readers: run.flatMap { form.readers(for: $0) })
        }
      }
      if took != nil { taken += 1 }
      outputs.append(output(kernel))
      pairs.append(old + [0x0A] + new)
      // The same edit given as values (where both records are JSON) gives the same result.
      var agrees = true
      var values: Outcome?
      let (oldNode, oldProblems) = JSONReader.read(SourceFile(name: "", bytes: old))
      let (newNode, newProblems) = JSONReader.read(SourceFile(name: "", bytes: new))
      if let oldNode, let newNode, oldProblems.isEmpty, newProblems.isEmpty {
        let given = Outcome { () throws(ChangeInputError) in
          try form.validate(FormValue(newNode), changedFrom: FormValue(oldNode), options: options)
        }
        values = given
        agrees = same(given, kernel)
      }
      if !agrees {
        mismatches += 1
        if mismatches <= 5 {
          Issue.record(
            """
            \(label) \(options)
              old: \(String(decoding: old, as: UTF8.self).debugDescription)
              new: \(String(decoding: new, as: UTF8.self).debugDescription)
              bytes:  \(kernel)
              values: \(values.map { "\($0)" } ?? "-")
            """, sourceLocation: sourceLocation)
        }
      }
    }
    for (old, new) in zip(lines, lines.dropFirst()) { check(old, new) }
    for line in lines.prefix(50) { check(line, line) }
    #expect(mismatches == 0, "\(label)", sourceLocation: sourceLocation)
    ReferenceOutputs.check(
      outputs, kind: "change", form: form, options: "\(options)", inputs: pairs, sourceLocation: sourceLocation)
    return taken
  }

  /// An outcome as one line: the result's `jsonText`, or the error's message.
  static func output(_ outcome: Outcome) -> String {
    switch outcome {
    case .success(let result): return result.jsonText
    case .failure(let error): return "error: " + error.description
    }
  }

  /// Records of `form` where consecutive ones differ in one member at a time, so few fields change per pair.
  static func editedLines(_ form: CompiledForm, count: Int, seed: UInt64) -> [[UInt8]] {
    let variants = NDJSONStreamTests.lines(form, count: count, seed: seed)
    let keys = form.fieldKeys
    guard !keys.isEmpty else { return variants }
    var members = [String](repeating: "", count: keys.count)
    var generator = NDJSONRecordGenerator(keys: [], seed: seed)
    return variants.map { _ in
      let field = generator.below(keys.count)
      let value = LibraryKernelTests.memberValues[generator.below(LibraryKernelTests.memberValues.count - 1)]
      members[field] = OutputJSON.string(keys[field]).rendered() + ":" + value
      return Array(("{" + members.filter { !$0.isEmpty }.joined(separator: ",") + "}").utf8)
    }
  }

  @Test(arguments: ["business-account.json", "signup.json", "login.json", "registration.json", "profile.json"])
  func editsGiveTheirRecordedResult(spec: String) throws {
    let form = try NDJSONStreamTests.form(spec)
    var lines = Self.editedLines(form, count: 600, seed: 34)
    if spec == "business-account.json" {
      lines += ConditionKernelTests.records(ConditionKernelTests.businessChoices, count: 600, seed: 34)
    }
    lines += NDJSONStreamTests.lines(form, count: 300, seed: 34)
    let taken = try Self.compare(form, lines, label: spec)
    #expect(taken > lines.count / 3, "the kernel takes most pairs")
    var options = [
      ValidationOptions(allFailures: true), ValidationOptions(flat: true), ValidationOptions(liveOnly: true),
    ]
    for field in form.fieldKeys.prefix(4) {
      options += [ValidationOptions(field: field), ValidationOptions(allFailures: true, field: field, liveOnly: true)]
    }
    for set in options { _ = try Self.compare(form, Array(lines.prefix(200)), options: set, label: "\(spec) \(set)") }
  }

  /// Pairs of records that send one member as two values alike after coercion or alike as JSON: text and
  /// number (a keyboard pad reads text only), number texts, bools, and values that fail coercion alike.
  static func alikePairs(_ form: CompiledForm) -> [[UInt8]] {
    let pairs = [
      (#""12""#, "12"), (#""1.50""#, "1.5"), ("1.50", "1.5"), (#""true""#, "true"), (#""0""#, "false"),
      ("[1]", "[ 1 ]"), (#"{"a":1}"#, #"{"a": 1.0}"#), (#"{"a":1}"#, #"{"b":1}"#), (#""x""#, "[1]"),
      ("null", #""""#),
    ]
    return form.fieldKeys.flatMap { key in
      pairs.flatMap { old, new in
        let member = OutputJSON.string(key).rendered()
        return [Array("{\(member):\(old)}".utf8), Array("{\(member):\(new)}".utf8)]
      }
    }
  }

  @Test func recordIOSpecsEditsGiveTheirRecordedResult() throws {
    var taken = 0
    for (name, form) in try LibraryKernelTests.recordIOSpecForms() {
      let lines =
        Self.editedLines(form, count: 400, seed: 34) + LibraryKernelTests.edgeRecords(form).prefix(300)
        + Self.alikePairs(form)
      taken += try Self.compare(form, lines, label: name)
    }
    #expect(taken > 1000, "the kernel takes many of these pairs")
  }

  /// Edits of a form with value transformers on the kernel: a field changed when its values differ after
  /// the transformer (and coercion), and two values that fail coercion alike are compared transformed.
  @Test func editsOfAFormWithTransformersGiveTheirRecordedResult() throws {
    let (form, lines) = try LibraryKernelTests.transformerForm()
    let taken = try Self.compare(form, lines + Self.alikePairs(form), label: "transformers")
    #expect(taken > lines.count / 2, "the kernel takes most pairs")
    _ = try Self.compare(form, lines, options: ValidationOptions(allFailures: true), label: "transformers")
  }

  /// Edits of a grouped form with value transformers on the kernel: each element's transformed text is kept
  /// past the element while the two records are compared.
  @Test func groupedEditsWithTransformersGiveTheirRecordedResult() throws {
    let (form, lines) = try LibraryKernelTests.groupedTransformerForm()
    let taken = try Self.compare(form, lines, label: "grouped transformers")
    #expect(taken == lines.count - 1 + 50, "the kernel takes every pair")
  }

  /// Edits of a form with repeated groups on the kernel (`RecordEnginePool.validateChange`).
  ///
  /// Each record read view by view, what changed and what reads it checked at its elements, the group's
  /// bounds and shapes where its count changed. Pairs of generated orders, and a stored order beside edits of one
  /// member, one element more or less, the same elements sent as flat keys, values alike after coercion and
  /// failing shapes; under `--field` too, the records read by a plan for every field.
  @Test func groupedEditsGiveTheirRecordedResult() throws {
    let form = try NDJSONStreamTests.form("order.json")
    let stored =
      #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":2},"#
      + #"{"sku":"DEF-456","gift":true,"gift_note":"hi"}],"coupons":["SPRING24"]}"#
    let edits = [
      #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":2},{"sku":"bad","gift":true,"gift_note":"hi"}],"coupons":["SPRING24"]}"#,
      #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":2},{"sku":"DEF-456","gift":true,"gift_note":"hi"},{"sku":"x"}],"coupons":["SPRING24"]}"#,
      #"{"email":"ada@example.com","items.0.sku":"ABC-123","items.0.quantity":2,"items.1.sku":"DEF-456","items.1.gift":true,"items.1.gift_note":"hi","coupons":["SPRING24"]}"#,
      #"{"email":"ada@example.com","items":"not an array","coupons":["SPRING24"]}"#,
      #"{"email":"ada@example.com","items":[1,{"sku":"DEF-456","gift":true,"gift_note":"hi"}],"coupons":["SPRING24"]}"#,
      #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":"2"},{"sku":"DEF-456","gift":"on","gift_note":"hi"}],"coupons":["SPRING24"]}"#,
      #"{"email":"bad","items":[{"sku":"ABC-123","quantity":2},{"sku":"DEF-456","gift":true,"gift_note":"hi"}],"coupons":["SPRING24"]}"#,
      #"{"email":"ada@example.com","items":[],"coupons":["SPRING24"]}"#,
      #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":2},{"sku":"DEF-456","gift":false,"gift_note":"hi"}],"coupons":["WELCOME",5]}"#,
      #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":0},{"sku":"DEF-456","gift":true,"gift_note":"\#(String(repeating: "n", count: 141))"}]}"#,
    ]
    var lines = [Array(stored.utf8)]
    for edit in edits { lines += [Array(edit.utf8), Array(stored.utf8)] }
    let orders = GroupKernelTests.orders(count: 300, seed: 34)
    let taken = try Self.compare(form, lines + orders, label: "order")
    #expect(taken > (lines.count + orders.count) / 2, "the kernel takes most pairs")
    for options in [ValidationOptions(allFailures: true), ValidationOptions(flat: true)] {
      _ = try Self.compare(form, lines + orders.prefix(100), options: options, label: "order \(options)")
    }
    // `--field`: the records read by a plan for every field, judged by the field's.
    for options in [
      ValidationOptions(field: "items.*.sku"), ValidationOptions(field: "email"),
      ValidationOptions(allFailures: true, field: "items.*.quantity", liveOnly: true),
    ] {
      let taken = try Self.compare(form, lines + orders.prefix(100), options: options, label: "order \(options)")
      #expect(taken > (lines.count + 100) / 2, "the kernel takes most pairs under \(options)")
    }
  }

  /// Edits of a form with nested groups (`orders.*.lines.*.sku`) on the kernel: views, counts and element
  /// shapes compared at every depth, a view that reads the enclosing element's (`../ship/city`) checked
  /// where that one changed; pairs of generated records too, and under `--field`.
  @Test func nestedGroupEditsGiveTheirRecordedResult() throws {
    let form = try #require(FormCompiler.compile(string: GroupKernelTests.nestedSpec, name: "nested.json").form)
    let stored =
      #"{"email":"ada@example.com","orders":[{"id":"A12","ship":{"city":"Paris"},"lines":[{"sku":"AB","note":"ok"},"#
      + #"{"sku":"CD","count":2}],"tags":[1,2]},{"id":"B34","lines":[{"sku":"EF"}]}]}"#
    let edits = [
      #"{"email":"ada@example.com","orders":[{"id":"A12","ship":{"city":"Paris"},"lines":[{"sku":"AB","note":"ok"},{"sku":"C","count":2}],"tags":[1,2]},{"id":"B34","lines":[{"sku":"EF"}]}]}"#,
      #"{"email":"ada@example.com","orders":[{"id":"A12","ship":{"city":"Paris"},"lines":[{"sku":"AB","note":"ok"},{"sku":"CD","count":"2"}],"tags":[1,2]},{"id":"B34","lines":[{"sku":"EF"}]}]}"#,
      #"{"email":"ada@example.com","orders":[{"id":"A12","ship":{"city":"Paris"},"lines":[{"sku":"AB","note":"ok"},{"sku":"CD","count":2},{"sku":"GH"}],"tags":[1,2]},{"id":"B34","lines":[{"sku":"EF"}]}]}"#,
      #"{"email":"ada@example.com","orders":[{"id":"A12","ship":{"city":"Paris"},"lines":[{"sku":"AB","note":"ok"},{"sku":"CD","count":2}],"tags":[1,2]},{"id":"B34","lines":[]}]}"#,
      #"{"email":"ada@example.com","orders":[{"id":"A12","ship":{},"lines":[{"sku":"AB","note":"ok"},{"sku":"CD","count":2}],"tags":[1,2]},{"id":"B34","lines":[{"sku":"EF"}]}]}"#,
      #"{"email":"ada@example.com","orders":[{"id":"A12","ship":{"city":"Paris"},"lines":[{"sku":"AB","note":"too long"},{"sku":"CD","count":2}],"tags":[1,2]},{"id":"B34","lines":"none"}]}"#,
      #"{"email":"ada@example.com","orders":[{"id":"A12","ship":{"city":"Paris"},"lines":[5,{"sku":"CD","count":2}],"tags":[1,2,3]},{"id":"B34","lines":[{"sku":"EF"}]}]}"#,
      #"{"email":"ada@example.com","orders":[{"id":"A12","ship":{"city":"Paris"},"lines":[{"sku":"AB","note":"ok"},{"sku":"CD","count":2}],"tags":[1,2]}]}"#,
    ]
    var lines = [Array(stored.utf8)]
    for edit in edits { lines += [Array(edit.utf8), Array(stored.utf8)] }
    let generated = GroupKernelTests.nestedOrders(count: 200, seed: 45)
    let taken = try Self.compare(form, lines + generated, label: "nested")
    #expect(taken > (lines.count + generated.count) / 2, "the kernel takes most pairs")
    for options in [ValidationOptions(allFailures: true), ValidationOptions(field: "orders.*.lines.*.sku")] {
      _ = try Self.compare(form, lines + generated.prefix(60), options: options, label: "nested \(options)")
    }
  }

  /// Edits whose records have flat keys the scanner does not read (escaped or non-ASCII names, a nested
  /// group's elements by flat keys) on the kernel: the pair read again with each record's groups as arrays,
  /// so the same elements sent both ways are no change.
  @Test(arguments: [ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(field: "items.*.sku")])
  func editsWithFlatKeysTheScannerDoesNotReadOnTheKernel(options: ValidationOptions) throws {
    let order = try NDJSONStreamTests.form("order.json")
    let stored = #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":2}]}"#
    let edits = [
      #"{"email":"ada@example.com","items.0.s\u006bu":"ABC-123","items.0.quantity":2}"#,
      #"{"email":"ada@example.com","items.0.s\u006bu":"bad","items.0.quantity":2}"#,
      #"{"email":"ada@example.com","items.0.sku":"ABC-123","items.0.quantity":2,"items.1.s\u006bu":"x"}"#,
      #"{"email":"ada@example.com","items":[{"sku":"ABC-123","quantity":2}],"items.0.skü":1}"#,
      #"{"email":"ada@example.com","items.0.skü":1,"items.0.quantity":"2"}"#,
    ]
    var lines = [Array(stored.utf8)]
    for edit in edits { lines += [Array(edit.utf8), Array(stored.utf8)] }
    let taken = try Self.compare(order, lines, options: options, label: "order flat keys")
    #expect(taken == 2 * lines.count - 1, "the kernel takes every pair")
    let same = try order.validate(json: Array(edits[0].utf8), changedFrom: Array(stored.utf8), options: options)
    #expect(same.changed == [] && same.result.isValid)

    let nested = try #require(FormCompiler.compile(string: GroupKernelTests.nestedSpec, name: "nested.json").form)
    let nestedStored = #"{"email":"ada@example.com","orders":[{"id":"A12","lines":[{"sku":"AB"},{"sku":"CD"}]}]}"#
    let nestedEdits = [
      #"{"email":"ada@example.com","orders":[{"id":"A12","lines.0.sku":"AB","lines.1.sku":"CD"}]}"#,
      #"{"email":"ada@example.com","orders.0.id":"A12","orders.0.lines.0.sku":"AB","orders.0.lines.1.sku":"C"}"#,
      #"{"email":"ada@example.com","orders":[{"id":"A12","lines":[{"sku":"AB"}],"lines.1.s\u006bu":"CD"}]}"#,
    ]
    var nestedLines = [Array(nestedStored.utf8)]
    for edit in nestedEdits { nestedLines += [Array(edit.utf8), Array(nestedStored.utf8)] }
    let nestedOptions = options.field == nil ? options : ValidationOptions(field: "orders.*.lines.*.sku")
    let nestedTaken = try Self.compare(nested, nestedLines, options: nestedOptions, label: "nested flat keys")
    #expect(nestedTaken == 2 * nestedLines.count - 1, "the kernel takes every pair")
  }
}

import Testing

@testable import PureForm

/// The kernel's report of the conditions (`RecordEngine.reportConditions`, read by `pureform test --coverage`
/// through `CompiledForm.conditionTruths(json:)`) gives, record for record, the truths recorded for it
/// (`ReferenceOutputs`, from the exact path's evaluator there was): every `<visible_if>` in the order
/// visibility is decided, every shown view's `<required_if>`, at each element of a group.
@Suite struct ConditionReportTests {
  /// Compares the two on every line; returns how many lines the kernel reported.
  static func compare(
    _ form: CompiledForm, _ lines: [[UInt8]], label: String,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> Int {
    var mismatches = 0
    var reported = 0
    var outputs: [String] = []
    for line in lines {
      let kernel = line.withUnsafeBytes { form.engines.run($0, reporting: true) }
      if kernel != nil { reported += 1 }
      let truths = form.conditionTruths(json: line)
      outputs.append(truths.map { "\($0)" } ?? "none")
      if truths != kernel?.conditions {
        mismatches += 1
        if mismatches <= 5 {
          Issue.record(
            """
            \(label) \(String(decoding: line, as: UTF8.self).debugDescription)
              kernel: \(String(describing: kernel?.conditions))
              truths: \(String(describing: truths))
            """, sourceLocation: sourceLocation)
        }
      }
    }
    #expect(mismatches == 0, "\(label)", sourceLocation: sourceLocation)
    ReferenceOutputs.check(
      outputs, kind: "conditions", form: form, options: "", inputs: lines, sourceLocation: sourceLocation)
    return reported
  }

  @Test func conditionsOfAFlatFormAreTheRecordedOnes() throws {
    let form = try NDJSONStreamTests.form("business-account.json")
    let lines = ConditionKernelTests.records(
      ConditionKernelTests.businessChoices, count: generatedCount(3000), seed: 32)
    #expect(Self.compare(form, lines, label: "business-account") == lines.count, "the kernel reports every record")
    let truths = lines.compactMap { form.conditionTruths(json: $0) }.flatMap { $0 }
    #expect(Set(truths.map(\.value)) == [true, false], "the records see conditions both ways")
  }

  @Test func conditionsAtEachElementAreTheRecordedOnes() throws {
    let form = try NDJSONStreamTests.form("order.json")
    let orders = GroupKernelTests.orders(count: generatedCount(3000), seed: 32)
    #expect(Self.compare(form, orders, label: "order") > orders.count / 2, "the kernel reports most orders")
  }

  @Test func conditionsOfTheRecordIOSpecsAreTheRecordedOnes() throws {
    let corpus = try LibraryKernelTests.recordIOCorpusLines()
    var reported = 0
    for (name, form) in try LibraryKernelTests.recordIOSpecForms() {
      reported += Self.compare(form, corpus, label: name)
      reported += Self.compare(form, LibraryKernelTests.edgeRecords(form), label: "\(name) (edges)")
    }
    #expect(reported > 1000, "the kernel reports many of these records")
  }

  @Test func aRecordThatIsNoObjectHasNoTruths() throws {
    let form = try NDJSONStreamTests.form("business-account.json")
    #expect(form.conditionTruths(json: Array("[1]".utf8)) == nil)
    #expect(form.conditionTruths(json: Array("{\"a\":".utf8)) == nil)
  }
}

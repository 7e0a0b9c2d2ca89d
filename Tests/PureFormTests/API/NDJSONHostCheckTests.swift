import Foundation
import Testing

@testable import PureForm

/// The in-memory NDJSON validation with host checks writes, without checks, the stream's lines byte for
/// byte: the same record reader and line writer, one line after another.
@Suite struct NDJSONHostCheckTests {
  static let signup = CLITestPaths.root.appendingPathComponent("Specs/signup.json").path
  static let lines = CLITestPaths.root.appendingPathComponent("Specs/inputs/signup.ndjson").path

  @Test(arguments: [
    ValidationOptions(), ValidationOptions(allFailures: true, flat: true),
    ValidationOptions(idKey: "email", includesValues: false), ValidationOptions(field: "password"),
  ])
  func withoutChecksTheLinesAreTheStreams(options: ValidationOptions) async throws {
    let form = try #require(try FormCompiler.compile(path: Self.signup).form)
    let input = Array(try SourceFile(contentsOf: Self.lines).bytes) + Array("\n\n{\"email\": 1}".utf8)
    let stream = try form.validateNDJSONCountingFailures(input, options: options)
    let checked = try await form.validateNDJSON(input, options: options, hostChecks: [])
    #expect(String(decoding: checked.output, as: UTF8.self) == String(decoding: stream.output, as: UTF8.self))
    #expect(checked.summary == stream.summary)
    #expect(checked.summary.failures == stream.summary.failures)
  }

  /// The same on a form with repeated groups and conditions, over records the kernel takes, records it hands
  /// back (flat keys, a group that is not an array) and lines that are no record.
  @Test(arguments: [
    ValidationOptions(), ValidationOptions(allFailures: true), ValidationOptions(idKey: "email"),
    ValidationOptions(flat: true),
  ])
  func withoutChecksAGroupedFormsLinesAreTheStreams(options: ValidationOptions) async throws {
    let form = try NDJSONStreamTests.form("order.json")
    let records = GroupKernelTests.orders(count: 400, seed: 35) + LibraryKernelTests.edgeRecords(form).prefix(60)
    let input = records.flatMap { $0.filter { $0 != 0x0A } + [0x0A] }
    let stream = try form.validateNDJSONCountingFailures(input, options: options)
    let checked = try await form.validateNDJSON(input, options: options, hostChecks: [])
    #expect(String(decoding: checked.output, as: UTF8.self) == String(decoding: stream.output, as: UTF8.self))
    #expect(checked.summary == stream.summary)
  }

  @Test func optionsThatDoNotFitAreAnNDJSONError() async throws {
    let form = try #require(try FormCompiler.compile(path: Self.signup).form)
    await #expect(throws: NDJSONError.options(.liveOnlyWithoutField)) {
      try await form.validateNDJSON([], options: ValidationOptions(liveOnly: true), hostChecks: [])
    }
  }
}

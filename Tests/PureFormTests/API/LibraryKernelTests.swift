import Foundation
import Testing

@testable import PureForm

/// The library call on the kernel: `form.validate(json:)` runs the record plan (`RecordEngine.runFlat` with
/// `ResultSink`) and gives, record for record, the very `ValidationResult` the exact path
/// (`ValidationPlan.run` on `JSONReader`'s inputs) gives: the same values, failures and hidden keys, and the
/// same error for a line that is no record.
@Suite struct LibraryKernelTests {
  /// The exact path's result for `line`, or its error.
  static func exact(_ form: CompiledForm, _ line: [UInt8]) -> Result<ValidationResult, InputError> {
    let plan = form.plan
    do throws(InputError) {
      return .success(plan.run(try plan.inputs(json: line), options: RunOptions()))
    } catch {
      return .failure(error)
    }
  }

  /// The library call's result for `line`, or its error.
  static func library(_ form: CompiledForm, _ line: [UInt8]) -> Result<ValidationResult, InputError> {
    do throws(InputError) {
      return .success(try form.validate(json: line))
    } catch {
      return .failure(error)
    }
  }

  /// Compares the two on every line; returns how many lines the kernel took.
  static func compare(
    _ form: CompiledForm, _ lines: [[UInt8]], sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) -> Int {
    var mismatches = 0
    var taken = 0
    for line in lines {
      if line.withUnsafeBytes({ form.engines.validate($0) }) != nil { taken += 1 }
      let library = library(form, line)
      let exact = exact(form, line)
      if library != exact || "\(library)" != "\(exact)" {
        mismatches += 1
        if mismatches <= 5 {
          Issue.record(
            """
            \(String(decoding: line, as: UTF8.self))
              library: \(library)
              exact:   \(exact)
            """, sourceLocation: sourceLocation)
        }
      }
    }
    #expect(mismatches == 0, sourceLocation: sourceLocation)
    return taken
  }

  @Test(arguments: ["login.json", "signup.json", "registration.json", "profile.json", "checkout.json"])
  func generatedRecordsGiveTheExactPathsResult(spec: String) throws {
    let form = try NDJSONStreamTests.form(spec)
    let lines = NDJSONStreamTests.lines(form, count: 3000, seed: 30)
    let taken = Self.compare(form, lines)
    #expect(!form.engines.takesRecords || taken > lines.count / 4, "the kernel takes most records")
  }

  @Test func conditionsGiveTheExactPathsResult() throws {
    let form = try NDJSONStreamTests.form("business-account.json")
    let lines = ConditionFastPathTests.records(ConditionFastPathTests.businessChoices, count: 3000, seed: 30)
    #expect(Self.compare(form, lines) == lines.count, "the kernel takes every record")
  }

  /// A form with repeated groups is not on the kernel yet: its records take the exact path, unchanged.
  @Test func groupsStayOnTheExactPath() throws {
    let form = try NDJSONStreamTests.form("order.json")
    #expect(!form.engines.takesRecords)
    #expect(Self.compare(form, NDJSONStreamTests.lines(form, count: 500, seed: 30)) == 0)
  }
}

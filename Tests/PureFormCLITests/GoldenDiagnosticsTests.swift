import Foundation
import Testing

/// Every spec in `Specs/invalid/` produces exactly the diagnostics in the golden files beside it:
/// `NAME.diagnostics.txt` (text format) and `NAME.check.json` (`--format json`).
@Suite struct GoldenDiagnosticsTests {
  static let specs: [String] = {
    let directory = CLI.packageRoot.appendingPathComponent("Specs/invalid")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") && !$0.hasSuffix(".check.json") }.sorted().map { "Specs/invalid/\($0)" }
  }()

  @Test func thereAreInvalidSpecs() {
    #expect(Self.specs.count >= 10)
  }

  @Test(arguments: specs)
  func textGolden(_ spec: String) throws {
    let golden = try String(contentsOf: golden(spec, ".diagnostics.txt"), encoding: .utf8)
    let result = try CLI.run(["check", spec])
    #expect(result.status == 1, "every invalid spec has at least one error")
    #expect(result.stdout == golden)
  }

  @Test(arguments: specs)
  func jsonGolden(_ spec: String) throws {
    let golden = try String(contentsOf: golden(spec, ".check.json"), encoding: .utf8)
    let result = try CLI.run(["check", "--format", "json", spec])
    #expect(result.status == 1)
    #expect(result.stdout == golden)
  }

  private func golden(_ spec: String, _ suffix: String) -> URL {
    CLI.packageRoot.appendingPathComponent(String(spec.dropLast(".json".count)) + suffix)
  }
}

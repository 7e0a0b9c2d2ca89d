import Foundation
import Testing

/// Every spec `Specs/invalid/NAME.json` produces exactly the diagnostics in its golden files in
/// `Specs/invalid/expected/`: `NAME.diagnostics.txt` (text format) and `NAME.check.json` (`--format json`).
@Suite struct GoldenDiagnosticsTests {
  static let specs: [String] = {
    let directory = CLI.packageRoot.appendingPathComponent("Specs/invalid")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { "Specs/invalid/\($0)" }
  }()

  @Test func thereAreInvalidSpecs() {
    #expect(Self.specs.count >= 10)
  }

  /// The goldens are exactly two per spec, so `Specs/invalid/*.json` (which matches only specs) leaves none
  /// out and none is left over from a removed spec.
  @Test func goldensMatchTheSpecs() throws {
    let directory = CLI.packageRoot.appendingPathComponent("Specs/invalid/expected")
    let goldens = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let expected = Self.specs.flatMap { spec in
      let name = URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent
      return ["\(name).check.json", "\(name).diagnostics.txt"]
    }
    #expect(goldens == expected.sorted())
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

  /// `Specs/invalid/expected/NAME` + `suffix` for the spec `Specs/invalid/NAME.json`.
  private func golden(_ spec: String, _ suffix: String) -> URL {
    let name = URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent
    return CLI.packageRoot.appendingPathComponent("Specs/invalid/expected/\(name)\(suffix)")
  }
}

import Foundation
import Testing

/// Every spec `FOLDER/NAME.json` of a golden folder produces exactly the diagnostics in its golden files in
/// `FOLDER/expected/`: `NAME.diagnostics.txt` (text format) and `NAME.check.json` (`--format json`).
///
/// Two folders have goldens: `Specs/invalid/` (each spec has at least one error: exit 1) and
/// `Specs/pureform-readme/` (PureForm's own README forms as PureForm writes them: they compile, with the
/// warnings that say where the device differs from how they read: exit 0).
@Suite struct GoldenDiagnosticsTests {
  /// A folder of specs with goldens, and the exit status `check` gives each of its specs.
  struct Folder: Sendable, CustomStringConvertible {
    var path: String
    var status: Int32
    var description: String { path }
  }

  static let folders = [Folder(path: "Specs/invalid", status: 1), Folder(path: "Specs/pureform-readme", status: 0)]

  /// `(folder, spec)` for every spec of every golden folder.
  static let specs: [(Folder, String)] = folders.flatMap { folder in
    let directory = CLI.packageRoot.appendingPathComponent(folder.path)
    let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
    return names.filter { $0.hasSuffix(".json") }.sorted().map { (folder, "\(folder.path)/\($0)") }
  }

  @Test func thereAreGoldenSpecs() {
    #expect(Self.specs.filter { $0.0.status == 1 }.count >= 10)
    #expect(Self.specs.filter { $0.0.status == 0 }.map(\.1).contains("Specs/pureform-readme/login.json"))
  }

  /// The goldens are exactly two per spec, so `FOLDER/*.json` (which matches only specs) leaves none out and
  /// none is left over from a removed spec.
  @Test(arguments: folders)
  func goldensMatchTheSpecs(_ folder: Folder) throws {
    let directory = CLI.packageRoot.appendingPathComponent("\(folder.path)/expected")
    let goldens = try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    let expected = Self.specs.filter { $0.0.path == folder.path }.flatMap { _, spec in
      let name = URL(fileURLWithPath: spec).deletingPathExtension().lastPathComponent
      return ["\(name).check.json", "\(name).diagnostics.txt"]
    }
    #expect(goldens == expected.sorted())
  }

  @Test(arguments: specs.map(\.1))
  func textGolden(_ spec: String) throws {
    let golden = try String(contentsOf: golden(spec, ".diagnostics.txt"), encoding: .utf8)
    let result = try CLI.run(["check", spec])
    #expect(result.status == Self.status(spec), "an invalid spec has at least one error, PureForm's forms none")
    #expect(result.stdout == golden)
  }

  @Test(arguments: specs.map(\.1))
  func jsonGolden(_ spec: String) throws {
    let golden = try String(contentsOf: golden(spec, ".check.json"), encoding: .utf8)
    let result = try CLI.run(["check", "--format", "json", spec])
    #expect(result.status == Self.status(spec))
    #expect(result.stdout == golden)
  }

  /// The exit status `check` gives `spec`: its folder's.
  private static func status(_ spec: String) -> Int32 {
    specs.first { $0.1 == spec }?.0.status ?? -1
  }

  /// `FOLDER/expected/NAME` + `suffix` for the spec `FOLDER/NAME.json`.
  private func golden(_ spec: String, _ suffix: String) -> URL {
    let url = URL(fileURLWithPath: spec)
    let name = url.deletingPathExtension().lastPathComponent
    let folder = url.deletingLastPathComponent().relativePath
    return CLI.packageRoot.appendingPathComponent("\(folder)/expected/\(name)\(suffix)")
  }
}

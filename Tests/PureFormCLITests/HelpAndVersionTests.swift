import Foundation
import Testing

/// `pureform --version` and the examples in each command's help.
@Suite struct HelpAndVersionTests {
  /// The version as `Sources/PureForm/API/PureFormVersion.swift` defines it, the one place that does.
  static let definedVersion: String? = {
    let file = CLI.packageRoot.appendingPathComponent("Sources/PureForm/API/PureFormVersion.swift")
    guard let text = try? String(contentsOf: file, encoding: .utf8),
      let line = text.split(separator: "\n").first(where: { $0.hasPrefix("public let pureFormVersion = \"") })
    else { return nil }
    return line.split(separator: "\"").dropFirst().first.map(String.init)
  }()

  @Test func versionPrintsTheOneDefinedVersion() throws {
    let version = try #require(Self.definedVersion)
    for arguments in [["--version"], ["check", "--version"], ["validate", "--version"]] {
      let result = try CLI.run(arguments)
      #expect(result.status == 0, "\(arguments)")
      #expect(result.stdout == version + "\n", "\(arguments)")
      #expect(result.stderr.isEmpty, "\(arguments)")
    }
  }

  /// Each command's help shows examples, and each example runs from the package root: no usage error.
  @Test(arguments: [["--help"], ["check", "--help"], ["validate", "--help"]])
  func helpHasExamplesThatRun(_ arguments: [String]) throws {
    let help = try CLI.run(arguments)
    #expect(help.status == 0)
    let block = exampleLines(in: help.stdout)
    #expect(!block.isEmpty, "no examples in `pureform \(arguments.joined(separator: " "))`")
    // Every line of the block is one whole example: none wrapped onto a second line.
    #expect(block.allSatisfy { $0.hasPrefix("  pureform ") }, "\(block)")
    let examples = block.map { $0.split(separator: " ").dropFirst().map(String.init) }
    if arguments.count == 2 {
      #expect(examples.allSatisfy { $0.first == arguments[0] }, "\(examples)")
    }
    for example in examples {
      let result = try CLI.run(example)
      #expect(result.status == 0 || result.status == 1, "pureform \(example): \(result.stderr)")
    }
  }

  @Test func rootHelpNamesTheCompletionScripts() throws {
    let help = try CLI.run(["--help"])
    #expect(help.stdout.contains("--generate-completion-script bash|zsh|fish"))
  }

  /// The lines under `Examples:`, up to the next empty line.
  private func exampleLines(in help: String) -> [Substring] {
    let lines = help.split(separator: "\n", omittingEmptySubsequences: false)
    guard let start = lines.firstIndex(of: "Examples:") else { return [] }
    return Array(lines[(start + 1)...].prefix { !$0.isEmpty })
  }
}

import ArgumentParser
import Foundation
import PureForm

/// `pureform bundle SPEC [-o OUT]`.
struct BundleCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "bundle",
    abstract: "Write the one plain spec the device reads: a spec's <include>s inlined.",
    discussion: """
      Writes SPEC with each {"<include>": ...} element replaced by the included file's cells as they are \
      written, with the include's <key> prefix applied to their <key>s and to the relative binding paths \
      of their conditions, so that they mean the same; every other byte keeps its place and formatting. \
      The bundle gives every record the same verdict, keys, validators, reasons, paths and values as the \
      spec. A spec without includes is written as it is. Exit status: 0 written, 2 for a usage error, an \
      unreadable file or a spec that does not compile (its diagnostics on standard error).

      Examples:
        pureform bundle Specs/checkout.json
        pureform bundle Specs/checkout.json -o checkout.bundle.json
      """
  )

  @Argument(help: "The spec file, or - for standard input (its includes are then read from the current folder).")
  var spec: String

  @Option(name: [.customShort("o"), .long], help: "Write the bundle to this file instead of standard output.")
  var output: String?

  func run() throws {
    let form = try SpecLoading.compile(spec, with: CompileOptions())
    let bundle = Data(form.bundle().utf8)
    guard let output else {
      FileHandle.standardOutput.write(bundle)
      return
    }
    guard FileManager.default.createFile(atPath: output, contents: bundle) else {
      throw Terminal.usageError("cannot write '\(output)'")
    }
  }
}

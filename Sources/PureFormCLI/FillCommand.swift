import ArgumentParser
import Foundation
import PureForm

/// `pureform fill SPEC --object FILE|- [-o OUT] [--ignore-unknown]`.
struct FillCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "fill",
    abstract: "Write a spec with each form view's <value> set from a record, for editing a stored record.",
    discussion: """
      Writes SPEC with the <value> of every form view the record names set to the record's value (nested \
      or dotted keys), as a text edit: every other byte of the spec keeps its place and formatting. A \
      value is coerced by the view's <type> and written as that JSON kind; null removes a <value>; a view \
      the record does not name keeps its own. Exit status: 0 written, 1 when the record names keys no form \
      view has (listed; --ignore-unknown leaves them out) or holds a value its view's type does not take \
      (nothing is written then), 2 for a usage error, an unreadable file, a record that is not a JSON \
      object, a spec that does not compile, or a spec with <include> (fill its bundle: pureform bundle).

      Examples:
        pureform fill Specs/login.json --object Specs/inputs/login.json
        pureform fill Specs/registration.json --object record.json -o registration-filled.json
      """
  )

  @Argument(help: "The spec file, or - for standard input.")
  var spec: String

  @Option(help: "The record: a JSON object file, or - for standard input.")
  var object: String

  @Option(name: [.customShort("o"), .long], help: "Write the filled spec to this file instead of standard output.")
  var output: String?

  @Flag(help: "Leave out the record's keys that name no form view instead of refusing the record.")
  var ignoreUnknown = false

  func validate() throws {
    if spec == "-" && object == "-" {
      throw ValidationError("the spec and --object cannot both read standard input ('-'): give one of them a file")
    }
  }

  func run() throws {
    let form = try SpecLoading.compile(spec, with: CompileOptions())
    // The device loads the bundle of a spec with includes: that is the spec a record is filled into.
    guard form.includedFiles.isEmpty else {
      throw Terminal.usageError(
        "\(spec) includes \(form.includedFiles.joined(separator: ", ")): the device loads its bundle, so fill "
          + "that: pureform bundle \(spec) -o BUNDLE.json, then pureform fill BUNDLE.json")
    }
    let record: SourceFile
    do {
      record = try SourceFile.read(object)
    } catch {
      throw Terminal.usageError("\(error)")
    }
    let filled: String
    do {
      filled = try form.filled(json: record.bytes, ignoringUnknownKeys: ignoreUnknown)
    } catch {
      // A record that is not a JSON object is unreadable input (2), as `validate` says; keys and values
      // that do not fit the spec are the record's findings (1).
      let unreadable = error.problems.contains {
        switch $0 {
        case .notJSON, .notAnObject: return true
        default: return false
        }
      }
      for line in error.description.split(separator: "\n") { Terminal.writeError("error: \(record.name): \(line)") }
      throw ExitCode(unreadable ? ExitStatus.usage : ExitStatus.findings)
    }
    guard let output else {
      FileHandle.standardOutput.write(Data(filled.utf8))
      return
    }
    guard FileManager.default.createFile(atPath: output, contents: Data(filled.utf8)) else {
      throw Terminal.usageError("cannot write '\(output)'")
    }
  }
}

import ArgumentParser
import Foundation
import PureForm

/// `pureform generate swift SPEC [-o FILE] [--name TYPE]`.
struct GenerateCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "generate",
    abstract: "Generate code from a spec.",
    subcommands: [GenerateSwiftCommand.self]
  )
}

/// `pureform generate swift SPEC [-o FILE] [--name TYPE]`: Codable types for a form's values.
struct GenerateSwiftCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "swift",
    abstract: "Write Codable, Sendable Swift types for the values of a valid record of a spec.",
    discussion: """
      One struct per form (named after the spec's file: login.json gives LoginValues, or --name), a nested \
      struct per leading segment of the dotted keys, a property per persisted form view: <type> text and \
      image as String, number as Decimal, integer as Int, bool as Bool, a view without <type> as the \
      library's FormValue; optional when a missing value passes its validators (the result holds "" for it, \
      which decodes as nil). Each property's doc comment is its cell's label. Decode a valid result with \
      'try result.decode(LoginValues.self)'. Exit status: 0, or 2 for a usage error, an unreadable file or a \
      spec that does not compile.

      Examples:
        pureform generate swift Specs/login.json
        pureform generate swift Specs/registration.json -o Sources/App/RegistrationValues.swift
      """
  )

  @OptionGroup var source: SpecOptions

  @Option(name: [.customShort("o"), .long], help: "Write the source to this file instead of standard output.")
  var output: String?

  @Option(help: "The outermost type's name (default: the spec's file name in UpperCamelCase, then Values).")
  var name: String?

  func validate() throws {
    if let name,
      name.first?.isLetter != true || !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    {
      throw ValidationError(
        "--name must be a Swift type name (ASCII letters, digits and _, a letter first), found '\(name)'")
    }
  }

  func run() throws {
    let form = try source.compile()
    let text = form.swiftTypes(named: name)
    guard let output else {
      Terminal.write(String(text.dropLast()))
      return
    }
    do {
      try Data(text.utf8).write(to: URL(fileURLWithPath: output))
    } catch {
      throw Terminal.usageError("\(output): cannot be written: \(error.localizedDescription)")
    }
  }
}

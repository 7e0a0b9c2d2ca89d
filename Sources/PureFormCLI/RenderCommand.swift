import ArgumentParser
import Foundation
import PureForm

/// `pureform render SPEC [--strings FILE|DIR [--locale L]] [--settings FILE] [--action URL]`: the form as one HTML page.
struct RenderCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "render",
    abstract: "Write the form as one self-contained HTML page whose constraints mirror its validators.",
    discussion: """
      Writes the page on standard output: the form's labels, placeholders and controls, HTML5 constraints \
      where HTML says exactly what a validator says, the live (!) validators run as the user types with \
      pureform's reasons, and a submit that posts the values with fetch() as \
      application/x-www-form-urlencoded to --action (default /forms/NAME/validate, the route of \
      'pureform serve', NAME the spec's file name without .json). Exit status: 0, or 2 for a usage error, \
      an unreadable file or a spec that does not compile (its diagnostics on standard error).

      Examples:
        pureform render Specs/login.json > login.html
        pureform render Specs/registration.json --strings Specs/strings/en.json > registration.html
      """
  )

  @OptionGroup var source: SpecOptions

  @Option(help: "Where the form posts (default: /forms/NAME/validate).")
  var action: String?

  func run() throws {
    let form = try source.compile()
    FileHandle.standardOutput.write(Data(form.html(action: action).utf8))
  }
}

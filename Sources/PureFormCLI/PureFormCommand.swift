import ArgumentParser
import PureForm

/// The `pureform` command: compiles PureForm specs and validates values against them.
@main
struct PureFormCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pureform",
    abstract: "Compile PureForm JSON form specs and validate submitted values against them.",
    version: pureFormVersion,
    subcommands: [CheckCommand.self, ValidateCommand.self]
  )

  /// Parses the arguments and runs the subcommand, mapping every outcome to pureform's exit codes:
  /// 0 success, 1 findings, 2 usage errors and unreadable files (ArgumentParser's own usage code is 64).
  static func main() {
    do {
      var command = try parseAsRoot()
      try command.run()
    } catch let exit as PureFormExit {
      Terminal.exit(exit.code)
    } catch {
      let code = exitCode(for: error)
      if code == .success {
        exit(withError: error)
      }
      Terminal.writeError(fullMessage(for: error))
      Terminal.exit(ExitStatus.usage)
    }
  }
}

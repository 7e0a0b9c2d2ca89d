import ArgumentParser
import PureForm

/// The `pureform` command: compiles PureForm specs and validates values against them.
@main
struct PureFormCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "pureform",
    abstract: "Compile PureForm JSON form specs and validate submitted values against them.",
    discussion: """
      Examples:
        pureform check Specs/login.json
        pureform validate Specs/login.json --input Specs/inputs/login.json

      Shell completions: pureform --generate-completion-script bash|zsh|fish (the README says where to put \
      the output).
      """,
    version: pureFormVersion,
    subcommands: [
      CheckCommand.self, ValidateCommand.self, ServeCommand.self, SchemaCommand.self, RenderCommand.self,
      FillCommand.self, BundleCommand.self, OpenAPICommand.self, GenerateCommand.self,
      DiffCommand.self, TestCommand.self,
      LSPCommand.self,
    ]
  )

  /// Parses the arguments and runs the subcommand, mapping every outcome to pureform's exit codes:
  /// 0 success, 1 findings, 2 usage errors and unreadable files (ArgumentParser's own usage code is 64).
  ///
  /// Subcommands end one way: they write their output, then throw `ExitCode` when it is not 0. This is the
  /// only place the process exits.
  static func main() {
    let arguments = compilerStyleFlags(Array(CommandLine.arguments.dropFirst()))
    if arguments.isEmpty {
      // No command is a usage error: the help says what to type, on standard error, and the exit is 2.
      Terminal.writeError(helpMessage())
      exit(withError: ExitCode(ExitStatus.usage))
    }
    do {
      var command = try parse(arguments)
      try command.run()
    } catch {
      if error is ExitCode || exitCode(for: error) == .success {
        exit(withError: error)
      }
      Terminal.writeError(fullMessage(for: error))
      exit(withError: ExitCode(ExitStatus.usage))
    }
  }

  /// Parses `arguments`, asking `ArgumentCheck` about them only when ArgumentParser refuses them or an
  /// option is repeated: a correct command line costs nothing more than ArgumentParser's own reading.
  private static func parse(_ arguments: [String]) throws -> any ParsableCommand {
    let command: any ParsableCommand
    do {
      command = try parseAsRoot(arguments)
    } catch {
      let (checked, problem) = ArgumentCheck.check(arguments)
      if let problem { throw Terminal.usageError(problem) }
      guard checked != arguments else { throw error }
      return try parseAsRoot(checked)
    }
    if ArgumentCheck.repeatsAnOption(arguments), let problem = ArgumentCheck.check(arguments).problem {
      throw Terminal.usageError(problem)
    }
    return command
  }

  /// Rewrites compilers' `-Wno-CODE` into `--no-warn CODE`, which ArgumentParser can read (it takes one
  /// dash for single letters only); arguments after `--` are left alone.
  static func compilerStyleFlags(_ arguments: [String]) -> [String] {
    var rewritten: [String] = []
    var rest = arguments[...]
    while let argument = rest.popFirst() {
      if argument == "--" {
        rewritten.append(argument)
        rewritten.append(contentsOf: rest)
        break
      }
      if argument.hasPrefix("-Wno-") {
        rewritten += ["--no-warn", String(argument.dropFirst("-Wno-".count))]
      } else {
        rewritten.append(argument)
      }
    }
    return rewritten
  }
}

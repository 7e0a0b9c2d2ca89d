import ArgumentParser
import Foundation
import PureFormLSP

/// `pureform lsp [--stdio] [--clientProcessId N]`: the Language Server Protocol server for editors.
struct LSPCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "lsp",
    abstract: "Serve the Language Server Protocol on standard input and output, for editors.",
    discussion: """
      Diagnostics as `check --format json` gives them, quick fixes, completion, hover, definition and \
      document symbols for spec files, as the author types. Exit status: 0 after `shutdown` then `exit` (or \
      the end of the input), 1 on an `exit` without `shutdown`. docs/editors.md sets up VS Code, Neovim and \
      Helix.

      Example:
        pureform lsp --stdio
      """
  )

  @Flag(help: "Accepted and ignored: the server always uses standard input and output.")
  var stdio = false

  @Option(name: .customLong("clientProcessId"), help: "Accepted and ignored: the editor's process id.")
  var clientProcessId: Int?

  func run() throws {
    let code = LanguageServer.run()
    if code != 0 { throw ExitCode(code) }
  }
}

import ArgumentParser
import PureForm
import PureFormHummingbird

/// `pureform openapi DIR [--settings FILE] [--strings FILE|DIR [--locale L]]`.
struct OpenAPICommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "openapi",
    abstract: "Write the OpenAPI 3.1 document of the routes 'pureform serve DIR' answers.",
    discussion: """
      Compiles every *.json spec in DIR as serve does and writes the document GET /openapi.json serves for \
      the same folder and options, byte for byte, to standard output: one operation per route and form, \
      request bodies from each form's 'pureform schema', every status with its body, and the sample records \
      of DIR/inputs (NAME.json, NAME-*.json, NAME.ndjson) as examples. Exit status: 0, or 2 for a usage \
      error, an unreadable folder or a spec that does not compile (its diagnostics on standard error).

      Example:
        pureform openapi Specs > openapi.json
      """
  )

  @Argument(help: "The folder of *.json specs.")
  var directory: String

  @OptionGroup var files: CompileFileOptions

  func run() throws {
    let catalog = try FormFolderLoading.load(directory, files: files, consequence: "no document is written")
    Terminal.write(String(catalog.openAPIDocument.dropLast()))
  }
}

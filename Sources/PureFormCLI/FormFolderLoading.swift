import PureForm
import PureFormHummingbird

/// Compiles a folder of specs for `serve` and `openapi`, which answer for the same forms.
enum FormFolderLoading {
  /// Reads the settings and strings, then compiles the folder's specs; ends with exit 2 on any problem,
  /// every failing spec's diagnostics on standard error and `consequence` after the reason.
  static func load(_ directory: String, files: CompileFileOptions, consequence: String) throws -> FormCatalog {
    let options = try files.reading()
    do {
      return try FormDirectory.load(directory, options: options)
    } catch {
      if case .specErrors(let failures) = error {
        for failure in failures {
          for diagnostic in failure.diagnostics {
            Terminal.writeError(DiagnosticRenderer.text(diagnostic, in: failure.source))
          }
        }
      }
      throw Terminal.usageError("\(error); \(consequence)")
    }
  }
}

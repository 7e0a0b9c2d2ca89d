import PureForm

/// Compiles the spec of a command that needs a form (`validate`, `render`): a file that cannot be read, or a
/// spec with errors (its diagnostics on standard error), ends the command with exit 2.
enum CompiledSpec {
  /// The form of the spec file `spec` (`-` for standard input), compiled with `options`.
  static func form(_ spec: String, options: CompileOptions) throws -> CompiledForm {
    let compiled: CompileResult
    do {
      compiled = FormCompiler.compile(try SourceFile.read(spec), options: options)
    } catch {
      throw Terminal.usageError("\(error)")
    }
    guard let form = compiled.form else {
      for diagnostic in compiled.diagnostics {
        Terminal.writeError(DiagnosticRenderer.text(diagnostic, in: compiled.source))
      }
      let errors = compiled.errorCount
      throw Terminal.usageError("\(spec) does not compile: \(errors) error\(errors == 1 ? "" : "s")")
    }
    return form
  }
}

import ArgumentParser
import PureForm

/// Compiling the one spec of `validate`, `schema` and `render`: a spec that cannot be read, or does not compile, ends
/// with exit 2, its diagnostics on standard error in text form.
enum SpecLoading {
  /// Reads `--settings`, `--strings` and `--locale`, then compiles `spec` with them.
  static func compile(_ spec: String, options files: CompileFileOptions) throws -> CompiledForm {
    try compile(spec, with: try files.reading())
  }

  /// Compiles `spec` with `options`.
  static func compile(_ spec: String, with options: CompileOptions) throws -> CompiledForm {
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

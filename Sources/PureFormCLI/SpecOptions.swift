import ArgumentParser
import PureForm

/// The spec and what it compiles with, as `schema` and `render` take them: `SPEC [--settings FILE]
/// [--strings FILE|DIR [--locale L]]`.
struct SpecOptions: ParsableArguments {
  @Argument(help: "The spec file, or - for standard input.")
  var spec: String

  @OptionGroup var files: CompileFileOptions

  func validate() throws {
    if spec == "-" && files.settings == "-" {
      throw ValidationError("the spec and --settings cannot both read standard input ('-'): give one of them a file")
    }
  }

  /// The compiled form; exit 2 when the spec or a file cannot be read, or the spec has errors.
  func compile() throws -> CompiledForm {
    try SpecLoading.compile(spec, options: files)
  }
}

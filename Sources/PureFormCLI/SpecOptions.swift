import ArgumentParser
import PureForm

/// The spec and what it compiles with, as `schema` and `render` take them: `SPEC [--strings FILE|DIR
/// [--locale L]] [--settings FILE]`.
struct SpecOptions: ParsableArguments {
  @Argument(help: "The spec file, or - for standard input.")
  var spec: String

  @Option(help: ArgumentHelp(StringsHelp.strings, valueName: "file|dir"))
  var strings: String?

  @Option(help: ArgumentHelp(StringsHelp.locale, valueName: "locale"))
  var locale: String?

  @Option(help: "A PureForm settings file: its failure reasons and keyboardTypeValidation.")
  var settings: String?

  func validate() throws {
    if spec == "-" && settings == "-" {
      throw ValidationError("the spec and --settings cannot both read standard input ('-'): give one of them a file")
    }
  }

  /// The compiled form; exit 2 when the spec or a file cannot be read, or the spec has errors.
  func compile() throws -> CompiledForm {
    try SpecLoading.compile(spec, settings: settings, strings: strings, locale: locale)
  }
}

import ArgumentParser
import PureForm

/// `--settings FILE`, `--strings FILE|DIR` and `--locale L`: the files a spec compiles with, the same for
/// `validate`, `serve`, `schema` and `render`.
struct CompileFileOptions: ParsableArguments {
  @Option(help: "A PureForm settings file: {\"failureReasons\": {...}, \"keyboardTypeValidation\": true}.")
  var settings: String?

  @Option(help: ArgumentHelp(StringsHelp.strings, valueName: "file|dir"))
  var strings: String?

  @Option(help: ArgumentHelp(StringsHelp.locale, valueName: "locale"))
  var locale: String?

  /// The options read from the files; exit 2, the problem on standard error, when one cannot be used.
  func reading() throws -> CompileOptions {
    try CompileOptions.reading(settings: settings, strings: strings, locale: locale)
  }

  /// The options read from the files, or why they cannot be: what `serve` reads again on each reload.
  func loading() throws(FileReadError) -> CompileOptions {
    try CompileOptions.loading(settings: settings, strings: strings, locale: locale)
  }
}

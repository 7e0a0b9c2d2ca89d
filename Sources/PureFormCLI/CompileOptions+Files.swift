import PureForm

extension CompileOptions {
  /// The options of `--settings FILE`, `--strings FILE|DIR` and `--locale` (any may be absent), read from
  /// their files for every command alike; a file that cannot be read or parsed ends with exit 2, its
  /// diagnostic shown with its line.
  static func reading(settings: String?, strings: String?, locale: String? = nil) throws -> CompileOptions {
    do {
      return try loading(settings: settings, strings: strings, locale: locale)
    } catch {
      if let diagnostic = error.diagnostic, let file = error.file {
        Terminal.writeError(DiagnosticRenderer.text(diagnostic, in: file))
        throw Terminal.usageError("strings table \(file.name) cannot be used")
      }
      throw Terminal.usageError(error.description)
    }
  }

  /// The options of `--settings FILE`, `--strings FILE|DIR` and `--locale` read from their files, or why
  /// they cannot be: what `serve` reads again on each reload.
  static func loading(settings: String?, strings: String?, locale: String? = nil) throws(OptionFileError)
    -> CompileOptions
  {
    var options = CompileOptions()
    if let settings {
      do {
        options.settings = try ValidationSettings(json: SourceFile.read(settings))
      } catch {
        throw OptionFileError(description: "settings \(error)")
      }
    }
    if let strings {
      do {
        options.strings = try StringsTable(contentsOf: strings, locale: locale)
      } catch {
        throw OptionFileError(description: "strings table \(error)", diagnostic: error.diagnostic, file: error.file)
      }
    }
    return options
  }
}

/// A `--settings` or `--strings` file that cannot be read or parsed: one line, and the diagnostic with its
/// place when a table's text is at fault.
struct OptionFileError: Error, CustomStringConvertible {
  /// What is wrong, the file named.
  let description: String
  /// The finding in a strings table, with its code and place.
  var diagnostic: Diagnostic?
  /// The text `diagnostic` points into.
  var file: SourceFile?
}

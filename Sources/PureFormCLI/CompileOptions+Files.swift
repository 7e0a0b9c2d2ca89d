import PureForm

extension CompileOptions {
  /// The options of `--settings FILE`, `--strings FILE|DIR` and `--locale` (any may be absent), read from
  /// their files for every command alike; a file that cannot be read or parsed ends with exit 2, its
  /// diagnostic shown with its line.
  static func reading(settings: String?, strings: String?, locale: String? = nil) throws -> CompileOptions {
    do throws(FileReadError) {
      return try loading(settings: settings, strings: strings, locale: locale)
    } catch {
      if let finding = error.finding {
        Terminal.writeError(DiagnosticRenderer.text(finding.diagnostic, in: finding.file))
        throw Terminal.usageError("strings table \(finding.file.name) cannot be used")
      }
      throw Terminal.usageError(error.description)
    }
  }

  /// The options of `--settings FILE`, `--strings FILE|DIR` and `--locale` read from their files, or why
  /// they cannot be: what `serve` reads again on each reload.
  static func loading(settings: String?, strings: String?, locale: String? = nil) throws(FileReadError)
    -> CompileOptions
  {
    var options = CompileOptions()
    if let settings {
      do throws(FileReadError) {
        options.settings = try ValidationSettings(json: SourceFile.read(settings))
      } catch {
        throw .reading(role: "settings", error)
      }
    }
    if let strings {
      do throws(FileReadError) {
        options.strings = try StringsTable(contentsOf: strings, locale: locale)
      } catch {
        throw .reading(role: "strings table", error)
      }
    }
    return options
  }
}

import PureForm

extension CompileOptions {
  /// The options of `--settings FILE` and `--strings FILE` (either may be absent), read from their files for
  /// `validate` and `serve` alike; a file that cannot be read or parsed ends with exit 2.
  static func reading(settings: String?, strings: String?) throws -> CompileOptions {
    var options = CompileOptions()
    if let settings {
      do {
        options.settings = try ValidationSettings(json: SourceFile.read(settings))
      } catch {
        throw Terminal.usageError("settings \(error)")
      }
    }
    if let strings {
      do {
        options.strings = try StringsTable(contentsOf: strings)
      } catch {
        throw Terminal.usageError("strings table \(error)")
      }
    }
    return options
  }
}

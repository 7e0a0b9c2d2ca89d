import PureForm

extension CompileOptions {
  /// The options of `--settings FILE` and `--strings FILE` (either may be absent), read from their files for
  /// `validate` and `serve` alike; a file that cannot be read or parsed ends with exit 2.
  static func reading(settings: String?, strings: String?) throws -> CompileOptions {
    do {
      return try loading(settings: settings, strings: strings)
    } catch {
      throw Terminal.usageError(error.description)
    }
  }

  /// The options of `--settings FILE` and `--strings FILE` read from their files, or why they cannot be: what
  /// `serve` reads again on each reload.
  static func loading(settings: String?, strings: String?) throws(OptionFileError) -> CompileOptions {
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
        options.strings = try StringsTable(contentsOf: strings)
      } catch {
        throw OptionFileError(description: "strings table \(error)")
      }
    }
    return options
  }
}

/// A `--settings` or `--strings` file that cannot be read or parsed, said in one line.
struct OptionFileError: Error, CustomStringConvertible {
  /// What is wrong, the file named.
  let description: String
}

extension ValidationPlan {
  /// Checks options against the fields: the field must exist, and live-only needs a field.
  func runOptions(_ options: ValidationOptions) throws(InputError) -> RunOptions {
    var run = RunOptions(
      allFailures: options.allFailures, liveOnly: options.liveOnly, flat: options.flat, idKey: options.idKey,
      includesValues: options.includesValues)
    if let key = options.field {
      guard let number = fieldNumbers[key] else {
        throw .unknownField(key, suggestion: Suggestion.closest(to: key, among: fields.map(\.key)))
      }
      run.field = number
    } else if options.liveOnly {
      throw .liveOnlyWithoutField
    }
    return run
  }

  /// `runOptions(_:)` with its error wrapped by `wrap` (`NDJSONError.options`, `ChangeInputError.options`).
  func runOptions<Failure: Error>(_ options: ValidationOptions, or wrap: (InputError) -> Failure) throws(Failure)
    -> RunOptions
  {
    do { return try runOptions(options) } catch { throw wrap(error) }
  }
}

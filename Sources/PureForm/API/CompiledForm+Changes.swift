extension CompiledForm {
  /// Validates what changed from the stored record `old` to `new`: the views whose value differs (after
  /// coercion) and, transitively, every view whose verdict reads one of them (an `equal_next` /
  /// `equal_previous` neighbour, a `<same_as>` target, a `<visible_if>` or `<required_if>` condition).
  ///
  /// A view neither changed nor reading a change is not validated, so a record stored before a rule was
  /// tightened does not block an unrelated edit. This is more lenient than the device, which validates
  /// every view, on purpose and by request. `values` (when valid) and `hidden` are what a full validation
  /// of `new` gives; `changed` lists the keys that changed, in spec order.
  ///
  /// ```swift
  /// let result = try form.validate(json: Array(new.utf8), changedFrom: Array(stored.utf8))
  /// print(result.jsonText)  // {"valid":true,"values":{…},"changed":["password"]}
  /// ```
  public func validate<New: Collection<UInt8>, Old: Collection<UInt8>>(
    json new: New, changedFrom old: Old, options: ValidationOptions = ValidationOptions()
  ) throws(ChangeInputError) -> ChangeValidationResult {
    let plan = self.plan
    let run = try plan.runOptions(options, or: ChangeInputError.options)
    // On the kernel with the record plan of these options; bytes it does not take are no record, and the
    // reader says why (the stored record's first).
    let engines = engines(for: run)
    let readers = self.readers(for: run)
    let oldBytes = old as? [UInt8] ?? Array(old)
    let newBytes = new as? [UInt8] ?? Array(new)
    let kernel = oldBytes.withUnsafeBytes { oldBytes in
      newBytes.withUnsafeBytes { newBytes in engines.validateChange(from: oldBytes, to: newBytes, readers: readers) }
    }
    if let kernel { return kernel }
    if let error = plan.readError(oldBytes) { throw .old(error) }
    throw .new(plan.error(reading: newBytes))
  }

  /// Validates what changed from `old` to `new`, both values (objects keyed by `<key>`), as
  /// `validate(json:changedFrom:options:)` does.
  public func validate(_ new: FormValue, changedFrom old: FormValue, options: ValidationOptions = ValidationOptions())
    throws(ChangeInputError) -> ChangeValidationResult
  {
    let run = try plan.runOptions(options, or: ChangeInputError.options)
    // As `validate(json:changedFrom:)`: on the kernel, reading each value as its JSON bytes.
    if case .object = old, case .object = new {
      var oldBytes = old.recordBytes
      var newBytes = new.recordBytes
      let engines = engines(for: run)
      let kernel = oldBytes.withUTF8 { oldText in
        newBytes.withUTF8 { newText in
          engines.validateChange(
            from: UnsafeRawBufferPointer(oldText), to: UnsafeRawBufferPointer(newText), readers: readers(for: run))
        }
      }
      if let kernel { return kernel }
    }
    guard case .object = old else { throw .old(.notAnObject(found: FormValue.describedWithArticle(old))) }
    guard case .object = new else { throw .new(.notAnObject(found: FormValue.describedWithArticle(new))) }
    throw .new(.unreadRecord)
  }

  /// The engines that read an edit's records under `run`: under `--field`, those of a plan for every field
  /// (an edit of a grouped record compares every group); nil when `run`'s own read them.
  func readers(for run: RunOptions) -> RecordEnginePool? {
    run.field == nil ? nil : engines(for: RunOptions())
  }

  /// Validates the edit `patch`, an RFC 7396 JSON merge patch, of the stored record `before`: the merged
  /// record is validated as changed from `before` (`validate(_:changedFrom:options:)`).
  ///
  /// A patch that is not an object would replace the whole record: it is refused as `new`'s `notAnObject`.
  public func validate(
    mergePatch patch: FormValue, to before: FormValue, options: ValidationOptions = ValidationOptions()
  ) throws(ChangeInputError) -> ChangeValidationResult {
    try validate(before.applyingMergePatch(patch), changedFrom: before, options: options)
  }
}

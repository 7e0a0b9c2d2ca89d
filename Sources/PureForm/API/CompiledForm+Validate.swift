extension CompiledForm {
  /// The keys of the form's fields in spec order: dotted `<key>`s, and `unknown_key_N` for form views
  /// without one.
  public var fieldKeys: [String] { plan.fields.map(\.key) }

  /// Checks options against the form without validating: throws `unknownField` (with the closest key)
  /// or `liveOnlyWithoutField`.
  public func check(_ options: ValidationOptions) throws(InputError) {
    _ = try plan.runOptions(options)
  }

  /// Validates a record given as JSON bytes (an array, a slice, `Data`): one object keyed by `<key>`
  /// (nested or dotted).
  ///
  /// Throws only when the record cannot be validated at all: not JSON, not an object, or options naming
  /// no field. Failing fields are a result, not an error.
  public func validate<Bytes: Collection<UInt8>>(
    json bytes: Bytes, options: ValidationOptions = ValidationOptions()
  ) throws(InputError) -> ValidationResult {
    // On the kernel, with the record plan of these options; bytes it does not take are no record, and the
    // reader says why.
    let engines = try libraryEngines(for: options)
    let result = bytes.withContiguousStorageIfAvailable { engines.validate(UnsafeRawBufferPointer($0)) }
    if let result = result ?? nil { return result }
    let contiguous = bytes as? [UInt8] ?? Array(bytes)
    if result == nil, let retried = contiguous.withUnsafeBytes({ engines.validate($0) }) { return retried }
    throw plan.error(reading: contiguous)
  }

  /// The engines for `options`: the default ones without a look-up when only the NDJSON-only options
  /// (`idKey`, `includesValues`, which shape no `ValidationResult`) differ from the default.
  @inline(__always)
  private func libraryEngines(for options: ValidationOptions) throws(InputError) -> RecordEnginePool {
    if !options.allFailures && options.field == nil && !options.liveOnly && !options.flat { return engines }
    return engines(for: try plan.runOptions(options))
  }

  /// Validates a record given as JSON text.
  public func validate(json text: String, options: ValidationOptions = ValidationOptions()) throws(InputError)
    -> ValidationResult
  {
    // The string's own UTF-8 where it has it contiguously (a native string), not a copy.
    let result = text.utf8.withContiguousStorageIfAvailable { bytes in
      Result { () throws(InputError) in try validate(json: bytes, options: options) }
    }
    if let result { return try result.get() }
    return try validate(json: Array(text.utf8), options: options)
  }

  /// Validates a record given as a value: an object keyed by `<key>` (nested or dotted).
  ///
  /// The value is the record its JSON (`outputJSON`) is: `validate(json:)` of that text gives the same
  /// result, and a number whose text is no JSON number is read as the string it is written as.
  public func validate(_ values: FormValue, options: ValidationOptions = ValidationOptions()) throws(InputError)
    -> ValidationResult
  {
    // As `validate(json:)`: on the kernel, reading the value as its JSON bytes, which are the record.
    if let result = try libraryEngines(for: options).validate(values) { return result }
    guard case .object = values else { throw .notAnObject(found: FormValue.describedWithArticle(values)) }
    throw .unreadRecord
  }
}

extension FormValue {
  /// "an array", "the string …" for messages, as the compiler describes JSON values.
  static func describedWithArticle(_ value: FormValue) -> String {
    switch value {
    case .null: return JSONNode.Kind.null.describedWithArticle
    case .bool(let flag): return JSONNode.Kind.bool(flag).describedWithArticle
    case .number(let text): return JSONNode.Kind.number(text).describedWithArticle
    case .string(let text): return JSONNode.Kind.string(text).describedWithArticle
    case .array: return "an array"
    case .object: return "an object"
    }
  }
}

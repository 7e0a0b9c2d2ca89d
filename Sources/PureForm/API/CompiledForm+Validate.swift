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
    // The default options on the record plan's kernel; any other options, and every record the kernel
    // hands back (not JSON, not an object, a pattern that gave up, ...), on the exact path.
    if options == ValidationOptions() {
      let engines = self.engines
      let result = bytes.withContiguousStorageIfAvailable { engines.validate(UnsafeRawBufferPointer($0)) }
      if let result = result ?? nil { return result }
    }
    return try exactResult(json: bytes, options: options)
  }

  /// What `validate(json:options:)` gives, always by the exact path (`JSONReader`, then `ValidationPlan.run`):
  /// the reference the kernel's results are tested against.
  func exactResult<Bytes: Collection<UInt8>>(
    json bytes: Bytes, options: ValidationOptions = ValidationOptions()
  ) throws(InputError) -> ValidationResult {
    let plan = self.plan
    let run = try plan.runOptions(options)
    return plan.run(try plan.inputs(json: bytes as? [UInt8] ?? Array(bytes)), options: run)
  }

  /// Validates a record given as JSON text.
  public func validate(json text: String, options: ValidationOptions = ValidationOptions()) throws(InputError)
    -> ValidationResult
  {
    try validate(json: Array(text.utf8), options: options)
  }

  /// Validates a record given as a value: an object keyed by `<key>` (nested or dotted).
  public func validate(_ values: FormValue, options: ValidationOptions = ValidationOptions()) throws(InputError)
    -> ValidationResult
  {
    // As `validate(json:)`: the default options on the kernel, reading the value as its JSON bytes.
    if options == ValidationOptions(), let result = engines.validate(values) { return result }
    return try exactResult(values, options: options)
  }

  /// What `validate(_:options:)` gives, always by the exact path (`ValidationPlan.inputs(from:)`, then
  /// `ValidationPlan.run`): the reference the kernel's results are tested against.
  func exactResult(_ values: FormValue, options: ValidationOptions = ValidationOptions()) throws(InputError)
    -> ValidationResult
  {
    let plan = self.plan
    let run = try plan.runOptions(options)
    guard let inputs = plan.inputs(from: values) else {
      throw .notAnObject(found: FormValue.describedWithArticle(values))
    }
    return plan.run(inputs, options: run)
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

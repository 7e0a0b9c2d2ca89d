public import HTTPTypes
public import NIOCore
public import PureForm

/// Validates a request body against one form by its content type, as `pureform validate` would the same
/// record: the piece of `POST /forms/{name}/validate` that a server with its own routes calls directly.
///
/// - `application/json`: one record; 200 `{"valid":true,"values":…}` or 422 `{"valid":false,"failures":…}`,
///   byte for byte the CLI's `--format json` line, through the rule kernel's `RecordValidator`.
/// - `application/x-www-form-urlencoded`: an HTML form post, each name a `<key>` (dotted keys nest), each
///   value a string; answered as the JSON record would be.
/// - `application/x-ndjson`: one record per line; 200 with one result line per record, in order, as
///   `pureform validate --ndjson` writes them (with the options' `idKey` and `includesValues`, which the
///   other two types refuse with a 400 `bad_option`).
public struct RecordBodyValidator: Sendable {
  /// The form the bodies are validated against.
  public let form: CompiledForm
  /// The options every record is validated with.
  public let options: ValidationOptions
  /// Where JSON records borrow their validator; nil builds one per record.
  private let pool: ValidatorPool?
  /// The form's name and the options, as `pool` keeps its validators; nil without a pool.
  ///
  /// Apart from `pool`, so that a request lends it to the pool instead of copying its strings out of a pair.
  private let poolKey: ValidatorPool.Key?

  /// A validator of `form` with `options`; throws a 400 `unknown_field` or `bad_option` error when the
  /// options do not fit the form.
  public init(form: CompiledForm, options: ValidationOptions = ValidationOptions()) throws(FormServiceError) {
    do {
      try form.check(options)
    } catch {
      throw FormServiceError.badOptions(error)
    }
    self.form = form
    self.options = options
    self.pool = nil
    self.poolKey = nil
  }

  /// A validator whose JSON records borrow their `RecordValidator` from `pool`, as the form `name`.
  ///
  /// Options that do not fit the form are not checked here: the validation throws for them, so a pooled
  /// record pays for no check its validator's plan has passed already.
  package init(form: CompiledForm, name: String, options: ValidationOptions, pool: ValidatorPool) {
    self.form = form
    self.options = options
    self.pool = pool
    self.poolKey = ValidatorPool.Key(form: name, options: options)
  }

  /// The answer to `body` sent with the content type `contentType` (parameters such as `charset` are
  /// ignored): the status and the body; throws a 4xx `FormServiceError` for a body that is no record.
  public func validate(_ body: ByteBuffer, contentType: String?) throws(FormServiceError)
    -> (status: HTTPResponse.Status, body: ByteBuffer)
  {
    guard let type = MediaType(contentType) else { throw .unsupportedMediaType(contentType) }
    let answer = try validate(body, as: type)
    return (answer.status, answer.body)
  }

  /// The answer to `body` read as `type`, with what the validation found for the metrics (the records'
  /// verdicts and their failures by validator, as the validation handed them over, without reading the body
  /// back).
  func validate(_ body: ByteBuffer, as type: MediaType) throws(FormServiceError) -> FormAnswer {
    if type != .ndjson, options.idKey != nil || !options.includesValues { throw .ndjsonOnlyOptions }
    switch type {
    case .json: return try validateJSON(body)
    case .formURLEncoded: return try validateForm(body)
    case .ndjson: return try validateNDJSON(body)
    }
  }

  /// One JSON record through `RecordValidator`; a malformed one is read again by the exact reader for its
  /// line and column.
  func validateJSON(_ body: ByteBuffer) throws(FormServiceError) -> FormAnswer {
    var validator: RecordValidator
    // The pool's shelf for the form and options, found once: a shelf is made only for a validator given back.
    let shelf = pool?.shelf(of: poolKey.unsafelyUnwrapped)
    if let idle = shelf?.take() {
      validator = idle
    } else {
      do throws(InputError) {
        validator = try RecordValidator(countingFailuresOf: form, options: options)
      } catch {
        throw .badOptions(error)
      }
    }
    defer { if let pool { (shelf ?? pool.shelf(making: poolKey.unsafelyUnwrapped)).giveBack(validator) } }
    let verdict = body.withUnsafeReadableBytes { validator.validate(line: $0) }
    // Taken for every record, so a pooled validator starts the next one from nothing.
    let failures = validator.takeFailureCounts()
    guard verdict != .malformed else {
      do {
        _ = try form.validate(json: body.readableBytesView, options: options)
      } catch {
        throw .badRecord(error)
      }
      // Only an all-blank body reaches here: the exact reader reports none for it, the line reader does.
      throw FormServiceError(.badRequest, code: "malformed_json", message: "the body holds no JSON value")
    }
    let valid = verdict == .valid
    var answer = FormAnswer(
      status: valid ? .ok : .unprocessableContent, contentType: "application/json",
      body: Self.withoutLineMember(validator))
    (answer.valid, answer.invalid, answer.failures) = (valid ? 1 : 0, valid ? 0 : 1, failures)
    return answer
  }

  /// A form post read into a record of strings, validated as the JSON record would be.
  func validateForm(_ body: ByteBuffer) throws(FormServiceError) -> FormAnswer {
    let record = URLEncodedRecord.parse(body.readableBytesView)
    let result: ValidationResult
    do {
      result = try form.validate(record, options: options)
    } catch {
      throw .badRecord(error)
    }
    return FormAnswer(result: result, text: result.jsonText)
  }

  /// NDJSON records on one thread, in order, as the CLI writes them.
  func validateNDJSON(_ body: ByteBuffer) throws(FormServiceError) -> FormAnswer {
    do {
      let (output, summary) = try form.validateNDJSONCountingFailures(body.readableBytesView, options: options)
      return FormAnswer(ndjson: output, valid: summary.valid, invalid: summary.invalid, failures: summary.failures)
    } catch {
      switch error {
      case .options(let error): throw .badOptions(error)
      default: throw FormServiceError(.badRequest, code: "body_unreadable", message: "\(error)")
      }
    }
  }

  /// The validator's last output line without its leading `"line":1,` member: `{"line":1,"valid":…}\n`
  /// becomes `{"valid":…}\n`, the CLI's line for one record.
  private static func withoutLineMember(_ validator: RecordValidator) -> ByteBuffer {
    validator.withOutput { line in
      let prefix = #"{"line":1,"#.utf8.count
      var buffer = ByteBuffer()
      buffer.reserveCapacity(line.count - prefix + 1)
      buffer.writeInteger(UInt8(ascii: "{"))
      buffer.writeBytes(UnsafeRawBufferPointer(rebasing: line[prefix...]))
      return buffer
    }
  }
}

extension FormServiceError {
  /// 400: `id` and `no-values` with a body of one record.
  static let ndjsonOnlyOptions = Self(
    .badRequest, code: "bad_option",
    message: "id and no-values shape NDJSON result lines: send application/x-ndjson, or leave them out")

  /// 400 for options that do not fit the form.
  static func badOptions(_ error: InputError) -> Self {
    switch error {
    case .unknownField: return Self(.badRequest, code: "unknown_field", message: "\(error)")
    default: return Self(.badRequest, code: "bad_option", message: "\(error)")
    }
  }

  /// 400 for a body that is not one JSON object.
  static func badRecord(_ error: InputError) -> Self {
    switch error {
    case .notJSON(let line, let column, let message):
      return Self(.badRequest, code: "malformed_json", message: message, line: line, column: column)
    case .notAnObject: return Self(.badRequest, code: "not_an_object", message: "\(error)")
    case .unknownField, .liveOnlyWithoutField: return badOptions(error)
    }
  }
}

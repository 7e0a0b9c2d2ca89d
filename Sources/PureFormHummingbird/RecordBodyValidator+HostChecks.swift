public import HTTPTypes
public import NIOCore
public import PureForm

extension RecordBodyValidator {
  /// The answer to `body`, as `validate(_:contentType:)` gives it, with the failures of the host `checks`
  /// merged in when the record passes the spec (`CompiledForm.applyingHostChecks`).
  ///
  /// Throws a 503 `host_check_failed` or 504 `host_check_timeout` `FormServiceError` naming the check that
  /// threw or took too long (an NDJSON body's records are checked one after another, and the first that
  /// gets no verdict answers for the body). With no checks, the answer is `validate(_:contentType:)`'s.
  public func validate(_ body: ByteBuffer, contentType: String?, hostChecks checks: [HostCheck])
    async throws(FormServiceError) -> (status: HTTPResponse.Status, body: ByteBuffer)
  {
    guard let type = MediaType(contentType) else { throw .unsupportedMediaType(contentType) }
    let answer = try await validate(body, as: type, hostChecks: checks)
    return (answer.status, answer.body)
  }

  /// The answer to `body` read as `type`, host checks run on a record that passes.
  func validate(_ body: ByteBuffer, as type: MediaType, hostChecks checks: [HostCheck])
    async throws(FormServiceError) -> Answer
  {
    guard !checks.isEmpty else { return try validate(body, as: type) }
    let result: ValidationResult
    switch type {
    case .ndjson:
      return try await validateNDJSON(body, hostChecks: checks)
    case .json, .formURLEncoded:
      if options.idKey != nil || !options.includesValues { return try validate(body, as: type) }
      do throws(InputError) {
        result =
          type == .json
          ? try form.validate(json: body.readableBytesView, options: options)
          : try form.validate(URLEncodedRecord.parse(body.readableBytesView), options: options)
      } catch {
        throw .badRecord(error)
      }
    }
    let checked: ValidationResult
    do {
      checked = try await form.applyingHostChecks(checks, to: result, options: options)
    } catch {
      throw FormServiceError(error)
    }
    return Answer(result: checked, text: checked.jsonText)
  }
}

extension RecordBodyValidator {
  /// NDJSON records one after another, each that passes the spec host-checked, as the CLI writes them.
  func validateNDJSON(_ body: ByteBuffer, hostChecks checks: [HostCheck]) async throws(FormServiceError) -> Answer {
    do {
      let (output, summary) = try await form.validateNDJSON(
        Array(body.readableBytesView), options: options, hostChecks: checks)
      return Answer(
        status: .ok, body: ByteBuffer(bytes: output), valid: summary.valid, invalid: summary.invalid,
        failures: summary.failures)
    } catch let error as HostCheckError {
      throw FormServiceError(error)
    } catch NDJSONError.options(let error) {
      throw .badOptions(error)
    } catch {
      throw FormServiceError(.badRequest, code: "body_unreadable", message: "\(error)")
    }
  }
}

extension RecordBodyValidator.Answer {
  /// The answer of one record's result, written as `text`: 200 valid, 422 invalid.
  init(result: ValidationResult, text: String) {
    self.init(
      status: result.isValid ? .ok : .unprocessableContent, body: ByteBuffer(string: text + "\n"),
      valid: result.isValid ? 1 : 0, invalid: result.isValid ? 0 : 1,
      failures: result.failures.reduce(into: [:]) { $0[$1.validator, default: 0] += 1 })
  }
}

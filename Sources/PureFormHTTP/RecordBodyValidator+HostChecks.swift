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
    async throws(FormServiceError) -> FormAnswer
  {
    guard !checks.isEmpty else { return try validate(body, as: type) }
    switch type {
    case .ndjson:
      return try await validateNDJSON(body, hostChecks: checks)
    case .json, .formURLEncoded:
      if options.idKey != nil || !options.includesValues { return try validate(body, as: type) }
    }
    let checked = try await result(body, as: type, hostChecks: checks)
    return FormAnswer(result: checked, text: checked.jsonText)
  }
}

extension RecordBodyValidator {
  /// NDJSON records one after another, each that passes the spec host-checked, as the CLI writes them.
  func validateNDJSON(_ body: ByteBuffer, hostChecks checks: [HostCheck]) async throws(FormServiceError) -> FormAnswer {
    do {
      let (output, summary) = try await form.validateNDJSON(
        Array(body.readableBytesView), options: options, hostChecks: checks)
      return FormAnswer(ndjson: output, valid: summary.valid, invalid: summary.invalid, failures: summary.failures)
    } catch let error as HostCheckError {
      throw FormServiceError(error)
    } catch NDJSONError.options(let error) {
      throw .badOptions(error)
    } catch {
      throw FormServiceError(.badRequest, code: "body_unreadable", message: "\(error)")
    }
  }
}

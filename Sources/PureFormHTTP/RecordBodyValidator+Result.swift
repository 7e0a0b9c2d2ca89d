import HTTPTypes
public import NIOCore
public import PureForm

extension RecordBodyValidator {
  /// The result of the one record in `body`, sent as `application/json` or
  /// `application/x-www-form-urlencoded`, with the failures of the host `checks` merged in when it passes
  /// the spec: for a handler of your own that acts on the verdict (stores the values of a valid record).
  ///
  /// Throws what the validate route answers instead of a result: 415 for another content type (NDJSON
  /// included: its records have a result each), 400 for a body that is no record or for `id` and
  /// `no-values` (they shape NDJSON lines), 503 or 504 for a host check without a verdict. The result's
  /// `jsonText` and a line feed is the body the validate route sends for it, 200 when valid, else 422.
  public func result(_ body: ByteBuffer, contentType: String?, hostChecks checks: [HostCheck] = [])
    async throws(FormServiceError) -> ValidationResult
  {
    guard let type = MediaType(contentType), type != .ndjson else {
      throw FormServiceError(
        .unsupportedMediaType, code: "unsupported_media_type",
        message: "\(contentType.map { "'\($0)' is not read here" } ?? "the request has no Content-Type"); send "
          + "one record as application/json or application/x-www-form-urlencoded")
    }
    if options.idKey != nil || !options.includesValues { throw .ndjsonOnlyOptions }
    return try await result(body, as: type, hostChecks: checks)
  }

  /// One JSON or form-post record's result, host-checked when it passes.
  func result(_ body: ByteBuffer, as type: MediaType, hostChecks checks: [HostCheck])
    async throws(FormServiceError) -> ValidationResult
  {
    let result: ValidationResult
    do throws(InputError) {
      result =
        type == .json
        ? try form.validate(json: body.readableBytesView, options: options)
        : try form.validate(URLEncodedRecord.parse(body.readableBytesView), options: options)
    } catch {
      throw .badRecord(error)
    }
    guard !checks.isEmpty else { return result }
    do {
      return try await form.applyingHostChecks(checks, to: result, options: options)
    } catch {
      throw FormServiceError(error)
    }
  }
}

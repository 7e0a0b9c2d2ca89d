public import NIOCore

/// A request to a validate route whose form, query options and content type have passed, before its body is
/// read: `FormService.validation(form:query:contentType:)` (POST) or `changeValidation` (PATCH) gives one,
/// and the server hands it the body, read within its limit.
public protocol PendingValidation: Sendable {
  /// The answer to `body`: 200 or 422 with the result; throws the 4xx `FormServiceError` of a body that is
  /// no record, or the 503 or 504 of a host check without a verdict.
  func answer(to body: ByteBuffer) async throws(FormServiceError) -> FormAnswer
}

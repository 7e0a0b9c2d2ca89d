public import PureForm
public import PureFormHTTP
public import Vapor

/// The verdict on a record a handler of your own validated (`req.pureform.validate(form:)`): its result, to
/// act on, and as a response the one the validate route sends for it (200 valid, 422 invalid, the
/// `pureform validate --format json` line).
public struct FormVerdict: AsyncResponseEncodable, Sendable {
  /// The result: `isValid`, the `values` of a valid record, the `failures` of an invalid one.
  public let result: PureForm.ValidationResult

  /// The verdict of `result`.
  public init(_ result: PureForm.ValidationResult) {
    self.result = result
  }

  /// Whether the record is valid.
  public var isValid: Bool { result.isValid }

  /// What the validate route answers for the record.
  public var answer: FormAnswer { FormAnswer(result: result, text: result.jsonText) }

  /// The validate route's response for the record.
  public func encodeResponse(for request: Request) async throws -> Response {
    answer.vaporResponse
  }
}

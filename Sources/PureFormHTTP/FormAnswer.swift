public import HTTPTypes
public import NIOCore
package import PureForm

/// What a form route answers, for any server to send: the status, the content type, the body, and for a 405
/// the methods the path takes.
///
/// `FormService` gives one for each route; an error's is `FormServiceError.answer`. A server sends these
/// three (four) as they are, so every server of the routes answers the same request with the same bytes.
public struct FormAnswer: Sendable {
  /// The response status.
  public var status: HTTPResponse.Status
  /// The `Content-Type` header.
  public var contentType: String
  /// The body.
  public var body: ByteBuffer
  /// The `Allow` header of a 405; nil for any other answer.
  public var allow: String?
  /// What a validation found, for the server's metrics: records valid and invalid (a malformed NDJSON line
  /// is neither) and the invalid records' failures by validator; none for a route that validates nothing.
  public var valid = 0
  public var invalid = 0
  public var failures: [String: Int] = [:]

  /// An answer of `status` with `body` of type `contentType`.
  public init(status: HTTPResponse.Status, contentType: String, body: ByteBuffer, allow: String? = nil) {
    self.status = status
    self.contentType = contentType
    self.body = body
    self.allow = allow
  }

  /// A JSON answer: `text` (a line feed at its end, as every pureform output line has) as `application/json`.
  public static func json(_ status: HTTPResponse.Status, _ text: String) -> Self {
    Self(status: status, contentType: "application/json", body: ByteBuffer(string: text))
  }
}

extension FormServiceError {
  /// The error as an answer: `application/json`, the body `jsonText`, and `Allow` for a 405.
  public var answer: FormAnswer {
    FormAnswer(status: status, contentType: "application/json", body: ByteBuffer(string: jsonText), allow: allow)
  }
}

extension FormAnswer {
  /// The answer of one record's result, written as `text`: 200 valid, 422 invalid, in JSON.
  package init(result: ValidationResult, text: String) {
    self.init(
      status: result.isValid ? .ok : .unprocessableContent, contentType: "application/json",
      body: ByteBuffer(string: text + "\n"))
    (valid, invalid) = result.isValid ? (1, 0) : (0, 1)
    failures = result.failures.reduce(into: [:]) { $0[$1.validator, default: 0] += 1 }
  }

  /// The 200 answer of NDJSON result lines, with the validation's counts.
  init(ndjson lines: [UInt8], valid: Int, invalid: Int, failures: [String: Int]) {
    self.init(status: .ok, contentType: "application/x-ndjson", body: ByteBuffer(bytes: lines))
    (self.valid, self.invalid, self.failures) = (valid, invalid, failures)
  }
}

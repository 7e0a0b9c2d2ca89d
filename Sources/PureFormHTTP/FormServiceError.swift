public import HTTPTypes

/// An answer the form routes give instead of a result.
///
/// An HTTP status, a stable `error` code a client can branch on, and a message for people. Its body is `{"error":"<code>","message":"…"}` (and `line` and
/// `column` for malformed JSON); every client mistake is one of these, never a 500.
public struct FormServiceError: Error, Sendable, Hashable {
  /// The response status.
  public let status: HTTPResponse.Status
  /// The stable code: `unknown_form`, `malformed_json`, `not_an_object`, `unknown_field`, `bad_option`,
  /// `bad_patch`, `body_too_large`, `unsupported_media_type`, `method_not_allowed`, `not_found`,
  /// `host_check_failed`, `host_check_timeout`.
  public let code: String
  /// What went wrong, for people.
  public let message: String
  /// Where malformed JSON went wrong: line and column, 1-based; nil for other errors.
  public let line: Int?
  /// The column of `line`, 1-based.
  public let column: Int?

  /// For a 405: the methods the path takes, as the `Allow` header lists them.
  public var allow: String?
  /// For `host_check_failed` and `host_check_timeout`: the host check's name, the body's `check` member.
  public var check: String?
  /// What the server's log says beside the answer (a host check's own error), never sent to the client.
  package var detail: String?

  /// An error with a status, a code and a message.
  public init(_ status: HTTPResponse.Status, code: String, message: String, line: Int? = nil, column: Int? = nil) {
    self.allow = nil
    self.check = nil
    self.detail = nil
    self.status = status
    self.code = code
    self.message = message
    self.line = line
    self.column = column
  }

  /// The JSON body, with a line feed at the end as every pureform output line has.
  public var jsonText: String {
    var text = #"{"error":"# + JSONString.quoted(code) + #","message":"# + JSONString.quoted(message)
    if let line, let column { text += #","line":\#(line),"column":\#(column)"# }
    if let check { text += #","check":"# + JSONString.quoted(check) }
    return text + "}\n"
  }
}

extension FormServiceError {
  /// 404: no form has this name.
  public static func unknownForm(_ name: String) -> Self {
    Self(.notFound, code: "unknown_form", message: "no form is named '\(name)'")
  }

  /// 404: the form has no field with the key a field route's path names (`did you mean` one that is close).
  public static func unknownField(_ key: String, suggestion: String?) -> Self {
    Self(
      .notFound, code: "unknown_field",
      message: "form has no field with the key '\(key)'" + (suggestion.map { " (did you mean '\($0)'?)" } ?? ""))
  }

  /// 404: no route has this path.
  public static func notFound(_ path: String) -> Self {
    Self(.notFound, code: "not_found", message: "no route for \(path)")
  }

  /// 405: the path exists, not with this method; `allowed` is what it takes.
  package static func methodNotAllowed(_ method: HTTPRequest.Method, allowed: [HTTPRequest.Method]) -> Self {
    var error = Self(
      .methodNotAllowed, code: "method_not_allowed",
      message: "\(method.rawValue) is not allowed here; use \(allowed.map(\.rawValue).joined(separator: " or "))")
    error.allow = allowed.map(\.rawValue).joined(separator: ", ")
    return error
  }

  /// The methods a path answers 405 for when it does not take them.
  ///
  /// Every method the HTTP/1.1 parser reads (llhttp's list, WebDAV's and QUERY among them) but CONNECT, whose
  /// answer the parser treats as a tunnel. A GET route takes HEAD too (its headers, no body); a method the
  /// parser does not know never reaches a route (`MalformedRequestResponder`).
  package static let refusedMethods: [HTTPRequest.Method] =
    [.get, .head, .post, .put, .patch, .delete, .options, .trace]
    + [
      "QUERY", "COPY", "LOCK", "MKCOL", "MOVE", "PROPFIND", "PROPPATCH", "SEARCH", "UNLOCK", "BIND", "REBIND",
      "UNBIND", "ACL", "REPORT", "MKACTIVITY", "CHECKOUT", "MERGE", "M-SEARCH", "NOTIFY", "SUBSCRIBE",
      "UNSUBSCRIBE", "PURGE", "MKCALENDAR", "LINK", "UNLINK", "SOURCE",
    ].compactMap { HTTPRequest.Method($0) }

  /// 413: the body is over `limit` bytes.
  public static func bodyTooLarge(limit: Int) -> Self {
    Self(.contentTooLarge, code: "body_too_large", message: "the request body is over the limit of \(limit) bytes")
  }

  /// 400: the body could not be read (the connection failed while it was sent).
  package static let bodyUnreadable = Self(
    .badRequest, code: "body_unreadable", message: "the request body could not be read")

  /// 415: a content type the validate route does not read.
  package static func unsupportedMediaType(_ type: String?) -> Self {
    Self(
      .unsupportedMediaType, code: "unsupported_media_type",
      message: "\(type.map { "'\($0)' is not read here" } ?? "the request has no Content-Type"); send "
        + "application/json, application/x-www-form-urlencoded or application/x-ndjson")
  }
}

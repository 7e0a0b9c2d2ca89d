import HTTPTypes
public import PureForm

extension FormServiceError {
  /// 503 `host_check_failed` or 504 `host_check_timeout`: a host check gave the record no verdict.
  ///
  /// The body names the check (`check`); what it threw stays in the server's log, not in the answer.
  public init(_ error: HostCheckError) {
    switch error {
    case .failed(let check, _):
      self.init(
        .serviceUnavailable, code: error.code,
        message: "host check '\(check)' failed, so the record has no verdict; try again later")
    case .timedOut(let check, let limit):
      self.init(
        .gatewayTimeout, code: error.code,
        message: "host check '\(check)' did not answer within \(limit), so the record has no verdict; try again later")
    }
    self.check = error.check
    self.detail = error.description
  }

  /// 400 `malformed_json`, `not_an_object` or `bad_patch` for a PATCH body that is not
  /// `{"before": {…}, "patch": {…}}`.
  static func badPatch(_ error: MergePatchRequestError) -> Self {
    switch error {
    case .notJSON(let line, let column, let message):
      return Self(.badRequest, code: "malformed_json", message: message, line: line, column: column)
    case .notAnObject: return Self(.badRequest, code: "not_an_object", message: "\(error)")
    case .missingMember, .unknownMember, .memberNotAnObject:
      return Self(.badRequest, code: "bad_patch", message: "\(error)")
    }
  }
}

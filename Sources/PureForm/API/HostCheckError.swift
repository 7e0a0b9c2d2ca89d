/// Why a record got no verdict from its host checks: the server answers 503 or 504, never a verdict it
/// could not reach.
public enum HostCheckError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The check threw (`error` is its description), or returned a failure for `key`, which no field of the
  /// form has.
  case failed(check: String, error: String)
  /// The check did not answer within its time limit.
  case timedOut(check: String, limit: Duration)

  /// The check's name.
  public var check: String {
    switch self {
    case .failed(let check, _), .timedOut(let check, _): return check
    }
  }

  /// The code the server answers with: `host_check_failed` or `host_check_timeout`.
  public var code: String {
    switch self {
    case .failed: return "host_check_failed"
    case .timedOut: return "host_check_timeout"
    }
  }

  /// `host check 'email_registered' failed: …`, `host check 'email_registered' took longer than 2 s`.
  public var description: String {
    switch self {
    case .failed(let check, let error): return "host check '\(check)' failed: \(error)"
    case .timedOut(let check, let limit): return "host check '\(check)' took longer than its limit of \(limit)"
    }
  }
}

/// A check only the host can make ("this e-mail is already registered", "this coupon has expired"): a
/// named async closure that receives a record the spec found valid and returns failures at its fields.
///
/// It runs once per record, only when every view the validation checked passed, within `timeLimit`. Its
/// failures join the result as the spec's own do, `validator` being the check's name:
///
/// ```swift
/// let unique = HostCheck("email_registered") { record in
///   guard case .string(let email)? = record.value("email"), await users.contains(email) else { return [] }
///   return [HostCheckFailure(key: "email", reason: "This e-mail is already registered")]
/// }
/// let result = try await form.applyingHostChecks([unique], to: form.validate(json: body))
/// ```
///
/// The closure may throw (its store is down): the record then has no verdict, and
/// `CompiledForm.applyingHostChecks` throws `HostCheckError.failed` naming it. Past `timeLimit` it throws
/// `HostCheckError.timedOut` at once, without waiting for the closure, which is cancelled.
public struct HostCheck: Sendable {
  /// The check's name: the `validator` of its failures.
  public let name: String
  /// How long the check may take before the record is answered without it.
  public let timeLimit: Duration
  /// The check itself.
  let body: @Sendable (HostCheckRecord) async throws -> [HostCheckFailure]

  /// A check named `name` taking at most `timeLimit` (2 seconds unless given).
  public init(
    _ name: String, timeLimit: Duration = .seconds(2),
    _ body: @escaping @Sendable (HostCheckRecord) async throws -> [HostCheckFailure]
  ) {
    self.name = name
    self.timeLimit = timeLimit
    self.body = body
  }
}

/// What a host check receives: the valid record's values, and for a validation of a change, what changed.
public struct HostCheckRecord: Sendable {
  /// The values the validation outputs: nested by dotted keys, or flat when validated with `flat`.
  public let values: FormValue
  /// For a validation of a change (`--changed-from`, PATCH), the keys that changed, in spec order; nil for
  /// a whole record.
  ///
  /// A check of a value that did not change may pass it: it was checked when stored.
  public let changed: [String]?

  /// A record of `values`, with `changed` for a change.
  public init(values: FormValue, changed: [String]? = nil) {
    self.values = values
    self.changed = changed
  }

  /// The value of the field with dotted key `key` (`account.email`), nested or flat; nil when the values
  /// have none (a hidden view, a view that does not persist).
  public func value(_ key: String) -> FormValue? {
    if let flat = values[key] { return flat }
    var value = values
    for segment in key.split(separator: ".", omittingEmptySubsequences: false) {
      guard let member = value[String(segment)] else { return nil }
      value = member
    }
    return value
  }

  /// Whether `key` is to be checked: always for a whole record, and for a change when `key` changed.
  public func isChecked(_ key: String) -> Bool {
    changed?.contains(key) ?? true
  }
}

/// One failure a host check found: the field, by its dotted key, and why.
public struct HostCheckFailure: Sendable, Hashable {
  /// The dotted `<key>` of the failing field; a key no field has is the check's error, not a failure.
  public var key: String
  /// Why the value fails, as the user reads it.
  public var reason: String

  /// A failure of the field `key`.
  public init(key: String, reason: String) {
    self.key = key
    self.reason = reason
  }
}

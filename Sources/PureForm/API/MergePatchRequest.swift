/// An edit of a stored record as a server receives it: `{"before": {…}, "patch": {…}}`, the stored record
/// and an RFC 7396 JSON merge patch of it (what `PATCH /forms/NAME/validate` reads).
///
/// ```swift
/// let request = try MergePatchRequest(json: body)
/// let result = try form.validate(mergePatch: request.patch, to: request.before)
/// ```
public struct MergePatchRequest: Sendable, Hashable {
  /// The stored record.
  public var before: FormValue
  /// The merge patch: members to set, `null` for members to remove.
  public var patch: FormValue

  /// A request from its parts.
  public init(before: FormValue, patch: FormValue) {
    self.before = before
    self.patch = patch
  }

  /// Reads a request from JSON bytes: an object with exactly the members `before` and `patch`, both
  /// objects (a patch that is not an object would replace the whole record).
  public init<Bytes: Collection<UInt8>>(json bytes: Bytes) throws(MergePatchRequestError) {
    let (root, diagnostics) = JSONReader.read(SourceFile(name: "<body>", bytes: bytes as? [UInt8] ?? Array(bytes)))
    if let error = diagnostics.first(where: { $0.severity == .error }) {
      throw .notJSON(line: error.range.start.line, column: error.range.start.column, message: error.message)
    }
    guard let root else { throw .notJSON(line: 1, column: 1, message: "the body holds no JSON value") }
    guard case .object(let members) = root.kind else {
      throw .notAnObject(found: root.kind.describedWithArticle)
    }
    if let unknown = members.first(where: { $0.key != "before" && $0.key != "patch" }) {
      throw .unknownMember(unknown.key)
    }
    var parts: [String: FormValue] = [:]
    for name in ["before", "patch"] {
      guard let member = members.last(where: { $0.key == name }) else { throw .missingMember(name) }
      guard case .object = member.value.kind else {
        throw .memberNotAnObject(name, found: member.value.kind.describedWithArticle)
      }
      parts[name] = FormValue(member.value)
    }
    self.init(before: parts["before"] ?? .object([]), patch: parts["patch"] ?? .object([]))
  }

  /// The record after the edit: `before` with `patch` applied.
  public var merged: FormValue { before.applyingMergePatch(patch) }
}

/// Why a body is not a `MergePatchRequest`.
public enum MergePatchRequestError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The body is not JSON: where the first syntax error is, and what it is.
  case notJSON(line: Int, column: Int, message: String)
  /// The body is JSON but not an object; `found` describes it ("an array").
  case notAnObject(found: String)
  /// The body has no member `before`, or none `patch`.
  case missingMember(String)
  /// The body has a member other than `before` and `patch`.
  case unknownMember(String)
  /// `before` or `patch` is not an object.
  case memberNotAnObject(String, found: String)

  /// One line, as the 400 answer's message says it.
  public var description: String {
    switch self {
    case .notJSON(let line, let column, let message): return "\(line):\(column): \(message)"
    case .notAnObject(let found): return "the body must be a JSON object {\"before\": …, \"patch\": …}, found \(found)"
    case .missingMember(let name):
      return "the body has no '\(name)': send {\"before\": the stored record, \"patch\": its merge patch}"
    case .unknownMember(let name):
      return "the body has a member '\(name)'; it takes only 'before' and 'patch'"
    case .memberNotAnObject(let name, let found):
      return "'\(name)' must be a JSON object, found \(found)"
    }
  }
}

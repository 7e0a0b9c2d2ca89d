/// A condition of `<visible_if>` or `<required_if>`: whether other form views' values make it true.
///
/// The forms a spec writes, and what each is here:
/// - `"path"`: `.truthy`: the value there (after its view's own `<type>` coercion) is present and is not
///   `false` and not a number equal to 0;
/// - `"!path"` and `{"<not>": C}`: `.not`;
/// - `{"path": V}`: `.equals`: the value equals V by the `equal` rule; V `null` means missing, an array means
///   any of its values; several paths in one object mean all of them (`.all`);
/// - `{"<all>": [C…]}`, `{"<any>": [C…]}`: `.all` (true when empty), `.any` (false when empty).
indirect enum FieldCondition: Sendable {
  case truthy(ConditionPath)
  case equals(ConditionPath, [ConditionValue])
  case not(FieldCondition)
  case all([FieldCondition])
  case any([FieldCondition])

  /// Every path the condition reads, in the order written.
  var paths: [ConditionPath] {
    switch self {
    case .truthy(let path), .equals(let path, _): return [path]
    case .not(let condition): return condition.paths
    case .all(let conditions), .any(let conditions): return conditions.flatMap(\.paths)
    }
  }

  /// The condition with each path's `key` set by `resolve` (a path it returns nil for keeps its key).
  func resolving(_ resolve: (ConditionPath) -> String?) -> FieldCondition {
    switch self {
    case .truthy(var path):
      path.key = resolve(path) ?? path.key
      return .truthy(path)
    case .equals(var path, let values):
      path.key = resolve(path) ?? path.key
      return .equals(path, values)
    case .not(let condition): return .not(condition.resolving(resolve))
    case .all(let conditions): return .all(conditions.map { $0.resolving(resolve) })
    case .any(let conditions): return .any(conditions.map { $0.resolving(resolve) })
    }
  }
}

/// One value `{"path": V}` compares with (`null` for missing), where the spec wrote it.
struct ConditionValue: Sendable {
  var value: FormValue
  var range: SourceRange
}

/// One binding path in a condition or `<same_as>`, where the spec wrote it.
struct ConditionPath: Sendable {
  /// The path as parsed.
  var path: BindingPath
  /// The string in the spec (without a leading `!`).
  var text: String
  /// The span of the JSON string (or object key) that holds the path.
  var range: SourceRange
  /// The dotted key of the form view the path names (`a/b` → `a.b`, outside repeated groups the same for
  /// an absolute and a relative path; a relative path of a file included with a `<key>` prefix gets it:
  /// `billing.a.b`).
  var key: String
  /// The `<key>` prefix a relative path resolves under (its include's); nil for none.
  var prefix: String? = nil
}

/// A `<visible_if>` or `<required_if>` as a view holds it: the condition, and the JSON the spec wrote (a
/// `required_if` failure carries it as `condition`).
struct WrittenCondition: Sendable {
  var condition: FieldCondition
  /// The condition's JSON as written, member order kept.
  var written: FormValue
  /// The span of the reserved word's key.
  var range: SourceRange
}

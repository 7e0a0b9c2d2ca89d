/// `--fail-on`: which changes make `pureform diff` exit 1.
public enum SpecDiffFailOn: String, Sendable, CaseIterable {
  /// A tightened or changed change.
  case breaking
  /// A tightened change.
  case tightened
  /// Any change.
  case any

  /// Whether `change` is one this level fails on.
  public func matches(_ change: SpecChange) -> Bool {
    switch self {
    case .breaking: return change.isBreaking
    case .tightened: return change.kind == .tightened
    case .any: return true
    }
  }
}

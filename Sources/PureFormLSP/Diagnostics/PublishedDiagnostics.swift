import Foundation

/// What each open document's compilation published, by the URI it was published on (a document's own, and
/// those of the files it includes), so a URI gets the union of what every document says of it and an empty
/// list once nothing does.
struct PublishedDiagnostics {
  /// `contributions[source][target]`: the LSP diagnostics compiling `source` gave for `target`.
  private var contributions: [String: [String: [[String: Any]]]] = [:]
  /// The order sources were first compiled in, so the union has a stable order.
  private var sources: [String] = []
  /// The last version published on each URI: none goes back.
  private var versions: [String: Int] = [:]

  /// Records what compiling `source` gave, by target URI; returns each target to publish again with its union
  /// (those that no longer get anything from `source` included).
  mutating func set(source: String, _ byTarget: [String: [[String: Any]]]) -> [(String, [[String: Any]])] {
    let before = contributions[source].map { Set($0.keys) } ?? []
    contributions[source] = byTarget
    if !sources.contains(source) { sources.append(source) }
    // The source's own URI first, then the others in a stable order.
    var targets = [source] + byTarget.keys.sorted().filter { $0 != source }
    targets += before.subtracting(targets).sorted()
    return targets.map { ($0, union(for: $0)) }
  }

  /// Forgets what `source` gave; returns each target it gave to with what remains for it.
  mutating func remove(source: String) -> [(String, [[String: Any]])] {
    guard let removed = contributions.removeValue(forKey: source) else { return [] }
    sources.removeAll { $0 == source }
    let targets = [source] + removed.keys.sorted().filter { $0 != source }
    return targets.map { ($0, union(for: $0)) }
  }

  /// What every source gives `target`, each finding once.
  func union(for target: String) -> [[String: Any]] {
    var seen: Set<String> = []
    var result: [[String: Any]] = []
    for source in sources {
      for diagnostic in contributions[source]?[target] ?? [] {
        let identity = "\(diagnostic["code"] ?? "")|\(diagnostic["message"] ?? "")|\(diagnostic["range"] ?? "")"
        if seen.insert(identity).inserted { result.append(diagnostic) }
      }
    }
    return result
  }

  /// The version to publish on `target`: `proposed`, unless the URI already got a later one.
  mutating func version(for target: String, proposing proposed: Int) -> Int {
    let version = max(proposed, versions[target] ?? proposed)
    versions[target] = version
    return version
  }
}

/// One worker's memo of the rules behind NEW's failures, for `RecordDiffPass`.
///
/// The kernel leaves a newly failing record's failures in NEW's engine as fragments of the plan's pool, one
/// per failure, each the rendering of one `ValidationFailure` (`RecordPlan.failureOfFragment`). Records that
/// fail the same way have the same fragments (an element's failure has its field's fragment at every
/// index), so the rules and the changes that claim them are worked out once per way of failing, up to
/// `capacity` ways, and the lookup allocates nothing: the fragments are gathered into a reused array, hashed
/// and compared in place.
final class FailureMemo {
  static let capacity = 4096
  private let pass: RecordDiffPass
  /// The ways of failing seen, by `hash` of their fragments.
  private var known: [Int: [(fragments: [Int32], rules: Set<FailedRule>, claims: [Int])]] = [:]
  private var count = 0
  /// The fragments of the record being attributed.
  private var fragments: [Int32] = []

  init(pass: RecordDiffPass) {
    self.pass = pass
  }

  /// The rules of the `failureCount` failures the kernel left in `engine` (NEW's), and the changes (indices
  /// into `pass.changes`) that claim a record failing them.
  func rules(of engine: RecordEngine, failureCount: Int) -> (Set<FailedRule>, [Int]) {
    fragments.removeAll(keepingCapacity: true)
    if engine.tables.groupCount > 0 {
      for failure in engine.elementFailures { fragments.append(failure.fragment.start) }
    } else {
      for index in 0..<failureCount { fragments.append(engine.failures[index].start) }
    }
    let hash = Self.hash(fragments)
    if let entry = known[hash]?.first(where: { $0.fragments == fragments }) { return (entry.rules, entry.claims) }
    var rules = Set<FailedRule>()
    for start in fragments {
      if let failure = pass.new.failureOfFragment[start] { rules.insert(pass.rule(of: failure)) }
    }
    let claims = Attribution.claims(of: rules, among: pass.changes)
    if count < Self.capacity {
      known[hash, default: []].append((fragments, rules, claims))
      count += 1
    }
    return (rules, claims)
  }

  /// FNV-1a over the fragments' starts: not `Hasher`, whose SipHash costs more than the few words here need,
  /// since each candidate is compared in full.
  private static func hash(_ fragments: [Int32]) -> Int {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(fragments.count)
    for start in fragments { hash = (hash ^ UInt64(UInt32(bitPattern: start))) &* 0x100_0000_01B3 }
    return Int(truncatingIfNeeded: hash)
  }
}

/// One worker's memo of the rules behind NEW's failures, for `RecordDiffPass`.
///
/// The kernel leaves a newly failing record's failures in NEW's engine as fragments of the plan's pool, one
/// per failure, each the rendering of one `ValidationFailure` (`RecordPlan.failureOfFragment`). Records that
/// fail the same way have the same fragments (an element's failure has its field's fragment at every
/// index), so the rules and the changes that claim them are worked out once per way of failing, up to
/// `capacity` ways, and the lookup allocates nothing: the fragments are gathered into a reused array, hashed
/// and compared in place. A chunk's records are then counted per way (`WayTally`), not one by one.
final class FailureMemo {
  static let capacity = 4096
  private let pass: RecordDiffPass
  /// The ways of failing seen, by `hash` of their fragments: each with its number in `ways`.
  private var known: [Int: [(fragments: [Int32], way: Int)]] = [:]
  /// The ways of failing remembered: their rules and the changes that claim a record failing them.
  private(set) var ways: [(rules: Set<FailedRule>, claims: [Int])] = []
  /// The fragments of the record being attributed.
  private var fragments: [Int32] = []
  /// For each way, its tally's index in the chunk being judged (-1: none yet), and the ways given one.
  private var tallies = [Int32](repeating: -1, count: FailureMemo.capacity)
  private var tallied: [Int] = []

  init(pass: RecordDiffPass) {
    self.pass = pass
  }

  /// The way of failing of the failures the kernel left in `engine` (NEW's: `failureCount` of them): its number in
  /// `ways`, or, past `capacity` ways, its rules and claims worked out for this record alone.
  func way(of engine: RecordEngine) -> Way {
    fragments.removeAll(keepingCapacity: true)
    if engine.tables.groupCount > 0 {
      for failure in engine.elementFailures { fragments.append(failure.fragment.start) }
    } else {
      for index in 0..<engine.failureCount { fragments.append(engine.failures[index].start) }
    }
    let hash = Self.hash(fragments)
    if let entry = known[hash]?.first(where: { $0.fragments == fragments }) { return .known(entry.way) }
    var rules = Set<FailedRule>()
    for start in fragments {
      if let failure = pass.new.failureOfFragment[start] { rules.insert(pass.rule(of: failure)) }
    }
    let claims = Attribution.claims(of: rules, among: pass.changes)
    guard ways.count < Self.capacity else { return .alone(rules, claims) }
    known[hash, default: []].append((fragments, ways.count))
    ways.append((rules, claims))
    return .known(ways.count - 1)
  }

  /// Counts a newly failing record of line `line` that fails `way` in the chunk's `tallies`.
  func count(_ way: Way, line: Int, in tallies: inout [WayTally], sample: () -> String) {
    switch way {
    case .known(let number):
      var index = Int(self.tallies[number])
      if index < 0 {
        index = tallies.count
        tallies.append(WayTally(rules: ways[number].rules, claims: ways[number].claims))
        self.tallies[number] = Int32(index)
        tallied.append(number)
      }
      tallies[index].add(line: line, sample: sample)
    case .alone(let rules, let claims):
      var tally = WayTally(rules: rules, claims: claims)
      tally.add(line: line, sample: sample)
      tallies.append(tally)
    }
  }

  /// Forgets the tallies of the last chunk: a new chunk starts its own.
  func startChunk() {
    for number in tallied { tallies[number] = -1 }
    tallied.removeAll(keepingCapacity: true)
  }

  /// A way of failing: one the memo keeps (its number in `ways`), or one past its capacity.
  enum Way {
    case known(Int)
    case alone(Set<FailedRule>, [Int])
  }

  /// FNV-1a over the fragments' starts: not `Hasher`, whose SipHash costs more than the few words here need,
  /// since each candidate is compared in full.
  private static func hash(_ fragments: [Int32]) -> Int {
    var hash: UInt64 = 0xCBF2_9CE4_8422_2325 ^ UInt64(fragments.count)
    for start in fragments { hash = (hash ^ UInt64(UInt32(bitPattern: start))) &* 0x100_0000_01B3 }
    return Int(truncatingIfNeeded: hash)
  }
}

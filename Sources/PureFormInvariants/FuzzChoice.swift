/// How a target that checks records against fixed forms reads one input: its first byte chooses the case
/// (a fixed form and an option set) and whether the expensive invariants run; the rest is the record.
///
/// One focused check per input keeps a target at thousands of executions a second (OSS-Fuzz's guidance),
/// where checking every case on every input ran about 40. libFuzzer mutates the choosing byte like any
/// other, so every case is reached; a replay (`make test`) checks each file under every case, thoroughly,
/// so a seed keeps its reach and a saved crash reproduces whatever case it was found under.
package struct FuzzChoice: Sendable {
  /// The case, in `0..<count`.
  package var index: Int
  /// Whether the invariants that cost more than the check itself run (validating twice, reading the
  /// result back, the NDJSON line): on inputs whose choosing byte has its high bit set, an eighth of the
  /// byte's values being enough for libFuzzer to keep both.
  package var thorough: Bool

  /// The choice the first byte of an input makes among `count` cases, or nil for an empty input.
  package init?(_ first: UInt8?, among count: Int) {
    guard let first, count > 0 else { return nil }
    index = Int(first & 0x7F) % count
    thorough = first & 0x80 != 0
  }

  /// A thorough choice of case `index`.
  package init(every index: Int) {
    self.index = index
    thorough = true
  }

  /// The choices a replay makes for each file: every case, thoroughly.
  package static func every(_ count: Int) -> [FuzzChoice] {
    (0..<count).map(FuzzChoice.init(every:))
  }
}

/// Whether a check runs as libFuzzer runs it (one case per input, chosen by its first byte) or as a replay
/// runs it (every case, thoroughly, on each file).
package enum FuzzMode: Sendable {
  /// The input's first byte chooses one case.
  case chosen
  /// Every case, thoroughly.
  case every
}

extension FuzzChoice {
  /// The cases to check `bytes` under, among `count`: the one its first byte chooses, or every one.
  package static func cases(of bytes: [UInt8], among count: Int, mode: FuzzMode) -> [FuzzChoice] {
    switch mode {
    case .chosen: return FuzzChoice(bytes.first, among: count).map { [$0] } ?? []
    case .every: return every(count)
    }
  }
}

extension FuzzChoice {
  /// The choice a hash of `bytes` makes among `count` cases, for a target whose whole input means something
  /// (a spec), so that no byte of it can be spent on choosing: FNV-1a over the bytes, its low bits the
  /// case and two high bits whether the thorough invariants run (on a quarter of the inputs: they cost
  /// more than the rest of the check).
  package init(hashing bytes: [UInt8], among count: Int) {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
    index = Int(hash % UInt64(max(count, 1)))
    thorough = (hash >> 32) & 3 == 0
  }
}

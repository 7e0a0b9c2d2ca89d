/// The newly failing records of one chunk that fail one way: the rules they fail under NEW, the changes that
/// claim them, how many, and the first `RecordSamples.limit` of them in file order (line and sample).
///
/// A group of the report (a rule, or a change) keeps the first samples of its records in file order; those
/// of one chunk are among the first few of each way that reaches the group, so a chunk hands over a few
/// samples per way, not a sample per record, and the report merges them by line (`RecordSamples.add`).
struct WayTally {
  var rules: Set<FailedRule>
  var claims: [Int]
  var count = 0
  var samples: [(line: Int, sample: String)] = []

  init(rules: Set<FailedRule>, claims: [Int]) {
    self.rules = rules
    self.claims = claims
  }

  /// Counts one record of line `line`, making its sample only while the tally keeps samples.
  mutating func add(line: Int, sample: () -> String) {
    count += 1
    if samples.count < RecordSamples.limit { samples.append((line, sample())) }
  }
}

extension RecordSamples {
  /// Counts `count` records, keeping the first of `samples` (each with its line) in line order while there is
  /// room: the samples of one chunk, whose lines follow every line counted before.
  mutating func add(count: Int, samples: [(line: Int, sample: String)]) {
    self.count += count
    guard self.samples.count < Self.limit else { return }
    for (_, sample) in samples.sorted(by: { $0.line < $1.line }).prefix(Self.limit - self.samples.count) {
      self.samples.append(sample)
    }
  }
}

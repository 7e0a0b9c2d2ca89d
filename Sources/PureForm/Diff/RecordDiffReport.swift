/// What `pureform diff --records` found: both specs' verdicts on every stored record, and the new failures.
public struct RecordDiffReport: Sendable, Hashable {
  /// The records file, as given.
  public var file: String
  /// Records read: one per line.
  public var total = 0
  /// Valid under OLD, invalid under NEW.
  public var newlyFailing = 0
  /// Invalid under OLD, valid under NEW.
  public var newlyPassing = 0
  /// Invalid under both.
  public var stillFailing = 0
  /// Valid under both.
  public var stillPassing = 0
  /// Newly failing records no change claims.
  public var unattributed = 0
  /// NEW's failures of the newly failing records by (path, validator): count descending, then path, validator.
  public var newFailures: [FailureGroup] = []
  /// Per change (in the order of the changes given): the newly failing records it claims.
  public var claimed: [RecordSamples] = []
  /// The lines that are not a JSON object, in file order: line number and message.
  public var malformed: [MalformedLine] = []

  /// Creates an empty report of `file` for `changes` changes.
  public init(file: String, changes: Int) {
    self.file = file
    self.claimed = Array(repeating: RecordSamples(), count: changes)
  }
}

extension RecordDiffReport {
  /// Counts one record by its two verdicts; true when it is newly failing (valid under OLD only), which the
  /// caller then attributes.
  mutating func count(oldValid: Bool, newValid: Bool) -> Bool {
    switch (oldValid, newValid) {
    case (true, true): stillPassing += 1
    case (true, false):
      newlyFailing += 1
      return true
    case (false, true): newlyPassing += 1
    case (false, false): stillFailing += 1
    }
    return false
  }
}

/// How many records, and the first few of them in file order.
public struct RecordSamples: Sendable, Hashable {
  /// The most samples kept.
  public static let limit = 5
  /// The records counted.
  public var count = 0
  /// The first `limit` of them: each the `--id` member as sent (JSON text, `null` when absent), else the
  /// line number.
  public var samples: [String] = []

  /// No records yet.
  public init() {}

  /// Counts one record, keeping its sample while there is room.
  mutating func add(_ sample: String) {
    count += 1
    if samples.count < Self.limit { samples.append(sample) }
  }
}

/// The newly failing records that fail one validator at one path.
public struct FailureGroup: Sendable, Hashable {
  /// The failure's JSON Pointer with `*` for element indices.
  public var path: String
  /// The failing validator (`type_mismatch`, `required_if`, …).
  public var validator: String
  /// The records, and samples of them.
  public var records: RecordSamples
}

/// A records line that is not a JSON object.
public struct MalformedLine: Sendable, Hashable {
  /// The line number, from 1.
  public var line: Int
  /// Why, as `validate` says it (`empty line`, `1:7: expected ',' or '}' after object member`).
  public var message: String
}

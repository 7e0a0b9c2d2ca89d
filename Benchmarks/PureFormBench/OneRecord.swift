import NIOCore
import PureForm
import PureFormHummingbird

/// The single-record figures: one login record validated over and over, the way `pureform serve` validates
/// a JSON body, each with its bar: `RecordValidator` must take at most 1 µs a record.
///
/// Two paths, each with a valid and an invalid record: `RecordValidator.validate(line:)` alone, and the
/// server's whole body path, `RecordBodyValidator.validate(_:contentType:)` on a `ByteBuffer` with its
/// validator borrowed from a `ValidatorPool`, the response body included.
enum OneRecord {
  /// The bar of `RecordValidator` on one login record, in nanoseconds.
  static let barNanoseconds = 1000.0

  /// A login record (shared/bench/login.json) with every field right.
  static let valid =
    #"{"email":"ada@example.com","password":"hunter22","password_confirm":"hunter22","#
    + #""full_name":"Ada Lovelace","age":36,"zip":"12345","newsletter":true}"#
  /// The same record with four fields wrong: email, confirmation, age and zip.
  static let invalid =
    #"{"email":"ada@example","password":"hunter22","password_confirm":"hunter23","#
    + #""full_name":"Ada Lovelace","age":12,"zip":"1234x","newsletter":true}"#

  /// One figure.
  struct Row: Encodable {
    /// What was timed, and on which record.
    var name: String
    /// Best pass, per record.
    var nanosecondsPerRecord: Double
    /// The bar, for the rows that have one.
    var barNanoseconds: Double?
    /// The verdict the path gave: "valid", "invalid", or what went wrong.
    var verdict: String
  }

  /// Times every path on both records: `iterations` calls a pass, the best of `reps` passes, after an
  /// untimed pass of a tenth.
  static func measure(form: CompiledForm, iterations: Int, reps: Int) -> [Row] {
    var rows: [Row] = []
    for (label, text) in [("valid", valid), ("invalid", invalid)] {
      let bytes = Array(text.utf8)
      guard var validator = try? RecordValidator(form: form) else { return rows }
      let verdict = validator.validate(line: bytes)
      rows.append(
        Row(
          name: "RecordValidator, one login record (\(label))",
          nanosecondsPerRecord: time(iterations: iterations, reps: reps) {
            validator.validate(line: bytes) == .valid ? 1 : 0
          }, barNanoseconds: barNanoseconds, verdict: "\(verdict)"))

      let body = ByteBuffer(bytes: bytes)
      let server = RecordBodyValidator(
        form: form, name: "login", options: ValidationOptions(), pool: ValidatorPool())
      let status = (try? server.validate(body, contentType: "application/json").status).map { "HTTP \($0)" }
      rows.append(
        Row(
          name: "RecordBodyValidator.validate(_:contentType:), pooled, ByteBuffer in and out (\(label))",
          nanosecondsPerRecord: time(iterations: iterations, reps: reps) {
            (try? server.validate(body, contentType: "application/json").body.readableBytes) ?? 0
          }, barNanoseconds: nil, verdict: status ?? "threw"))
    }
    return rows
  }

  /// The best of `reps` timed passes of `iterations` calls of `work`, in nanoseconds per call.
  private static func time(iterations: Int, reps: Int, _ work: () -> Int) -> Double {
    var sum = 0
    for _ in 0..<max(iterations / 10, 1) {
      sum &+= work()
    }
    var best = Double.infinity
    let clock = ContinuousClock()
    for _ in 0..<reps {
      let elapsed = clock.measure {
        for _ in 0..<iterations {
          sum &+= work()
        }
      }
      best = min(best, seconds(elapsed))
    }
    keep(sum)
    return best / Double(iterations) * 1e9
  }
}

import Synchronization
import Testing

@testable import PureForm

/// `applyingHostChecks`: run once, on a valid record only, failures merged in spec order of their keys; a
/// check that throws or passes its limit gives no verdict.
@Suite struct HostCheckTests {
  static let spec = """
    [
      {"<C + A>": {"f?": {"<key>": "account.email", "<validators>": {"required": true}}}},
      {"<C + B>": {"f?": {"<key>": "coupon"}}},
      {"<C + D>": {"f?": {"<key>": "name", "<validators>": {"min_length": 2}}}}
    ]
    """

  static let form: CompiledForm = {
    guard let form = FormCompiler.compile(string: spec).form else { fatalError("\(diagnose(spec))") }
    return form
  }()

  static let record = #"{"account": {"email": "ada@example.com"}, "coupon": "OLD10", "name": "Ada"}"#

  /// A check that fails `keys` with reasons named after it, in that order.
  func failing(_ name: String, _ keys: [String]) -> HostCheck {
    HostCheck(name) { _ in keys.map { HostCheckFailure(key: $0, reason: "\(name) says no") } }
  }

  @Test func failuresJoinInSpecOrderOfTheirKeys() async throws {
    let result = try await Self.form.applyingHostChecks(
      [failing("coupon_expired", ["coupon"]), failing("email_registered", ["account.email", "coupon"])],
      to: Self.form.validate(json: Self.record))
    #expect(
      result.failures.map { "\($0.key) \($0.validator)" } == [
        "account.email email_registered", "coupon coupon_expired", "coupon email_registered",
      ])
    #expect(
      result.jsonText.hasPrefix(
        #"{"valid":false,"failures":[{"key":"account.email","path":"/account/email","validator":"email_registered","argument":null,"reason":"email_registered says no","section":0,"row":0,"tag":0,"line":2,"column":"#
      ))
  }

  @Test func aCheckSeesTheValuesAndRunsOnce() async throws {
    let runs = Counter()
    let check = HostCheck("look") { record in
      await runs.add()
      #expect(record.value("account.email") == .string("ada@example.com"))
      #expect(record.value("name") == .string("Ada"))
      #expect(record.value("account.phone") == nil)
      #expect(record.changed == nil)
      #expect(record.isChecked("name"))
      return []
    }
    let result = try await Self.form.applyingHostChecks([check], to: Self.form.validate(json: Self.record))
    #expect(result == (try Self.form.validate(json: Self.record)))
    #expect(await runs.count == 1)
    // Flat values are read by their dotted key too.
    let flat = ValidationOptions(flat: true)
    _ = try await Self.form.applyingHostChecks(
      [check], to: Self.form.validate(json: Self.record, options: flat), options: flat)
    #expect(await runs.count == 2)
  }

  @Test func anInvalidRecordOrOneFieldIsNotChecked() async throws {
    let runs = Counter()
    let check = HostCheck("count") { _ in
      await runs.add()
      return [HostCheckFailure(key: "name", reason: "no")]
    }
    let invalid = try Self.form.validate(json: #"{"name": "A"}"#)
    #expect(try await Self.form.applyingHostChecks([check], to: invalid) == invalid)
    let one = ValidationOptions(field: "name")
    let field = try Self.form.validate(json: Self.record, options: one)
    #expect(try await Self.form.applyingHostChecks([check], to: field, options: one) == field)
    #expect(await runs.count == 0)
  }

  @Test func aCheckThatThrowsGivesNoVerdict() async throws {
    struct StoreDown: Error, CustomStringConvertible {
      var description: String { "connection refused" }
    }
    let broken = HostCheck("email_registered") { _ in throw StoreDown() }
    await #expect(throws: HostCheckError.failed(check: "email_registered", error: "connection refused")) {
      try await Self.form.applyingHostChecks(
        [self.failing("first", ["name"]), broken], to: Self.form.validate(json: Self.record))
    }
    #expect(
      HostCheckError.failed(check: "email_registered", error: "connection refused").description
        == "host check 'email_registered' failed: connection refused")
  }

  @Test func aFailureAtAKeyNoFieldHasIsTheChecksError() async throws {
    await #expect(
      throws: HostCheckError.failed(
        check: "typo", error: "it returned a failure for 'emial', which is no field's key")
    ) {
      try await Self.form.applyingHostChecks(
        [self.failing("typo", ["emial"])], to: Self.form.validate(json: Self.record))
    }
  }

  @Test(.timeLimit(.minutes(10))) func aCheckPastItsLimitTimesOutWithoutBeingWaitedFor() async throws {
    // This check ignores cancellation: it answers only once the gate opens, after the call has returned.
    // Were the call to wait for it, the test would never end (its time limit fails it). The limit is far
    // above the test's own time: under AddressSanitizer, with the whole suite running beside it on two
    // cores, the test once took over a minute to be scheduled and finish (CI's asan stage, 2026-11-28).
    let gate = Gate()
    let stuck = HostCheck("slow", timeLimit: .milliseconds(100)) { _ in
      await gate.wait()
      return []
    }
    await #expect(throws: HostCheckError.timedOut(check: "slow", limit: .milliseconds(100))) {
      try await Self.form.applyingHostChecks([stuck], to: Self.form.validate(json: Self.record))
    }
    gate.open()
    #expect(HostCheckError.timedOut(check: "slow", limit: .milliseconds(100)).code == "host_check_timeout")
  }

  @Test func aChangeIsCheckedWithWhatChanged() async throws {
    let check = HostCheck("email_registered") { record in
      guard record.isChecked("account.email") else { return [] }
      return [HostCheckFailure(key: "account.email", reason: "taken")]
    }
    let stored = Array(Self.record.utf8)
    let renamed = try Self.form.validate(
      json: Array(#"{"account": {"email": "ada@example.com"}, "coupon": "OLD10", "name": "Ada L"}"#.utf8),
      changedFrom: stored)
    let checked = try await Self.form.applyingHostChecks([check], to: renamed)
    #expect(checked.isValid)
    #expect(checked.changed == ["name"])
    let moved = try Self.form.validate(
      json: Array(#"{"account": {"email": "ada@lovelace.example"}, "name": "Ada"}"#.utf8), changedFrom: stored)
    let failed = try await Self.form.applyingHostChecks([check], to: moved)
    #expect(failed.failures.map(\.validator) == ["email_registered"])
    #expect(failed.jsonText.hasSuffix(#""changed":["account.email","coupon"]}"#))
  }
}

/// A count shared with checks.
actor Counter {
  var count = 0
  func add() { count += 1 }
}

/// A gate a task waits at, ignoring cancellation, until it is opened.
final class Gate: Sendable {
  private let state = Mutex<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

  /// Returns once the gate is open.
  func wait() async {
    await withCheckedContinuation { continuation in
      let open = state.withLock { state in
        if !state.open { state.waiting.append(continuation) }
        return state.open
      }
      if open { continuation.resume() }
    }
  }

  /// Opens the gate and lets every waiting task through.
  func open() {
    for waiting in state.withLock({ state in
      defer { state.waiting = [] }; state.open = true; return state.waiting
    }) {
      waiting.resume()
    }
  }
}

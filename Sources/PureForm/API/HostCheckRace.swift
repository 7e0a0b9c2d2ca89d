import Synchronization

/// One host check run against its time limit: the first of the check's answer and the limit wins.
///
/// The check runs in a task of its own and the caller waits on a continuation, not on that task, so a
/// check that ignores cancellation (a blocking call, a loop) still gives its caller an answer at the limit;
/// the check's task is then cancelled and left to end on its own.
final class HostCheckRace: Sendable {
  /// How one check ended.
  enum Outcome: Sendable {
    case failures([HostCheckFailure])
    case threw(String)
    case timedOut
  }

  /// The waiting caller until one side answers, and the check's task for the timer to cancel.
  private let state = Mutex<(waiting: CheckedContinuation<Outcome, Never>?, work: Task<Void, Never>?)>((nil, nil))

  private init() {}

  /// Runs `check` on `record` and returns its outcome, or `.timedOut` at its limit.
  static func run(_ check: HostCheck, on record: HostCheckRecord) async -> Outcome {
    let race = HostCheckRace()
    return await withCheckedContinuation { continuation in
      race.state.withLock { $0.waiting = continuation }
      let timer = Task {
        do { try await Task.sleep(for: check.timeLimit) } catch { return }
        if race.answer(.timedOut) { race.state.withLock { $0.work }?.cancel() }
      }
      let work = Task {
        let outcome: Outcome
        do {
          outcome = .failures(try await check.body(record))
        } catch {
          outcome = .threw(String(describing: error))
        }
        if race.answer(outcome) { timer.cancel() }
      }
      race.state.withLock { $0.work = work }
    }
  }

  /// Resumes the caller with `outcome` when nothing answered before; returns whether this answer won.
  private func answer(_ outcome: Outcome) -> Bool {
    guard let waiting = state.withLock({ $0.waiting.take() }) else { return false }
    waiting.resume(returning: outcome)
    return true
  }
}

import Foundation

/// CompiledPattern scratches for pattern checks, shared by every form of the process.
///
/// A `RegexScratch` must never be used by two threads at once: each validation takes one from the pool,
/// uses it alone, and gives it back, so matching allocates nothing per record once the pool is warm.
///
/// The idle list is guarded by `NSLock` (a pthread mutex) rather than the `Synchronization` module's
/// `Mutex`: on Linux `Mutex` is a futex the ThreadSanitizer cannot see, so CI's TSan run reported every
/// access under it as a race. A pthread mutex is one TSan understands.
final class RegexScratchPool: @unchecked Sendable {
  /// The pool every validation uses.
  static let shared = RegexScratchPool()

  /// At most this many idle scratches are kept; more are freed when given back.
  static let maximumIdle = 64

  private let lock = NSLock()
  /// Only touched with `lock` held.
  private var idle: [RegexScratch] = []

  /// Runs `body` with a scratch no other thread is using (nil only if memory for a new one ran out).
  func withScratch<Result>(_ body: (RegexScratch?) -> Result) -> Result {
    let taken = take() ?? RegexScratch()
    defer { if let taken { giveBack(taken) } }
    return body(taken)
  }

  /// An idle scratch, if there is one.
  private func take() -> RegexScratch? {
    lock.lock()
    defer { lock.unlock() }
    return idle.popLast()
  }

  /// Returns a scratch to the idle list, or frees it when the list is full.
  private func giveBack(_ scratch: RegexScratch) {
    lock.lock()
    defer { lock.unlock() }
    if idle.count < RegexScratchPool.maximumIdle { idle.append(scratch) }
  }
}

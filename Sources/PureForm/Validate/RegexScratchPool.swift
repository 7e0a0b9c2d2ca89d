import Synchronization

/// Regex scratches for pattern checks, shared by every form of the process.
///
/// A `RegexScratch` must never be used by two threads at once: each validation takes one from the pool,
/// uses it alone, and gives it back, so matching allocates nothing per record once the pool is warm.
final class RegexScratchPool: Sendable {
  /// The pool every validation uses.
  static let shared = RegexScratchPool()

  /// At most this many idle scratches are kept; more are freed when given back.
  static let maximumIdle = 64

  private let idle = Mutex<[RegexScratch]>([])

  /// Runs `body` with a scratch no other thread is using (nil only if memory for a new one ran out).
  func withScratch<Result>(_ body: (RegexScratch?) -> Result) -> Result {
    let taken = idle.withLock { $0.popLast() } ?? RegexScratch()
    defer {
      if let taken {
        idle.withLock { scratches in
          if scratches.count < RegexScratchPool.maximumIdle { scratches.append(taken) }
        }
      }
    }
    return body(taken)
  }
}

/// A scratch moves between threads only through the pool's lock, and is used by one thread at a time.
extension RegexScratch: @unchecked Sendable {}

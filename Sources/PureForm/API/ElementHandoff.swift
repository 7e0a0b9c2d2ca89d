import Foundation

/// Carries the elements of a spec's top-level array, in order, from the thread that reads them to the
/// thread that compiles them, so that reading a large spec and compiling it take two cores instead of one.
///
/// Elements travel in batches, and at most `limit` batches wait at any time: the reader waits for the
/// compiler when it is that far ahead, so the elements read and not yet compiled stay a small part of the
/// spec. All shared state is guarded by one `NSCondition` (which ThreadSanitizer understands); the class
/// is `@unchecked Sendable` for that reason.
final class ElementHandoff<Checked: Sendable>: @unchecked Sendable {
  /// What the reader returns when it is done: the top-level value and the syntax diagnostics.
  typealias ReadResult = (value: JSONNode?, diagnostics: [Diagnostic])

  /// The elements in a batch.
  static var batchSize: Int { 256 }
  private let condition = NSCondition()
  /// The most batches waiting for the compiler.
  private let limit: Int
  // Everything below is only touched with `condition` locked.
  /// Batches read and not yet taken, oldest first.
  private var waiting: [[(JSONNode, Checked)]] = []
  /// The reader's result, once it has read the whole file.
  private var readResult: ReadResult?
  /// Batches compiled, for the reader thread to free: freeing a tree on the thread that did not allocate it
  /// contends for the allocator's lock, and the reader has time to spare while the compiler has none.
  private var spent: [[(JSONNode, Checked)]] = []

  /// A handoff that lets `limit` batches wait.
  private init(limit: Int) {
    self.limit = limit
  }

  /// Reads `file` on a thread of its own, where `check` looks at each element of its top-level array as
  /// soon as it is read, and hands each element with what `check` found to `element` on the calling thread,
  /// in order; returns what `JSONReader.read(_:streamingElements:)` returns.
  static func read(
    _ file: SourceFile, checking check: @escaping @Sendable (JSONNode) -> Checked,
    handingElementsTo element: (JSONNode, Checked) -> Void
  ) -> ReadResult {
    let handoff = ElementHandoff(limit: 8)
    Thread.detachNewThread {
      var batch: [(JSONNode, Checked)] = []
      batch.reserveCapacity(batchSize)
      let result = JSONReader.read(file) { element in
        batch.append((element, check(element)))
        if batch.count == batchSize {
          handoff.put(batch)
          batch = []
          batch.reserveCapacity(batchSize)
        }
      }
      if !batch.isEmpty { handoff.put(batch) }
      handoff.finish(result)
    }
    while let batch = handoff.take() {
      for (node, checked) in batch { element(node, checked) }
      handoff.giveBack(batch)
    }
    return handoff.result()
  }

  /// Adds a batch, waiting while `limit` batches wait already; frees the batches given back meanwhile.
  private func put(_ batch: [(JSONNode, Checked)]) {
    condition.lock()
    while waiting.count >= limit { condition.wait() }
    waiting.append(batch)
    let freed = spent
    spent = []
    condition.broadcast()
    condition.unlock()
    // The last references to the spent batches go here, on the reader's thread, outside the lock.
    _ = consume freed
  }

  /// Gives a compiled batch back, to be freed by the reader thread.
  private func giveBack(_ batch: consuming [(JSONNode, Checked)]) {
    condition.lock()
    spent.append(batch)
    condition.unlock()
  }

  /// Records the reader's result: no batch follows.
  private func finish(_ result: ReadResult) {
    condition.lock()
    readResult = result
    condition.broadcast()
    condition.unlock()
  }

  /// The oldest waiting batch, waiting for one; nil once the reader has finished and every batch is taken.
  private func take() -> [(JSONNode, Checked)]? {
    condition.lock()
    defer { condition.unlock() }
    while waiting.isEmpty, readResult == nil { condition.wait() }
    guard !waiting.isEmpty else { return nil }
    condition.broadcast()
    return waiting.removeFirst()
  }

  /// The reader's result; only after `take()` has returned nil.
  private func result() -> ReadResult {
    condition.lock()
    defer { condition.unlock() }
    return readResult ?? (nil, [])
  }
}

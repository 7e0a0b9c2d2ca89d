import Foundation

/// The frames read from standard input by a thread of their own, waiting for the server: the server sees
/// whether more are waiting, so a burst of changes is compiled once.
final class FrameQueue: @unchecked Sendable {
  /// What the reading thread hands over.
  enum Item: Sendable {
    case body([UInt8])
    case badHeader(String)
    case end
  }

  /// Guards `items`.
  private let condition = NSCondition()
  /// The frames not yet taken, oldest first.
  private var items: [Item] = []

  /// Starts a thread that reads `descriptor` until its end.
  func startReading(_ descriptor: Int32) {
    let thread = Thread { [self] in
      var reader = MessageReader(descriptor: descriptor)
      while true {
        let item: Item
        switch reader.next() {
        case .body(let body): item = .body(body)
        case .badHeader(let problem): item = .badHeader(problem)
        case .end: item = .end
        }
        put(item)
        if case .end = item { return }
      }
    }
    thread.stackSize = 1 << 22
    thread.start()
  }

  /// Adds an item at the end.
  private func put(_ item: Item) {
    condition.lock()
    items.append(item)
    condition.signal()
    condition.unlock()
  }

  /// The oldest item; when none is waiting, nil unless `wait`, in which case it waits for one.
  func take(wait: Bool) -> Item? {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty {
      guard wait else { return nil }
      condition.wait()
    }
    return items.removeFirst()
  }
}

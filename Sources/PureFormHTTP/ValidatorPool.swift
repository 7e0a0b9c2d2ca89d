import Foundation
import PureForm

/// `RecordValidator`s kept between requests, by form and options.
///
/// So a JSON record costs its validation alone: building a validator (its match scratch, slots and output buffer) takes microseconds, several
/// times the validation of a small record. A validator is used by one request at a time: borrowed, then
/// given back; at most `limit` idle ones are kept per form and options.
package final class ValidatorPool: @unchecked Sendable {
  /// A form and the options its validators apply.
  struct Key: Hashable {
    /// The form's name.
    var form: String
    /// The options.
    var options: ValidationOptions
  }

  /// The most idle validators kept for one key: about one per request in flight at once.
  static let limit = 64

  /// The idle validators of one key, behind a lock of their own: a request finds its shelf once (hashing
  /// the key, a string and the options), then borrows and gives back without hashing it again.
  final class Shelf: @unchecked Sendable {
    /// Guards `idle`.
    private let lock = NSLock()
    private var idle: [RecordValidator] = []

    /// An idle validator, nil when none is.
    func take() -> RecordValidator? {
      lock.lock()
      defer { lock.unlock() }
      return idle.popLast()
    }

    /// Keeps `validator` for the next request; dropped when `limit` are idle already.
    func giveBack(_ validator: RecordValidator) {
      lock.lock()
      defer { lock.unlock() }
      if idle.count < ValidatorPool.limit { idle.append(validator) }
    }
  }

  /// Guards `shelves`.
  private let lock = NSLock()
  /// A shelf for each key a validator was given back for: a key whose options throw never gets one.
  private var shelves: [Key: Shelf] = [:]

  /// An empty pool.
  package init() {}

  /// The shelf of `key`, nil before a validator was given back for it.
  func shelf(of key: Key) -> Shelf? {
    lock.lock()
    defer { lock.unlock() }
    return shelves[key]
  }

  /// The shelf of `key`, made when it has none.
  func shelf(making key: Key) -> Shelf {
    lock.lock()
    defer { lock.unlock() }
    if let shelf = shelves[key] { return shelf }
    let shelf = Shelf()
    shelves[key] = shelf
    return shelf
  }
}

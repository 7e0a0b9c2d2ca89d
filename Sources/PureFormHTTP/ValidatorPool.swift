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

  /// Guards `idle`.
  private let lock = NSLock()
  /// The validators not in use, by key.
  private var idle: [Key: [RecordValidator]] = [:]

  /// An empty pool.
  package init() {}

  /// A validator for `key`: an idle one, or a new one from `make`.
  func borrow(_ key: Key, make: () throws(InputError) -> RecordValidator) throws(InputError) -> RecordValidator {
    lock.lock()
    let validator = idle[key]?.popLast()
    lock.unlock()
    if let validator { return validator }
    return try make()
  }

  /// Gives `validator` back for the next request with `key`; dropped when `limit` are idle already.
  func giveBack(_ validator: RecordValidator, for key: Key) {
    lock.lock()
    defer { lock.unlock() }
    if idle[key, default: []].count < Self.limit {
      idle[key, default: []].append(validator)
    }
  }
}

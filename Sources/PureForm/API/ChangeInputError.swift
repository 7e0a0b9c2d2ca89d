/// Why a change cannot be validated at all: which of the two records (or the options) is at fault.
public enum ChangeInputError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The options do not fit the form (`unknownField`, `liveOnlyWithoutField`).
  case options(InputError)
  /// The stored record, the one changed from, is not a JSON object.
  case old(InputError)
  /// The new record is not a JSON object.
  case new(InputError)

  /// The input error's line, prefixed with the record it is about for `old`: `the record changed from: …`.
  public var description: String {
    switch self {
    case .options(let error), .new(let error): return error.description
    case .old(let error): return "the record changed from: \(error)"
    }
  }
}

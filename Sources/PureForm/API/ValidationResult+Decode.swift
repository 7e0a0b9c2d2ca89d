import Foundation

extension ValidationResult {
  /// Why `decode(_:)` gives no value.
  public enum DecodeError: Error, Sendable {
    /// The record is invalid: it has no values, only these failures.
    case invalid(failures: [ValidationFailure])
  }

  /// The values of a valid result as `type`: the types `pureform generate swift` writes for the form, or
  /// any `Decodable` shaped like the values object.
  ///
  /// ```swift
  /// let result = form.validate(json: #"{"login": "ada@example.com", "password": "hunter22"}"#)
  /// let values = try result.decode(LoginValues.self)
  /// // values.login == "ada@example.com"
  /// ```
  ///
  /// - Throws: `DecodeError.invalid` with the failures when the record is invalid, or the `DecodingError`
  ///   of a type whose shape is not the values'.
  public func decode<T: Decodable>(_ type: T.Type) throws -> T {
    guard let values else { throw DecodeError.invalid(failures: failures) }
    return try JSONDecoder().decode(type, from: Data(values.outputJSON.rendered().utf8))
  }
}

extension KeyedDecodingContainer {
  /// The value for `key`, or nil when the values hold a missing value there.
  ///
  /// A missing value is `""` (what a valid result writes for one), `null` or no member. What generated types call for a view that may be
  /// missing.
  public func decodeMissingAsNil<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    guard contains(key), !(try decodeNil(forKey: key)) else { return nil }
    if let text = try? decode(String.self, forKey: key), text.isEmpty { return nil }
    return try decode(type, forKey: key)
  }
}

import Foundation
import Testing

/// One file of Tests/Vectors: the shared list of values a `<format>` accepts or refuses, with the reason,
/// read by these tests and by the browser stage alike.
struct FormatVectors: Decodable, Sendable {
  /// One value and its verdict.
  struct Vector: Decodable, Sendable, CustomTestStringConvertible {
    let value: String
    let valid: Bool
    let why: String
    /// For `url`: the `<schemes>` list, when the vector sets one (else http and https).
    let schemes: [String]?

    var testDescription: String { "\(value.debugDescription) (\(why))" }
  }

  /// Two valid values in order: `lower` before `higher`, or the same point when `equal`.
  struct Order: Decodable, Sendable, CustomTestStringConvertible {
    let lower: String
    let higher: String
    let equal: Bool?
    let why: String

    var testDescription: String { "\(lower) \(equal == true ? "=" : "<") \(higher) (\(why))" }
  }

  let format: String
  let vectors: [Vector]
  let order: [Order]?

  /// Tests/Vectors/format-NAME.json, read and decoded (a broken file fails the test that loads it).
  static func load(_ name: String) -> FormatVectors {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Vectors/format-\(name).json")
    do {
      return try JSONDecoder().decode(FormatVectors.self, from: Data(contentsOf: url))
    } catch {
      return FormatVectors(format: "unreadable: \(error)", vectors: [], order: nil)
    }
  }

  private init(format: String, vectors: [Vector], order: [Order]?) {
    self.format = format
    self.vectors = vectors
    self.order = order
  }
}

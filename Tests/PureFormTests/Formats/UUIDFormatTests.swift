import Testing

@testable import PureForm

/// `uuid` against Tests/Vectors/format-uuid.json.
@Suite struct UUIDFormatTests {
  static let uuids = FormatVectors.load("uuid")

  @Test func vectorFileLoads() {
    #expect(Self.uuids.format == "uuid" && Self.uuids.vectors.count >= 15)
  }

  @Test(arguments: uuids.vectors)
  func uuid(_ vector: FormatVectors.Vector) {
    #expect(UUIDText.isValid(vector.value) == vector.valid, "\(vector.value): \(vector.why)")
  }
}

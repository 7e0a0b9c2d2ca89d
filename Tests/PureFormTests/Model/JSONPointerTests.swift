import Foundation
import Testing

@testable import PureForm

/// `path` on failures: RFC 6901 pointers of the value's canonical nested place.
@Suite struct JSONPointerTests {
  @Test func dottedKeysBecomePointers() {
    #expect(JSONPointer.pointer(dottedKey: "login") == "/login")
    #expect(JSONPointer.pointer(dottedKey: "billing.card.amount") == "/billing/card/amount")
    #expect(JSONPointer.pointer(dottedKey: "unknown_key_0") == "/unknown_key_0")
  }

  @Test func tildeAndSlashAreEscapedAsRFC6901Says() {
    #expect(JSONPointer.pointer(dottedKey: "a/b.c~d") == "/a~1b/c~0d")
    #expect(JSONPointer.pointer(dottedKey: "~1") == "/~01")
    #expect(JSONPointer.pointer(dottedKey: "é.ñ") == "/é/ñ")
  }

  /// The same place however the record sent it: nested, or as one dotted member; and in the stream's line as in
  /// the library's result.
  @Test func everyFailureCarriesItsPathInTheStreamAndTheLibrary() throws {
    let spec = """
      [{"<C + c>": {"a?": {"<key>": "x/y.z", "<validators>": {"min_length": 3}},
                    "b?": {"<validators>": {"required": true}}}}]
      """
    let form = try #require(FormCompiler.compile(string: spec).form)
    for record in [#"{"x/y": {"z": "ab"}}"#, #"{"x/y.z": "ab"}"#] {
      let result = try form.validate(json: record)
      #expect(result.failures.map(\.path) == ["/x~1y/z", "/unknown_key_0"])
      #expect(result.jsonText.contains(#""key":"x/y.z","path":"/x~1y/z","validator":"min_length""#))
      let (_, validated) = try NDJSONStreamTests.compare(form, [Array(record.utf8)], options: ValidationOptions())
      #expect(validated == 1, "the stream's validator gives the same line")
    }
    let decoded = try JSONDecoder().decode(
      ValidationResult.self, from: Data(try form.validate(json: #"{"x/y.z": "ab"}"#).jsonText.utf8))
    #expect(decoded.failures.first?.path == "/x~1y/z")
  }
}

import Foundation
import Testing

@testable import PureForm

/// `FormValue.applyingMergePatch`: RFC 7396's own examples (its appendix A), and `MergePatchRequest`'s body.
@Suite struct MergePatchTests {
  /// A value read from JSON text.
  func value(_ text: String) throws -> FormValue {
    let (root, diagnostics) = JSONReader.read(SourceFile(name: "<test>", bytes: Array(text.utf8)))
    #expect(diagnostics.isEmpty)
    return FormValue(try #require(root))
  }

  @Test(arguments: [
    (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
    (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
    (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
    (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
    (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
    (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
    (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
    (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
    (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
    (#"{"a":"foo"}"#, "null", "null"),
    (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
    (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
    (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
    (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    (#"{"a":1,"a":2}"#, #"{"b":3}"#, #"{"a":2,"b":3}"#),
  ])
  func rfc7396Examples(target: String, patch: String, result: String) throws {
    #expect(try value(target).applyingMergePatch(value(patch)).description == result)
  }

  @Test func aRequestHasBeforeAndPatchObjects() throws {
    let request = try MergePatchRequest(json: Array(#"{"before": {"a": 1}, "patch": {"a": null, "b": 2}}"#.utf8))
    #expect(request.merged.description == #"{"b":2}"#)
  }

  @Test(arguments: [
    (
      "{", MergePatchRequestError.notJSON(line: 1, column: 2, message: "unexpected end of file: expected an object key")
    ),
    ("[]", .notAnObject(found: "an array")),
    (#"{"patch": {}}"#, .missingMember("before")),
    (#"{"before": {}}"#, .missingMember("patch")),
    (#"{"before": {}, "patch": {}, "after": {}}"#, .unknownMember("after")),
    (#"{"before": [], "patch": {}}"#, .memberNotAnObject("before", found: "an array")),
    (#"{"before": {}, "patch": null}"#, .memberNotAnObject("patch", found: "null")),
  ])
  func badBodiesSayWhy(body: String, error: MergePatchRequestError) {
    #expect(throws: error) { try MergePatchRequest(json: Array(body.utf8)) }
  }
}

import XCTest

@testable import PureForm

/// `ResultLine.verdict`: what the server's metrics read back from the lines it sends.
final class ResultLineTests: XCTestCase {
  private func verdict(_ line: String) -> (valid: Bool, validators: [String])? {
    Array(line.utf8).withUnsafeBytes { ResultLine.verdict($0) }
  }

  func testValidLinesWithAndWithoutTheLineMember() {
    XCTAssertEqual(verdict(#"{"valid":true,"values":{"a\"valid\":false":1}}"#)?.valid, true)
    XCTAssertEqual(verdict(#"{"line":12,"valid":true,"values":{}}"#)?.validators, [])
  }

  func testInvalidLinesGiveTheirValidatorsInOrder() {
    let line =
      #"{"line":3,"valid":false,"failures":[{"key":"a","path":"/a","validator":"type","argument":"email","reason":"\"valid\":x"},"#
      + #"{"key":"b","path":"/b","validator":"min_length","argument":6,"reason":"r"}]}"#
    let result = verdict(line)
    XCTAssertEqual(result?.valid, false)
    XCTAssertEqual(result?.validators, ["type", "min_length"])
  }

  func testOnlyTheFailureObjectsOwnValidatorMembersCount() {
    let line =
      #"{"valid":false,"failures":[{"key":"\",\"validator\":\"no","validator":"equal","#
      + #""argument":{"a":1,"validator":"inside"},"reason":"r"},{"key":"b","path":"/b","validator":"my\u0020rule"}]}"#
    XCTAssertEqual(verdict(line)?.validators, ["equal", "my rule"])
  }

  func testErrorLinesHoldNoVerdict() {
    XCTAssertNil(verdict(#"{"line":4,"error":"empty line"}"#))
    XCTAssertNil(verdict(#"{"line":5,"error":"1:2: \"valid\": nope"}"#))
    XCTAssertNil(verdict(""))
  }
}

import PureForm
import Testing

/// `pureFormVersion`, which `pureform --version` prints (`HelpAndVersionTests` checks that): a program that
/// links the library compares it as semantic versioning's `MAJOR.MINOR.PATCH`, three numbers without
/// leading zeros.
@Test func versionIsMajorMinorPatch() {
  let parts = pureFormVersion.split(separator: ".", omittingEmptySubsequences: false)
  #expect(parts.count == 3, "\(pureFormVersion)")
  for part in parts {
    #expect(!part.isEmpty && part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber), "\(pureFormVersion)")
    #expect(part == "0" || !part.hasPrefix("0"), "\(pureFormVersion)")
  }
}

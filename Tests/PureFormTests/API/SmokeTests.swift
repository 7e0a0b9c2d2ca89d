import Testing

@testable import PureForm

@Test func versionIsSet() {
  #expect(!pureFormVersion.isEmpty)
}

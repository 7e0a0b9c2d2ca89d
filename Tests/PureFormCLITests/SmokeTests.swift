import Testing

@testable import PureFormCLI

@Test func cliBuilds() {
  #expect(Bool(true))
}

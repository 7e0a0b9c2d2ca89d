import Testing

@testable import PureForm

@Suite struct RegexTests {
  /// The kernel's failure for each code a match gives up with, rendered ahead, is the one `matchWhole`
  /// reports for it (`matchWhole`); a code not listed is reported as PCRE2's internal error by both, so no
  /// record is handed back for it.
  @Test func everyCodeAMatchGivesUpWithHasTheKernelsFailure() throws {
    let plan = try recordPlan(#"[{"<A + A>": {"f?": {"<key>": "f", "<validators>": {"custom": "[a-z]+"}}}}]"#)
    for code in RegexScratch.gaveUpCodes + [-999, 12] {
      let fragment = RecordKernel.gaveUpFragment(code, regex: 0, plan.tables)
      let failure = try #require(plan.failureOfFragment[fragment.start])
      #expect(failure.reason == RegexScratch.gaveUpReason(RegexScratch.whyGaveUp(RegexScratch.gaveUpCode(code))))
      #expect(failure.validator == "custom")
    }
    #expect(RegexScratch.gaveUpCode(-999) == RegexScratch.gaveUpCodes.last)
    #expect(Set(RegexScratch.gaveUpCodes.map(RegexScratch.whyGaveUp)).count == RegexScratch.gaveUpCodes.count)
  }

  @Test func compilesWithJITAndMatchesWholeValues() throws {
    let regex = try CompiledPattern("[0-9]{5}")
    let scratch = try #require(RegexScratch())
    #expect(scratch.matchWhole(regex, "12345") == .match)
    #expect(scratch.matchWhole(regex, "123456") == .noMatch)
    #expect(scratch.matchWhole(regex, "x12345") == .noMatch)
    #expect(scratch.matchWhole(regex, "12345\n") == .noMatch)
    #expect(scratch.matchWhole(try CompiledPattern("a|ab"), "ab") == .match)
    #expect(scratch.matchWhole(try CompiledPattern(""), "") == .match)
  }

  @Test func unicodeClassesFollowICU() throws {
    let scratch = try #require(RegexScratch())
    #expect(scratch.matchWhole(try CompiledPattern("\\w+"), "Zoë") == .match)
    #expect(scratch.matchWhole(try CompiledPattern("."), "😀") == .match)
  }

  @Test func reportsPCRE2ErrorsWithOffsets() {
    #expect(throws: CompiledPattern.CompileError(message: "missing closing parenthesis", utf8Offset: 4)) {
      try CompiledPattern("(abc")
    }
    #expect(
      throws: CompiledPattern.CompileError(message: "quantifier does not follow a repeatable item", utf8Offset: 0)
    ) {
      try CompiledPattern("*a")
    }
  }

  @Test func catastrophicBacktrackingEndsAtTheMatchLimit() throws {
    let regex = try CompiledPattern("(a+)+$")
    let scratch = try #require(RegexScratch())
    let outcome = scratch.matchWhole(regex, String(repeating: "a", count: 40) + "!")
    guard case .gaveUp(let reason) = outcome else {
      Issue.record("expected the match limit, got \(outcome)")
      return
    }
    #expect(reason.contains("backtracking"))
  }

  @Test func refusesOverlongPatternsAndDeepNesting() {
    #expect(throws: CompiledPattern.CompileError.self) { try CompiledPattern(String(repeating: "a", count: 20_000)) }
    #expect(throws: CompiledPattern.CompileError.self) {
      try CompiledPattern(String(repeating: "(", count: 300) + String(repeating: ")", count: 300))
    }
  }
}

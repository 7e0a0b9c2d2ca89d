import Testing

@testable import PureForm

/// `HTMLPattern`: PCRE2 patterns become ECMAScript `v`-flag patterns only where both read them the same.
@Suite struct HTMLPatternTests {
  @Test(arguments: [
    ("[0-9]{5}", "[0-9]{5}"),
    ("^[0-9]{5}$", #"^[0-9]{5}(?=\n?$)"#),
    ("(?=.*[0-9])(?=.*[A-Za-z]).+", #"(?=[^\n]*[0-9])(?=[^\n]*[A-Za-z])[^\n]+"#),
    ("a|b(c)?", "a|b(c)?"),
    ("[+*#0-9]*", ##"[\+\*\#0-9]*"##),
    (#"\.\-x"#, #"\.-x"#),
    ("[]a-]", #"[\]a\-]"#),
    ("a{2,}?b{x", #"a{2,}?b\{x"#),
    ("é😀+", "é😀+"),
    ("x/y}", #"x\/y\}"#),
  ])
  func translatesWhatBothReadTheSame(pcre: String, ecmaScript: String) {
    #expect(HTMLPattern.ecmaScript(fromPCRE2: pcre) == ecmaScript)
  }

  @Test(arguments: [
    #"\d{5}"#, #"\w+"#, #"\s"#, #"\bx"#, "[[:alpha:]]", "(?i)abc", "a++", "a*+", #"(a)\1"#, "(?<n>a)",
    "(?<=a)b", #"\p{L}+"#, #"\Qa.b\E"#, "(*UTF)a", "^*", "(?=a)*", #"[\d]"#, "(?#c)a", "x{,3}",
  ])
  func leavesOutWhatDiffers(pcre: String) {
    #expect(HTMLPattern.ecmaScript(fromPCRE2: pcre) == nil)
  }

  @Test func combinesPatternsWithLookaheads() {
    #expect(HTMLPattern.all([]) == nil)
    #expect(HTMLPattern.all(["a"]) == "a")
    #expect(HTMLPattern.all(["[0-9]*", "a|b"]) == "(?=(?:[0-9]*)$)(?:a|b)")
    #expect(HTMLPattern.literal("a.b(c)") == #"a\.b\(c\)"#)
  }
}

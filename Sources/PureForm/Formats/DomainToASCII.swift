/// The URL Standard's domain to ASCII (§3.5) with `beStrict` false: UTS #46 ToASCII with CheckHyphens off,
/// CheckBidi and CheckJoiners on, UseSTD3ASCIIRules off, nontransitional processing, no DNS length check.
enum DomainToASCII {
  /// The ASCII form of `domain`, or `nil` on failure (an empty result fails too).
  ///
  /// `convert("EXAMPLE.com")` is `"example.com"`; `convert("faß.ExAmPlE")` is `"xn--fa-hia.example"`.
  static func convert(_ domain: String) -> String? {
    let result: String?
    if domain.utf8.allSatisfy({ $0 < 0x80 }) && !hasPunycodeLabel(domain) {
      // The standard's fast path: an ASCII domain without an `xn--` label is only lowercased.
      result = String(decoding: domain.utf8.map { $0 &- 0x41 < 26 ? $0 + 0x20 : $0 }, as: UTF8.self)
    } else {
      result = UTS46.toASCII(domain)
    }
    guard let result, !result.isEmpty else { return nil }
    return result
  }

  /// Whether a label (split on `.` only) starts with `xn--` in any case.
  private static func hasPunycodeLabel(_ domain: String) -> Bool {
    domain.utf8.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false).contains { label in
      label.count >= 4 && label.prefix(4).map { $0 | 0x20 } == Array("xn--".utf8)
    }
  }
}

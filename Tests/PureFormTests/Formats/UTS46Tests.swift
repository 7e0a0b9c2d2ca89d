import Foundation
import Testing

@testable import PureForm

/// The shortcuts of `UTS46.toASCII` held to the data they stand for: ASCII as the mapping table has it, and the
/// NFC-stable code points as Foundation's NFC leaves them.
@Suite struct UTS46Tests {
  @Test func asciiIsAsTheTableSays() {
    for value in UInt8(0)..<0x80 {
      let scalar = Unicode.Scalar(value)
      let expected: UTS46Status =
        value &- 0x41 < 26 ? .mapped([Unicode.Scalar(value | 0x20)]) : .valid
      #expect(UTS46Table.statuses[scalar] == expected, "U+\(String(value, radix: 16))")
      #expect(UTS46Table.nfcStable[scalar], "U+\(String(value, radix: 16))")
    }
  }

  /// The tables read from their text as the generator wrote them.
  @Test func tablesParse() {
    #expect(UTS46Table.statuses["\u{C0}"] == .mapped(["\u{E0}"]))
    #expect(UTS46Table.statuses["\u{BC}"] == .mapped(["1", "\u{2044}", "4"]))
    #expect(UTS46Table.statuses["\u{DF}"] == .deviation)
    #expect(UTS46Table.statuses["\u{AD}"] == .ignored)
    #expect(UTS46Table.statuses["\u{80}"] == .disallowed)
    #expect(UTS46Table.statuses["\u{10FFFF}"] == .disallowed)
    #expect(UTS46Table.joining["\u{628}"] == "D" && UTS46Table.joining["a"] == "U")
    #expect(UTS46Table.bidi["\u{5D0}"] == "R" && UTS46Table.bidi["\u{661}"] == "AN" && UTS46Table.bidi["a"] == "L")
    #expect(UTS46Table.nfcStable["\u{E9}"] && !UTS46Table.nfcStable["\u{301}"])
  }

  /// Every stable code point below U+3400 and every 13th above it, alone, after a Latin letter and after a Hangul
  /// syllable (which a trailing jamo would extend), is unchanged by NFC.
  @Test func stableCodePointsAreTheirOwnNFC() {
    var checked = 0
    for value in UInt32(0x80)..<0x3_0000 where value < 0x3400 || value % 13 == 0 {
      guard let scalar = Unicode.Scalar(value), UTS46Table.nfcStable[scalar] else { continue }
      for prefix in ["", "a", "\u{AC00}"] {
        let text = prefix + String(scalar)
        #expect(text.precomposedStringWithCanonicalMapping.unicodeScalars.elementsEqual(text.unicodeScalars))
      }
      checked += 1
    }
    #expect(checked > 10_000)
    // Marks and what composes with what precedes it are not stable.
    for scalar: Unicode.Scalar in ["\u{301}", "\u{308}", "\u{1161}", "\u{11A8}", "\u{9BE}", "\u{3099}"] {
      #expect(!UTS46Table.nfcStable[scalar])
    }
  }

  @Test(arguments: [
    ("bücher.example", "xn--bcher-kva.example"), ("BÜCHER.example", "xn--bcher-kva.example"),
    ("bu\u{308}cher.example", "xn--bcher-kva.example"), ("faß.ExAmPlE", "xn--fa-hia.example"),
    ("пример.рф", "xn--e1afmkfd.xn--p1ai"), ("例え.テスト", "xn--r8jz45g.xn--zckzah"),
    ("xn--bcher-kva.example", "xn--bcher-kva.example"), ("a\u{AD}b.example", "ab.example"),
  ])
  func toASCII(_ domain: String, _ ascii: String) {
    #expect(UTS46.toASCII(domain) == ascii)
  }
}

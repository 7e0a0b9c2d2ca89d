import Foundation
import Testing

@testable import PureForm

@Suite struct DiagnosticCodeTests {
  @Test func codesAreUniqueAndWellFormed() {
    let codes = DiagnosticCode.allCases.map(\.rawValue)
    #expect(Set(codes).count == codes.count)
    #expect(
      codes.allSatisfy {
        $0.count == 5 && $0.hasPrefix("PF") && "0123456789".contains($0.dropFirst(2).prefix(1))
          && $0.dropFirst(3).allSatisfy(\.isNumber)
      })
  }

  /// docs/diagnostic-codes.md has a row for every code: its severity, the name `-Wno-` takes, its summary.
  @Test func theGuideDocumentsEveryCode() throws {
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/diagnostic-codes.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    for code in DiagnosticCode.allCases {
      let summary = code.summary.replacingOccurrences(of: "|", with: "\\|")
      let name = code.defaultSeverity != .error ? "`\(code.name)`" : ""
      #expect(
        text.contains("| \(code.rawValue) | \(code.defaultSeverity.rawValue) | \(name) | \(summary) |"),
        "docs/diagnostic-codes.md lacks \(code.rawValue)'s row; run python3 scripts/diagnostic_table.py --write")
    }
  }
}

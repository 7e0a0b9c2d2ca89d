import Foundation
import Testing

@testable import PureForm

@Suite struct DiagnosticCodeTests {
  @Test func codesAreUniqueAndWellFormed() {
    let codes = DiagnosticCode.allCases.map(\.rawValue)
    #expect(Set(codes).count == codes.count)
    #expect(
      codes.allSatisfy {
        $0.count == 5 && $0.hasPrefix("PF") && "0123456".contains($0.dropFirst(2).prefix(1))
          && $0.dropFirst(3).allSatisfy(\.isNumber)
      })
  }

  @Test func theReadmeDocumentsEveryCode() throws {
    let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("README.md")
    let text = try String(contentsOf: readme, encoding: .utf8)
    for code in DiagnosticCode.allCases {
      let summary = code.summary.replacingOccurrences(of: "|", with: "\\|")
      #expect(
        text.contains("| \(code.rawValue) | \(code.defaultSeverity.rawValue) | \(summary) |"),
        "README lacks \(code.rawValue); run python3 scripts/diagnostic_table.py")
      if code.defaultSeverity == .warning {
        #expect(text.contains("`\(code.name)`"), "README's -Wno paragraph lacks \(code.name)")
      }
    }
  }
}

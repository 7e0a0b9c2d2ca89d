import Foundation
import Testing

@testable import PureForm

/// The URL parser against the URL Standard's own test data (web-platform-tests' urltestdata.json, copied with its
/// license to Tests/Vectors/whatwg-url): every case whose answer does not depend on a base URL.
@Suite struct WebURLConformanceTests {
  /// One case of urltestdata.json: the input, and the expected href or failure.
  struct Case: Sendable, CustomTestStringConvertible {
    let input: String
    let base: String?
    let href: String?

    var testDescription: String { input.debugDescription }
  }

  /// The cases a parser with no base answers as the data does: no base (or `null`); base `about:blank`
  /// (opaque, so only a `#…` input would use it, and those are left out); or an input with its own scheme
  /// that is not special or differs from the base's (the parser never looks at the base then).
  static let cases: [Case] = {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("Vectors/whatwg-url/urltestdata.json")
    guard let text = try? String(contentsOf: url, encoding: .utf8),
      let entries = try? JSONSerialization.jsonObject(with: Data(replacingLoneSurrogates(text).utf8)) as? [Any]
    else { return [] }
    return entries.compactMap { entry -> Case? in
      guard let object = entry as? [String: Any], let input = object["input"] as? String else { return nil }
      let base = object["base"] as? String
      guard Self.answersWithoutBase(input: input, base: base) else { return nil }
      return Case(input: input, base: base, href: object["failure"] as? Bool == true ? nil : object["href"] as? String)
    }
  }()

  /// `text` with each `\uD800`-`\uDFFF` escape that is not half of a pair replaced by `\uFFFD`: what the
  /// browser's conversion of a JavaScript string to a USVString does before the parser sees it, and what lets
  /// Foundation read the file (it refuses lone surrogates).
  static func replacingLoneSurrogates(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count)
    func surrogate(at index: Int) -> UInt16? {
      guard index + 6 <= bytes.count, bytes[index] == UInt8(ascii: "\\"), bytes[index + 1] == UInt8(ascii: "u"),
        let value = UInt16(String(decoding: bytes[index + 2..<index + 6], as: UTF8.self), radix: 16),
        (0xD800...0xDFFF).contains(value)
      else { return nil }
      return value
    }
    var index = 0
    while index < bytes.count {
      if bytes[index] == UInt8(ascii: "\\"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\\") {
        output += bytes[index..<index + 2]
        index += 2
      } else if let high = surrogate(at: index) {
        if high < 0xDC00, let low = surrogate(at: index + 6), low >= 0xDC00 {
          output += bytes[index..<index + 12]
          index += 12
        } else {
          output += Array("\\uFFFD".utf8)
          index += 6
        }
      } else {
        output.append(bytes[index])
        index += 1
      }
    }
    return String(decoding: output, as: UTF8.self)
  }

  private static func answersWithoutBase(input: String, base: String?) -> Bool {
    guard let base else { return true }
    var scalars = Array(input.unicodeScalars)
    while let first = scalars.first, first.value <= 0x20 { scalars.removeFirst() }
    scalars.removeAll { $0 == "\t" || $0 == "\n" || $0 == "\r" }
    if base == "about:blank" { return scalars.first != "#" }
    guard let scheme = schemeOf(scalars), let baseScheme = schemeOf(Array(base.unicodeScalars)) else { return false }
    let special = ["ftp", "file", "http", "https", "ws", "wss"]
    return !special.contains(scheme) || scheme != baseScheme
  }

  private static func schemeOf(_ scalars: [Unicode.Scalar]) -> String? {
    guard let colon = scalars.firstIndex(of: ":"), colon > 0,
      let first = scalars.first, first.properties.isAlphabetic && first.isASCII
    else { return nil }
    let name = scalars[..<colon]
    guard
      name.allSatisfy({
        $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0))
      })
    else { return nil }
    return String(String.UnicodeScalarView(name)).lowercased()
  }

  @Test func theDataLoads() {
    #expect(Self.cases.count > 400)
  }

  @Test(arguments: cases)
  func parsesAsTheStandardSays(_ testCase: Case) {
    let href = WebURLParser.parse(testCase.input)?.url.href
    #expect(href == testCase.href, "base \(testCase.base ?? "none")")
  }
}

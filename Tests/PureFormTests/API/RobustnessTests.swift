import Foundation
import Testing

@testable import PureForm

/// A small deterministic generator (SplitMix64), so every run sees the same inputs.
struct SeededGenerator: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// No input of any shape crashes or hangs the compiler, and what it reports always points into the file.
@Suite struct RobustnessTests {
  /// Checks the invariants every compile result must hold, whatever the input.
  private func checkInvariants(_ result: CompileResult, _ context: String) {
    let file = result.source
    for diagnostic in result.diagnostics {
      let start = diagnostic.range.start
      let end = diagnostic.range.end
      #expect(start.offset >= 0 && start.offset <= file.bytes.count, "\(context): offset out of the file")
      #expect(start.offset <= end.offset, "\(context): range ends before it starts")
      #expect(file.location(ofOffset: start.offset) == start, "\(context): line and column disagree with the offset")
      #expect(!DiagnosticRenderer.text(diagnostic, in: file).isEmpty)
    }
    #expect((result.form == nil) == (result.errorCount > 0))
  }

  @Test func deepNestingIsOneDiagnostic() {
    for opener in ["[", "{\"a\":", "[{\"<A + B>\": {\"v\": "] {
      let text = String(repeating: opener, count: 100_000)
      let result = FormCompiler.compile(string: text)
      #expect(result.diagnostics.map(\.code) == [.nestingTooDeep], "\(opener)")
      checkInvariants(result, opener)
    }
  }

  @Test func randomBytesNeverCrash() {
    var generator = SeededGenerator(state: 1)
    for round in 0..<300 {
      let length = Int.random(in: 0..<400, using: &generator)
      let bytes = (0..<length).map { _ in UInt8.random(in: 0...255, using: &generator) }
      checkInvariants(FormCompiler.compile(bytes: bytes), "random round \(round)")
    }
  }

  @Test func mutatedSpecsNeverCrash() throws {
    let seed = Array(
      ##"[{"<A + B>": {"f?": {"<key>": "a.b", "text*": "k", "c": "#FFFFFF", "k": "UIKeyboardTypeURL", "<validators>": {"min_length!": 2, "custom": "[a-z]+\\d"}}}}, {"<section>": 1}, {"<= + =>": {"g?": {"<key>": "c", "<validators>": {"equal_previous": true}}}}]"##
        .utf8)
    var generator = SeededGenerator(state: 7)
    let alphabet = Array(#"{}[]:,"\<>+=?!*#.0123456789-eE tfn"#.utf8) + [0x00, 0xC3, 0xA9, 0xFF, 0x0A]
    for round in 0..<600 {
      var bytes = seed
      for _ in 0..<Int.random(in: 1...6, using: &generator) {
        let index = Int.random(in: 0..<bytes.count, using: &generator)
        switch Int.random(in: 0..<3, using: &generator) {
        case 0: bytes[index] = alphabet.randomElement(using: &generator) ?? 0
        case 1: bytes.remove(at: index)
        default: bytes.insert(alphabet.randomElement(using: &generator) ?? 0, at: index)
        }
        if bytes.isEmpty { bytes = [0x5B] }
      }
      checkInvariants(FormCompiler.compile(bytes: bytes), "mutation round \(round)")
    }
  }

  @Test func wellFormedJSONThatIsNotASpecNeverGetsSyntaxCodes() {
    var generator = SeededGenerator(state: 42)
    func value(_ depth: Int) -> String {
      switch Int.random(in: 0..<(depth > 4 ? 5 : 8), using: &generator) {
      case 0: return "null"
      case 1: return Bool.random(using: &generator) ? "true" : "false"
      case 2: return String(Int.random(in: -1000...1000, using: &generator)) + ".5e3"
      case 3:
        return ["\"#12\"", "\"<x>\"", "\"UIKeyboardTypeBogus\"", "\"text\"", "\"\\u00e9\""][
          Int.random(in: 0..<5, using: &generator)]
      case 4: return "\"s\(Int.random(in: 0..<9, using: &generator))\""
      case 5, 6:
        let keys = ["<A + B>", "<section>", "<key>", "<validators>", "v?", "x*", "min_length", "<= + =>", "custom"]
        let members = (0..<Int.random(in: 0..<4, using: &generator)).map { _ in
          "\"\(keys.randomElement(using: &generator) ?? "k")\": \(value(depth + 1))"
        }
        return "{" + members.joined(separator: ", ") + "}"
      default:
        return "["
          + (0..<Int.random(in: 0..<4, using: &generator)).map { _ in value(depth + 1) }.joined(separator: ", ") + "]"
      }
    }
    for round in 0..<500 {
      let result = FormCompiler.compile(string: value(0))
      #expect(!result.diagnostics.contains { $0.code.rawValue.hasPrefix("PF1") }, "round \(round)")
      checkInvariants(result, "tree round \(round)")
    }
  }

  @Test func aLargeSpecCompiles() {
    let cell =
      ##"{"<TextFieldCell + Id>": {"textField?": {"<key>": "k%d", "placeholder": "Field %d", "textColor": "#6F3F83", "keyboardType": "UIKeyboardTypeNumberPad", "<validators>": {"required": true, "max_length": 25, "custom": "[0-9]+"}}}}"##
    let cells = (0..<20_000).map { cell.replacingOccurrences(of: "%d", with: String($0)) }
    let text = "[\n" + cells.joined(separator: ",\n") + "\n]"
    #expect(text.utf8.count > 4_000_000)
    let result = FormCompiler.compile(string: text)
    #expect(result.errorCount == 0)
    #expect(result.form?.model.cells.count == 20_000)
  }
}

import Foundation
import Testing

@testable import PureForm

/// NDJSON streaming: the stream's line for every generated record is the one recorded for it
/// (`ReferenceOutputs`) and `validate(json:)`'s result with the line member first; the stream keeps
/// order, drops nothing, and handles chunk boundaries, long lines and every job count alike.
@Suite struct NDJSONStreamTests {
  /// The package root.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()
    .deletingLastPathComponent()

  /// A spec of the package, compiled.
  static func form(_ name: String) throws -> CompiledForm {
    let result = try FormCompiler.compile(path: root.appendingPathComponent("Specs/\(name)").path)
    return try #require(result.form)
  }

  /// `lines` generated for `form`'s keys.
  static func lines(_ form: CompiledForm, count: Int, seed: UInt64) -> [[UInt8]] {
    var generator = NDJSONRecordGenerator(keys: form.fieldKeys, seed: seed)
    return (0..<count).map { _ in generator.line() }
  }

  /// The error line of a record that is none (where a record cut short ends at the end of its line).
  static func errorLine(_ error: InputError, number: Int) -> String {
    let message = error.description.replacingOccurrences(of: "unexpected end of file", with: "unexpected end of line")
    return OutputJSON.object([("line", .int(number)), ("error", .string(message))]).rendered() + "\n"
  }

  /// The line `validate(json:)` gives a record: its result's `jsonText` with `"line":N,` first, or its
  /// error's line; the empty line's as the stream writes it (the library reads no line, so has no "empty
  /// line" error of its own).
  static func libraryLine(_ form: CompiledForm, _ line: [UInt8], number: Int, options: ValidationOptions) -> String {
    if line.allSatisfy({ [0x20, 0x09, 0x0D].contains($0) }) {
      return #"{"line":\#(number),"error":"empty line"}"# + "\n"
    }
    do {
      let text = try form.validate(json: line, options: options).jsonText
      return #"{"line":\#(number),"# + text.dropFirst() + "\n"
    } catch {
      return errorLine(error, number: number)
    }
  }

  /// Validates every line by the stream's validator and by `validate(json:)` (the kernel writing the NDJSON
  /// line, and a `ValidationResult`), which must agree, and holds the lines to the outputs recorded for them
  /// (`ReferenceOutputs`); returns the output and how many lines the kernel validated.
  static func compare(
    _ form: CompiledForm, _ lines: [[UInt8]], options: ValidationOptions,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) throws -> (expected: [UInt8], validated: Int) {
    var validator = try RecordValidator(form: form, options: options)
    var expected: [UInt8] = []
    var outputs: [String] = []
    var mismatches = 0
    for (index, line) in lines.enumerated() {
      let number = index + 1
      let verdict = validator.validate(line: line, number: number)
      let output = String(decoding: validator.outputLine, as: UTF8.self)
      let library = libraryLine(form, line, number: number, options: options)
      let libraryVerdict: RecordVerdict =
        library.contains(#""error":"#) && !library.contains(#""valid":"#)
        ? .malformed : library.hasPrefix(#"{"line":\#(number),"valid":true"#) ? .valid : .invalid
      if output != library || verdict != libraryVerdict {
        mismatches += 1
        if mismatches <= 5 {
          Issue.record(
            """
            line \(number): \(String(decoding: line, as: UTF8.self)) \(line.suffix(16))
              stream:  \(verdict) \(output)
              library: \(library)
            """, sourceLocation: sourceLocation)
        }
      }
      expected += validator.outputLine
      outputs.append(output)
    }
    #expect(mismatches == 0, sourceLocation: sourceLocation)
    ReferenceOutputs.check(
      outputs, kind: "ndjson", form: form, options: "\(options)", inputs: lines, sourceLocation: sourceLocation)
    return (expected, validator.lineCounts.validated)
  }

  /// The first line where two outputs differ, or nil when they are equal.
  static func difference(_ output: [UInt8], _ expected: [UInt8]) -> String? {
    guard output != expected else { return nil }
    let got = output.split(separator: 0x0A, omittingEmptySubsequences: false)
    let want = expected.split(separator: 0x0A, omittingEmptySubsequences: false)
    for index in 0..<max(got.count, want.count) {
      let left = index < got.count ? String(decoding: got[index], as: UTF8.self) : "<none>"
      let right = index < want.count ? String(decoding: want[index], as: UTF8.self) : "<none>"
      if left != right { return "output line \(index + 1):\n  got:  \(left)\n  want: \(right)" }
    }
    return "outputs differ"
  }

  /// The generated lines as one NDJSON input.
  static func joined(_ lines: [[UInt8]]) -> [UInt8] {
    lines.flatMap { $0 + [0x0A] }
  }

  /// Streams `input` with a configuration and returns its output.
  static func stream(
    _ form: CompiledForm, _ input: [UInt8], options: ValidationOptions, configuration: StreamConfiguration,
    pieceSize: Int = .max
  ) throws -> (output: [UInt8], summary: NDJSONSummary) {
    var sink = MemorySink()
    let summary = try form.validateNDJSON(
      source: MemorySource(input, pieceSize: pieceSize), sink: &sink, options: options, configuration: configuration)
    return (sink.bytes, summary)
  }

  // MARK: Lines against their recordings

  @Test(arguments: ["signup.json", "registration.json"])
  func streamLinesMatchTheirRecordedLines(spec: String) throws {
    let form = try Self.form(spec)
    let lines = Self.lines(form, count: generatedCount(3000), seed: spec == "signup.json" ? 1 : 7)
    let (expected, validated) = try Self.compare(form, lines, options: ValidationOptions())
    // Most generated lines are records (the rest hold none and are error lines), which the kernel validates.
    #expect(validated > lines.count / 2)
    for jobs in [1, 4] {
      let (output, summary) = try form.validateNDJSON(Self.joined(lines), jobs: jobs)
      #expect(Self.difference(output, expected) == nil, "jobs \(jobs)")
      #expect(summary.records == lines.count)
      #expect(summary.valid + summary.invalid + summary.malformed == lines.count)
    }
  }

  @Test(arguments: [
    ValidationOptions(allFailures: true), ValidationOptions(flat: true),
    ValidationOptions(allFailures: true, field: "account.password", liveOnly: true),
    ValidationOptions(field: "profile.age"), ValidationOptions(field: "account.password_confirm", flat: true),
    ValidationOptions(field: "profile.nickname"),
  ])
  func optionsApplyPerRecordInTheStreamAndTheLibrary(options: ValidationOptions) throws {
    let form = try Self.form("registration.json")
    let lines = Self.lines(form, count: 600, seed: 11)
    _ = try recordedLines(form, lines, options: options, jobs: [3])
  }

  @Test func settingsAndKeyboardPadsMatch() throws {
    let settings = ValidationSettings(
      failureReasons: [.minLength: "Too short: %@", .typeMismatch: "Not a %@"], keyboardTypeValidation: true)
    let result = try FormCompiler.compile(
      path: Self.root.appendingPathComponent("Specs/signup.json").path, options: CompileOptions(settings: settings))
    let form = try #require(result.form)
    var generator = NDJSONRecordGenerator(keys: form.fieldKeys, seed: 5)
    var lines = (0..<800).map { _ in generator.line() }
    lines += ["{\"zip\":\"12 45\"}", "{\"zip\":\"+1234\"}", "{\"age\":\"1.5\"}", "{\"zip\":\"１２３４５\"}"].map {
      Array($0.utf8)
    }
    for allFailures in [false, true] {
      _ = try Self.compare(form, lines, options: ValidationOptions(allFailures: allFailures))
    }
  }

  @Test func unusualFormsFallBackOrMatch() throws {
    var registry = ValidatorRegistry()
    registry.register("even", defaultReason: "Not even") { value, _ in
      guard case .number(let text) = value, let number = Int(text) else { return false }
      return number % 2 == 0
    }
    let specs: [(String, CompileOptions)] = [
      (
        #"[{"<A + B>": {"f?": {"<key>": "n", "<type>": "integer", "<validators>": {"even": true}}}}]"#,
        CompileOptions(validators: registry)
      ),
      (
        #"[{"<A + B>": {"f?": {"<key>": "phone", "<validators>": {"min_length": 3}}}}]"#,
        CompileOptions(transformers: ["phone": { .string(($0.description).filter(\.isNumber)) }])
      ),
      (#"[{"<A + B>": {"f?": {"<key>": "Key", "<validators>": {"required": true}}}}]"#, CompileOptions()),
      (#"[{"<A + B>": {"f?": {"<key>": "café.prix", "<validators>": {"required": true}}}}]"#, CompileOptions()),
      (
        #"[{"<A + B>": {"f?": {"<key>": "w", "<validators>": {"custom": "(a+)+b", "equal": "aab"}}}}, {"<= + =>": {"g?": {"<key>": "q", "<value>": "x\"y\\z\n", "<validators>": {"equal": 2}}}}]"#,
        CompileOptions()
      ),
    ]
    let lines: [[UInt8]] = [
      #"{"n": 4}"#, #"{"n": 3}"#, #"{"n": "6"}"#, #"{"phone": "+1 (555) 010"}"#, #"{"Key": "x"}"#,
      "{\"\u{212A}ey\": \"x\"}", #"{"K\u0065y": 1}"#, "{\"café\": {\"prix\": 3}}", "{\"cafe\u{301}.prix\": 3}",
      #"{"w": "aab"}"#, "{\"w\": \"" + String(repeating: "a", count: 40) + "!\"}", #"{"q": "2.0"}"#, #"{"q": 2}"#,
      #"{"q": "x"}"#, #"{}"#,
    ].map { Array($0.utf8) }
    for (spec, options) in specs {
      let form = try #require(FormCompiler.compile(string: spec, options: options).form)
      _ = try Self.compare(form, lines, options: ValidationOptions())
    }
  }

  @Test func everySingleByteChangeOfARecordMatches() throws {
    let form = try Self.form("signup.json")
    let record = Array(#"{"email":"a@b.co","password":"sécret1","age":12,"x":[true,{"y":null}]}"#.utf8)
    // Every byte at the positions where a byte means most (around and inside a key, a string, a number and
    // the nesting); elsewhere the bytes that can make or break JSON.
    let everyByteAt: Set<Int> = [
      0, 1, 2, 6, 7, 8, 9, 11, 16, 17, 29, 31, 32, 38, 45, 46, 47, 48, 52, 53, 56, 60, 66, 70, 71,
    ]
    let someBytes: [UInt8] = [
      0x00, 0x09, 0x0D, 0x20, 0x22, 0x2C, 0x2D, 0x2E, 0x30, 0x31, 0x3A, 0x5B, 0x5C, 0x5D, 0x65, 0x7B, 0x7D, 0x7F,
      0x80, 0xBF, 0xC3, 0xE2, 0xF0, 0xFF,
    ]
    var lines: [[UInt8]] = []
    for position in 0...record.count {
      for byte in everyByteAt.contains(position) ? Array(UInt8.min...UInt8.max) : someBytes where byte != 0x0A {
        lines.append(Array(record[..<position]) + [byte] + Array(record[position...]))
        if position < record.count {
          var replaced = record
          replaced[position] = byte
          lines.append(replaced)
        }
      }
    }
    _ = try Self.compare(form, lines, options: ValidationOptions())
  }

  @Test func everyUTF8AndEscapeEdgeMatches() throws {
    let form = try Self.form("signup.json")
    let bytes: [[UInt8]] = [
      [0xC1, 0xBF], [0xC2, 0x80], [0xDF, 0xBF], [0xE0, 0x9F, 0xBF], [0xE0, 0xA0, 0x80], [0xED, 0x9F, 0xBF],
      [0xED, 0xA0, 0x80], [0xED, 0xBF, 0xBF], [0xEE, 0x80, 0x80], [0xEF, 0xBF, 0xBF], [0xF0, 0x8F, 0xBF, 0xBF],
      [0xF0, 0x90, 0x80, 0x80], [0xF4, 0x8F, 0xBF, 0xBF], [0xF4, 0x90, 0x80, 0x80], [0xF5, 0x80, 0x80, 0x80],
      [0xF8, 0x88, 0x80, 0x80, 0x80], [0xFF], [0x80], [0xBF], [0xC2], [0xE1, 0x80], [0xF1, 0x80, 0x80],
      [0xC2, 0x41], [0xE1, 0x41, 0x80], [0x01], [0x1F], [0x7F], [0x09], [0x0D], [0x00],
    ]
    let escapes = [
      #"\uD800\uDC00"#, #"\uDBFF\uDFFF"#, #"\uD800"#, #"\uDFFF"#, #"\uD800\uD800"#, #"\uD800\\"#, #"\uD800\u"#,
      #"\u12"#, #"\u123g"#, #"\U1234"#, #"\a"#, #"\'"#, #"\0"#, #"\\"#, #"\/"#, #"\""#, #"\b\f\n\r\t"#, #"\u0000"#,
      #"\u00E9"#, #"\u00e9"#, #"\u2028"#, #"\uFFFF"#, #"\uFEFF"#, "\\", #"\ud83d\ude00"#, #"\uD83D\uDE00"#,
    ]
    let templates = [
      #"{"email":"a@b.c⟨⟩o","password":"secret1"}"#, #"{"password":"x⟨⟩yzabc","password_confirm":"x⟨⟩yzabc"}"#,
      #"{"em⟨⟩ail":"a@b.co"}"#, #"{"x":{"y⟨⟩":["⟨⟩"]},"full_name":"Ada Lovelace"}"#, #"{"full_name":"Ada ⟨⟩Love"}"#,
      #"{"age":"1⟨⟩3","zip":"⟨⟩"}"#, #"{"newsletter":"o⟨⟩n"}"#,
    ]
    var lines: [[UInt8]] = []
    for sequence in bytes + escapes.map({ Array($0.utf8) }) {
      for template in templates {
        let parts = template.components(separatedBy: "⟨⟩").map { Array($0.utf8) }
        lines.append(parts.dropFirst().reduce(parts[0]) { $0 + sequence + $1 })
      }
    }
    _ = try Self.compare(form, lines, options: ValidationOptions(allFailures: true))
  }

  // MARK: Streaming

  @Test func chunkBoundariesAndJobCountsGiveTheSameOutput() throws {
    let form = try Self.form("signup.json")
    let lines = Self.lines(form, count: 800, seed: 3)
    let (expected, _) = try Self.compare(form, lines, options: ValidationOptions())
    let input = Self.joined(lines)
    for (chunkSize, pieceSize, jobs, perChunk) in [
      (64, 7, 1, 8192), (64, 7, 3, 8192), (300, 1000, 2, 8192), (4096, 13, 4, 8192), (1 << 20, .max, 2, 8192),
      (1 << 20, .max, 1, 3), (4096, 100, 3, 1), (1 << 16, 1 << 15, 2, 7),
    ] {
      var configuration = StreamConfiguration(jobs: jobs)
      configuration.chunkSize = chunkSize
      configuration.linesPerChunk = perChunk
      let (output, summary) = try Self.stream(
        form, input, options: ValidationOptions(), configuration: configuration, pieceSize: pieceSize)
      #expect(
        Self.difference(output, expected) == nil,
        "chunk \(chunkSize), piece \(pieceSize), jobs \(jobs), lines \(perChunk)")
      #expect(summary.records == lines.count)
    }
  }

  @Test func finalLineFeedAndEmptyLines() throws {
    let form = try Self.form("signup.json")
    let record =
      #"{"email":"a@b.co","password":"secret1","password_confirm":"secret1","full_name":"Ada Lovelace","zip":"10115"}"#
    for jobs in [1, 2] {
      let withFeed = try form.validateNDJSON(Array((record + "\n").utf8), jobs: jobs)
      let withoutFeed = try form.validateNDJSON(Array(record.utf8), jobs: jobs)
      #expect(withFeed.output == withoutFeed.output)
      #expect(withFeed.summary == NDJSONSummary(records: 1, valid: 1))
      let empty = try form.validateNDJSON([], jobs: jobs)
      #expect(empty.output.isEmpty && empty.summary == NDJSONSummary())
      let blank = try form.validateNDJSON(Array("\n\r\n  \n\(record)\r\n".utf8), jobs: jobs)
      let text = String(decoding: blank.output, as: UTF8.self)
      #expect(
        text.split(separator: "\n").map { String($0.prefix(33)) } == [
          #"{"line":1,"error":"empty line"}"#, #"{"line":2,"error":"empty line"}"#,
          #"{"line":3,"error":"empty line"}"#, #"{"line":4,"valid":true,"values":{"#,
        ])
      #expect(blank.summary == NDJSONSummary(records: 4, valid: 1, malformed: 3))
    }
  }

  @Test func linesLongerThanTheLimitAreErrorsAndTheStreamGoesOn() throws {
    let form = try Self.form("signup.json")
    let long = Array(("{\"email\":\"" + String(repeating: "x", count: 5000) + "\"}").utf8)
    let lines: [[UInt8]] = [Array(#"{"email":"a@b.co"}"#.utf8), long, Array("{}".utf8), long + long, Array("[1]".utf8)]
    let input = Self.joined(lines) + long
    for (chunkSize, pieceSize, jobs) in [(256, 100, 1), (256, 100, 2), (1 << 16, .max, 1), (64, 3, 3)] {
      var configuration = StreamConfiguration(jobs: jobs)
      configuration.chunkSize = chunkSize
      configuration.lineLimit = 1000
      let (output, summary) = try Self.stream(
        form, input, options: ValidationOptions(), configuration: configuration, pieceSize: pieceSize)
      let outputLines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
      #expect(outputLines.count == 6)
      for number in [2, 4, 6] {
        #expect(outputLines[number - 1] == #"{"line":\#(number),"error":"line is longer than 1000 bytes"}"#)
      }
      #expect(outputLines[2].hasPrefix(#"{"line":3,"valid":false"#))
      #expect(outputLines[4] == #"{"line":5,"error":"input must be a JSON object of key to value, found an array"}"#)
      #expect(summary == NDJSONSummary(records: 6, valid: 0, invalid: 2, malformed: 4))
    }
  }

  @Test func longLinesInSmallPiecesAreReadInLinearTime() throws {
    let form = try Self.form("signup.json")
    let long = Array(#"{"email":""#.utf8) + [UInt8](repeating: UInt8(ascii: "y"), count: 1_500_000) + Array(#""}"#.utf8)
    let fits =
      Array(#"{"password":""#.utf8) + [UInt8](repeating: UInt8(ascii: "z"), count: 300_000) + Array(#""}"#.utf8)
    let input = Self.joined([long, fits, Array("{}".utf8), long])
    for jobs in [1, 2] {
      var configuration = StreamConfiguration(jobs: jobs)
      configuration.lineLimit = 500_000
      let start = Date()
      let (output, summary) = try Self.stream(
        form, input, options: ValidationOptions(), configuration: configuration, pieceSize: 4096)
      #expect(Date().timeIntervalSince(start) < 20)
      let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
      #expect(lines.count == 4)
      #expect(lines.first == #"{"line":1,"error":"line is longer than 500000 bytes"}"#)
      #expect(lines.dropFirst().first?.hasPrefix(#"{"line":2,"valid":false"#) == true)
      #expect(lines.last == #"{"line":4,"error":"line is longer than 500000 bytes"}"#)
      #expect(summary == NDJSONSummary(records: 4, valid: 0, invalid: 2, malformed: 2))
    }
  }

  @Test func unknownFieldOptionIsAnError() throws {
    let form = try Self.form("signup.json")
    #expect(throws: NDJSONError.options(.unknownField("emial", suggestion: "email"))) {
      try form.validateNDJSON([], options: ValidationOptions(field: "emial"), jobs: 1)
    }
  }

  // MARK: Pieces

  @Test func decimalViewAgreesWithExactDecimal() {
    let texts =
      NDJSONRecordGenerator.numbers + [
        "0", "-0.000", "100", "1e2", "100.00e-2", "1", "0.001e3", "-12.50e+3", "-12500", "5e-324", "1e15", "1e-15",
        "0e999", "12", "012", "1.", ".5", "-", "1e", "+1", "1e+", "9223372036854775807", "9223372036854775808",
        "1e999999999999999999", "1e-999999999999999999", "123e1000000000000000", "0.5e-1000000000000000",
      ]
    for lhs in texts {
      let exact = ExactDecimal(lhs)
      let view = Array(lhs.utf8).withUnsafeBufferPointer { DecimalView($0.baseAddress!, count: $0.count) }
      #expect((exact == nil) == (view == nil), "\(lhs)")
      #expect(exact?.isInteger == view?.isInteger, "\(lhs)")
      for rhs in texts {
        guard let left = ExactDecimal(lhs), let right = ExactDecimal(rhs) else { continue }
        let (less, equal) = Array(lhs.utf8).withUnsafeBufferPointer { a in
          Array(rhs.utf8).withUnsafeBufferPointer { b in
            let x = DecimalView(a.baseAddress!, count: a.count)!
            let y = DecimalView(b.baseAddress!, count: b.count)!
            return (DecimalView.less(x, y), DecimalView.equal(x, y))
          }
        }
        #expect(less == (left < right), "\(lhs) < \(rhs)")
        #expect(equal == (left == right), "\(lhs) == \(rhs)")
      }
    }
  }

  @Test func escapingMatchesOutputJSON() {
    var all = (0..<128).map { String(UnicodeScalar(UInt8($0))) }.joined()
    all += "é😀\u{2028}\u{7F}"
    var expected = ""
    OutputJSON.writeString(all, to: &expected)
    let bytes = Array(all.utf8)
    let buffer = ByteBuffer(capacity: 6 * bytes.count)
    bytes.withUnsafeBufferPointer { source in
      var cursor = OutputCursor(buffer.base)
      cursor.writeEscaped(source.baseAddress.unsafelyUnwrapped, source.count)
      buffer.count = cursor.at - buffer.base
    }
    #expect("\"" + String(decoding: buffer.bytes, as: UTF8.self) + "\"" == expected)
  }

  @Test func decimalOutput() {
    let buffer = ByteBuffer(capacity: 21)
    for value in [0, 7, 10, 99, 100, 123_456, Int.max, -1, -90, Int.min] {
      var cursor = OutputCursor(buffer.base)
      cursor.writeDecimal(value)
      buffer.count = cursor.at - buffer.base
      #expect(String(decoding: buffer.bytes, as: UTF8.self) == String(value))
    }
  }
}

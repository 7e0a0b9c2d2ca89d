import Foundation
import PureForm
import Testing

/// `pureform validate` on NDJSON: a generated stream through standard input (`--ndjson`) and through
/// `.ndjson` / `.jsonl` files, every output line checked against the single-record library API.
@Suite struct ValidateNDJSONTests {
  /// A deterministic stream for the signup form: valid, invalid and malformed lines.
  static func stream(count: Int) -> [String] {
    var state: UInt64 = 42
    func next(_ bound: Int) -> Int {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return Int((state >> 33) % UInt64(bound))
    }
    let emails = ["ada@example.com", "bad@", "é@x.io", "A.B+c@EXAMPLE.ORG", ""]
    let passwords = ["secret1", "abc", "pässwörd", "p\\\"q\\\\r1", "😀😀😀a1"]
    let names = ["Ada Lovelace", "ada", "Jean-Luc O'Neill", "x1 y"]
    let ages = ["30", "12", "120.0", "\"45\"", "true", "null", "1e2"]
    let malformed = ["", "{", "[1]", "{\"email\":}", "{\"a\":1,}", "null", "  ", "{\"email\":\"\\x\"}"]
    return (0..<count).map { _ in
      if next(20) == 0 { return malformed[next(malformed.count)] }
      let password = passwords[next(passwords.count)]
      let confirm = next(5) == 0 ? passwords[next(passwords.count)] : password
      var members = [
        #""email":"\#(emails[next(emails.count)])""#, #""password":"\#(password)""#,
        #""password_confirm":"\#(confirm)""#, #""full_name":"\#(names[next(names.count)])""#,
      ]
      if next(3) > 0 { members.append(#""age":\#(ages[next(ages.count)])"#) }
      if next(2) == 0 { members.append(#""zip":"\#(next(2) == 0 ? "12345" : "1234")""#) }
      if next(4) == 0 { members.append(#""newsletter":\#(next(2) == 0 ? "\"on\"" : "false")"#) }
      return "{" + members.joined(separator: ",") + "}"
    }
  }

  /// The line the library's single-record API gives for `line`, as the NDJSON output writes it (a record cut
  /// short ends at the end of its line, not of a file).
  static func expectedLine(_ form: CompiledForm, _ line: String, number: Int) throws -> String {
    if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
      return #"{"line":\#(number),"error":"empty line"}"#
    }
    do {
      return #"{"line":\#(number),"# + (try form.validate(json: line).jsonText.dropFirst())
    } catch {
      let text = error.description.replacingOccurrences(of: "unexpected end of file", with: "unexpected end of line")
      let message = try JSONSerialization.data(
        withJSONObject: text, options: [.fragmentsAllowed, .withoutEscapingSlashes])
      return #"{"line":\#(number),"error":\#(String(decoding: message, as: UTF8.self))}"#
    }
  }

  /// The signup form.
  static func signup() throws -> CompiledForm {
    let result = try FormCompiler.compile(path: CLI.packageRoot.appendingPathComponent("Specs/signup.json").path)
    return try #require(result.form)
  }

  @Test(arguments: [1, 2, 4])
  func standardInputStreamMatchesTheLibraryLineForLine(jobs: Int) throws {
    let lines = Self.stream(count: 3000)
    let form = try Self.signup()
    let input = Data((lines.joined(separator: "\n") + "\n").utf8)
    let result = try CLI.run(
      ["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--jobs", "\(jobs)", "--format", "json"],
      stdin: input)
    #expect(result.status == 1)
    #expect(result.stderr == "")
    let output = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    #expect(output.count == lines.count + 1 && output.last == "")
    for (index, line) in lines.enumerated() where index < output.count {
      let expected = try Self.expectedLine(form, line, number: index + 1)
      #expect(output[index] == expected, "line \(index + 1): \(line)")
      if output[index] != expected { break }
    }
  }

  @Test func textFormatSummarizesOnStandardError() throws {
    let lines = Self.stream(count: 500)
    let result = try CLI.run(
      ["validate", "Specs/signup.json", "--input", "-", "--ndjson"], stdin: Data(lines.joined(separator: "\n").utf8))
    #expect(result.status == 1)
    var valid = 0
    var invalid = 0
    var malformed = 0
    for line in result.stdout.split(separator: "\n") {
      if line.contains(#""valid":true"#) {
        valid += 1
      } else if line.contains(#""valid":false"#) {
        invalid += 1
      } else {
        malformed += 1
      }
    }
    #expect(valid + invalid + malformed == 500)
    #expect(result.stderr == "<stdin>: 500 records: \(valid) valid, \(invalid) invalid, \(malformed) malformed\n")
  }

  @Test func fileExtensionsSelectNDJSONAndAllValidExitsZero() throws {
    let record =
      #"{"email":"ada@example.com","password":"secret1","password_confirm":"secret1","full_name":"Ada Lovelace","zip":"10115"}"#
    for fileExtension in ["ndjson", "jsonl"] {
      let url = FileManager.default.temporaryDirectory.appendingPathComponent(
        "pureform-\(UUID().uuidString).\(fileExtension)")
      try Data((record + "\n" + record + "\n").utf8).write(to: url)
      defer { try? FileManager.default.removeItem(at: url) }
      let result = try CLI.run(["validate", "Specs/signup.json", "--input", url.path])
      #expect(result.status == 0)
      #expect(result.stdout.hasPrefix(#"{"line":1,"valid":true,"values":{"email":"ada@example.com""#))
      #expect(result.stdout.split(separator: "\n").last?.hasPrefix(#"{"line":2,"valid":true"#) == true)
      #expect(result.stderr == "\(url.path): 2 records: 2 valid, 0 invalid, 0 malformed\n")
    }
  }

  @Test(arguments: [1, 2])
  func eachLineIsAnsweredBeforeTheNextOneArrives(jobs: Int) throws {
    let process = Process()
    process.executableURL = CLI.binary
    process.arguments = ["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--jobs", "\(jobs)"]
    process.currentDirectoryURL = CLI.packageRoot
    let input = Pipe()
    let output = Pipe()
    process.standardInput = input
    process.standardOutput = output
    process.standardError = Pipe()
    try process.run()
    defer {
      if process.isRunning { process.terminate() }
    }
    let record = #"{"email":"ada@example.com","password":"secret1","password_confirm":"secret1","full_name":"Ada"}"#
    for number in 1...3 {
      input.fileHandleForWriting.write(Data((record + "\n").utf8))
      // The answer must come while the input stays open and nothing more has been written.
      let answer = try #require(Self.readLine(output.fileHandleForReading, timeout: 30), "no answer to line \(number)")
      #expect(answer.hasPrefix(#"{"line":\#(number),"valid":false"#))
    }
    try input.fileHandleForWriting.close()
    process.waitUntilExit()
    #expect(process.terminationStatus == 1)
  }

  /// Reads up to and including the next line feed, or nil after `timeout` seconds.
  static func readLine(_ handle: FileHandle, timeout: TimeInterval) -> String? {
    let box = LineBox()
    let done = DispatchSemaphore(value: 0)
    DispatchQueue.global().async {
      var bytes: [UInt8] = []
      while let byte = try? handle.read(upToCount: 1)?.first {
        bytes.append(byte)
        if byte == 0x0A { break }
      }
      box.set(String(decoding: bytes, as: UTF8.self))
      done.signal()
    }
    guard done.wait(timeout: .now() + timeout) == .success else { return nil }
    return box.get()
  }

  @Test func emptyStreamUsageErrorsAndPerRecordOptions() throws {
    let empty = try CLI.run(["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--format", "json"])
    #expect(empty.status == 0)
    #expect(empty.stdout == "")
    for jobs in ["0", "-1", "x"] {
      let bad = try CLI.run(["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--jobs", jobs])
      #expect(bad.status == 2, "--jobs \(jobs)")
    }
    let unknown = try CLI.run(["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--field", "emial"])
    #expect(unknown.status == 2)
    #expect(unknown.stderr.contains("did you mean 'email'"))
    let missing = try CLI.run(["validate", "Specs/signup.json", "--input", "no-such.ndjson"])
    #expect(missing.status == 2)
    let input = Data("{\"password\":\"abc\",\"email\":\"x\"}\n{\"password\":\"abcdefg\"}\n".utf8)
    let field = try CLI.run(
      ["validate", "Specs/signup.json", "--input", "-", "--ndjson", "--field", "password", "--format", "json"],
      stdin: input)
    #expect(field.status == 1)
    let lines = field.stdout.split(separator: "\n").map(String.init)
    #expect(lines.count == 2)
    let first = #"{"line":1,"valid":false,"failures":[{"key":"password","path":"/password","validator":"min_length""#
    #expect(lines[0].hasPrefix(first))
    #expect(lines[1] == #"{"line":2,"valid":true,"values":{"password":"abcdefg"}}"#)
  }
}

/// A line read on another thread, handed over under a lock.
private final class LineBox: @unchecked Sendable {
  private let lock = NSLock()
  private var line: String?

  func set(_ value: String) {
    lock.lock()
    line = value
    lock.unlock()
  }

  func get() -> String? {
    lock.lock()
    defer { lock.unlock() }
    return line
  }
}

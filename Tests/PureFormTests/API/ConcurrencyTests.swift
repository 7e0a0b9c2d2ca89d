import Foundation
import Testing

@testable import PureForm

/// One compiled form validating from many tasks at once gives exactly the serial results.
@Suite struct ConcurrencyTests {
  static let spec = """
    [
      {"<A + B>": {"f?": {"<key>": "account.email", "<validators>": {"required": true, "type": "email"}}}},
      {"<= + =>": {"f?": {"<key>": "account.password", "<validators>": {"min_length": 6, "custom": "(?=.*[0-9]).+",
                                                                   "equal_next": true}}}},
      {"<= + =>": {"f?": {"<key>": "account.confirm", "<persist>": false}}},
      {"<= + =>": {"f?": {"<key>": "name", "<validators>": {"type": "full_name"}}}},
      {"<= + =>": {"f?": {"<key>": "age", "<type>": "integer", "<validators>": {"min_value": 13, "max_value": 120}}}},
      {"<= + =>": {"f?": {"<key>": "word", "<validators>": {"custom": "(a+)+"}}}}
    ]
    """

  /// A deterministic variety of records: valid, invalid, mismatched, hostile.
  static func record(_ index: Int) -> String {
    let emails = ["ada@example.com", "nope", "", "x@y"]
    let passwords = ["secret1", "short", "nodigits", "s3cret!!"]
    let names = ["Ada Lovelace", "ada", "Zoë Ñúñez", "R2 D2"]
    let ages = ["36", "12", "\"121\"", "\"x\"", "null"]
    let words = ["aaa", String(repeating: "a", count: 30) + "!", "a", ""]
    let password = passwords[index % passwords.count]
    let confirm = index % 3 == 0 ? "other" : password
    return """
      {"account": {"email": "\(emails[index % emails.count])", "password": "\(password)", "confirm": "\(confirm)"},
       "name": "\(names[index / 2 % names.count])", "age": \(ages[index % ages.count]),
       "word": "\(words[index / 3 % words.count])"}
      """
  }

  @Test func manyTasksGiveTheSerialResults() async throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let records = (0..<200).map(Self.record)
    let serial = try records.map { try form.validate(json: $0, options: ValidationOptions(allFailures: true)) }
    #expect(serial.contains { $0.isValid })
    #expect(serial.contains { $0.failures.contains { $0.reason.hasPrefix("pattern gave up") } })
    let concurrent = try await withThrowingTaskGroup(of: [(Int, ValidationResult)].self) { group in
      for worker in 0..<16 {
        group.addTask {
          var results: [(Int, ValidationResult)] = []
          for round in 0..<5 {
            for index in stride(from: (worker + round) % 16, to: records.count, by: 16) {
              results.append(
                (index, try form.validate(json: records[index], options: ValidationOptions(allFailures: true))))
            }
          }
          return results
        }
      }
      var all: [(Int, ValidationResult)] = []
      for try await results in group { all += results }
      return all
    }
    #expect(concurrent.count == records.count * 5)
    for (index, result) in concurrent {
      #expect(result == serial[index], "record \(index)")
      #expect(result.jsonText == serial[index].jsonText)
    }
  }

  @Test func threadsShareOneFormToo() throws {
    let form = try #require(FormCompiler.compile(string: Self.spec).form)
    let records = (0..<64).map(Self.record)
    let serial = try records.map { try form.validate(json: $0).jsonText }
    let outputs = Outputs(count: records.count)
    DispatchQueue.concurrentPerform(iterations: records.count * 4) { iteration in
      let index = iteration % records.count
      outputs.set(index, (try? form.validate(json: records[index]).jsonText) ?? "error")
    }
    #expect(outputs.all == serial)
  }
}

/// Results written by many threads, one slot each, under a lock.
private final class Outputs: @unchecked Sendable {
  private let lock = NSLock()
  private var slots: [String]

  init(count: Int) { slots = Array(repeating: "", count: count) }

  func set(_ index: Int, _ value: String) {
    lock.lock()
    defer { lock.unlock() }
    if slots[index].isEmpty || slots[index] == value { slots[index] = value } else { slots[index] = "MISMATCH" }
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return slots
  }
}

import Foundation
import Testing

@testable import PureForm

/// The record plan of `spec` (which must compile without errors) for `options`.
func recordPlan(
  _ spec: String, options: ValidationOptions = ValidationOptions(),
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> RecordPlan {
  let form = try #require(FormCompiler.compile(string: spec).form, sourceLocation: sourceLocation)
  return RecordPlan(form.plan, run: try form.plan.runOptions(options))
}

/// A one-cell spec with one text field per key, in the order given (field `n` is `keys[n]`).
func keysSpec(_ keys: [String]) -> String {
  let views = keys.enumerated().map { index, key in
    #""f\#(index)?": {"<key>": \#(quoted(key))}"#
  }
  return #"[{"<A + B>": {\#(views.joined(separator: ", "))}}]"#
}

/// A source that hands out its bytes in pieces of 1, 2, …, 7, 1, 2, … bytes, whatever the room offered.
struct OddPieceSource: ByteSource {
  let bytes: [UInt8]
  var offset = 0
  var reads = 0

  init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(NDJSONError) -> Int {
    let count = min(reads % 7 + 1, buffer.count, bytes.count - offset)
    reads += 1
    guard count > 0 else { return 0 }
    for index in 0..<count { buffer[index] = bytes[offset + index] }
    offset += count
    return count
  }

  func isReady() -> Bool { true }
}

/// A source that hands out `pieces` one read each, never saying more is ready, then throws
/// `.readFailed(reason)` (or ends, when `reason` is nil).
struct ScriptedSource: ByteSource {
  let pieces: [[UInt8]]
  let reason: String?
  var next = 0

  init(_ pieces: [String], failingWith reason: String?) {
    self.pieces = pieces.map { Array($0.utf8) }
    self.reason = reason
  }

  mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws(NDJSONError) -> Int {
    guard next < pieces.count else {
      if let reason { throw .readFailed(reason) }
      return 0
    }
    let piece = pieces[next]
    precondition(piece.count <= buffer.count, "a scripted piece must fit the room offered")
    next += 1
    for (index, byte) in piece.enumerated() { buffer[index] = byte }
    return piece.count
  }

  func isReady() -> Bool { false }
}

/// The lines recorded for `lines` under `options`, as text, and how many records the kernel validated: the
/// stream's validator's lines, held to the library's results (`NDJSONStreamTests.compare`), or under the
/// pipeline's options, which the single-record API does not have, to the recorded lines alone
/// (`PipelineOptionsTests.kernelLines`); the stream with each job count of `jobs` must write the same bytes.
func recordedLines(
  _ form: CompiledForm, _ lines: [[UInt8]], options: ValidationOptions, jobs: [Int] = [],
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) throws -> (text: String, validated: Int) {
  let pipeline = options.idKey != nil || !options.includesValues
  let (expected, validated) =
    pipeline
    ? try PipelineOptionsTests.kernelLines(form, lines, options: options, sourceLocation: sourceLocation)
    : try NDJSONStreamTests.compare(form, lines, options: options, sourceLocation: sourceLocation)
  for jobs in jobs {
    let (output, _) = try form.validateNDJSON(NDJSONStreamTests.joined(lines), options: options, jobs: jobs)
    #expect(NDJSONStreamTests.difference(output, expected) == nil, "jobs \(jobs)", sourceLocation: sourceLocation)
  }
  return (String(decoding: expected, as: UTF8.self), validated)
}

/// A line for every two of `members` (each with itself too), `line(first, second)`, in order.
func pairLines(_ members: [String], _ line: (String, String) -> String) -> [[UInt8]] {
  members.flatMap { first in members.map { second in Array(line(first, second).utf8) } }
}

extension NDJSONRecordGenerator {
  /// Each of `choices` absent or one of its values, drawn in order: the members present.
  mutating func members(of choices: [(key: String, values: [String])]) -> [(key: String, value: String)] {
    choices.compactMap { key, values in
      let pick = below(values.count + 1)
      return pick < values.count ? (key, values[pick]) : nil
    }
  }
}

/// The text of output bytes, split into lines (the final line feed starts no line).
func outputLines(_ bytes: [UInt8]) -> [String] {
  String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
    String.init)
}

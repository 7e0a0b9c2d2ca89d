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

/// The text of output bytes, split into lines (the final line feed starts no line).
func outputLines(_ bytes: [UInt8]) -> [String] {
  String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false).dropLast().map(
    String.init)
}

import Foundation
import Testing

@testable import PureForm

/// The outputs the record kernel is held to in the tests that feed it many generated records: recorded
/// once from the exact path (the second engine, kept until the kernel took every record) and stored under
/// `Tests/References/`, one file per comparison, a line per record: a 32-bit digest of its output (the
/// outputs themselves were 125 MB).
///
/// A comparison is named by what decides its outputs: a kind (`ndjson`, `library`, …), the form's spec
/// text and keys, the options and its first 50 input records (a run at a tenth of the scale,
/// `PUREFORM_TEST_SCALE=tenth`, checks the first lines of the same file, its records being the first ones).
/// Changing any of them asks for a new recording: `PUREFORM_RECORD_REFERENCES=1 swift test --filter …`
/// writes the outputs' digests the tests compute (a changed line in `git diff Tests/References` is a
/// record whose output changed).
enum ReferenceOutputs {
  /// Where the recordings are.
  static let directory = NDJSONStreamTests.root.appendingPathComponent("Tests/References")

  /// Whether this run records instead of comparing.
  static let isRecording = ProcessInfo.processInfo.environment["PUREFORM_RECORD_REFERENCES"] == "1"

  /// Compares `outputs` (one line per record of `inputs`) with the recording for this comparison, recording
  /// them instead when `isRecording`; records an issue naming the first lines that differ.
  static func check(
    _ outputs: [String], kind: String, form: CompiledForm, options: String, inputs: [[UInt8]],
    sourceLocation: Testing.SourceLocation = #_sourceLocation
  ) {
    var nameParts = [Array(kind.utf8), form.source.bytes, Array(form.fieldKeys.joined(separator: "\n").utf8)]
    nameParts += [Array(options.utf8)] + inputs.prefix(50)
    let name = "\(kind)-\(hex(digest(nameParts))).txt"
    let file = directory.appendingPathComponent(name)
    let lines = outputs.map { output in
      String(hex(digest([Array((output.hasSuffix("\n") ? String(output.dropLast()) : output).utf8)])).suffix(8))
    }
    if isRecording {
      try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
      do { try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: file) } catch {
        Issue.record("cannot record \(name): \(error)", sourceLocation: sourceLocation)
      }
      return
    }
    guard let data = FileManager.default.contents(atPath: file.path) else {
      Issue.record(
        "no recorded outputs for this \(kind) comparison (\(name)): PUREFORM_RECORD_REFERENCES=1 records them",
        sourceLocation: sourceLocation)
      return
    }
    let expected = String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
    #expect(expected.count >= lines.count, "\(name) records fewer outputs", sourceLocation: sourceLocation)
    var differences = 0
    for (index, line) in lines.enumerated() where index >= expected.count || expected[index] != line {
      differences += 1
      guard differences <= 5 else { break }
      Issue.record(
        """
        \(kind) output \(index + 1) of \(name) is not the one recorded
          input:  \(String(decoding: inputs[index], as: UTF8.self).debugDescription)
          output: \(outputs[index])
        """, sourceLocation: sourceLocation)
    }
  }

  /// A 64-bit FNV-1a digest of `parts`, each followed by a byte no UTF-8 text holds, so that they cannot
  /// run into each other.
  static func digest(_ parts: [[UInt8]]) -> UInt64 {
    var digest: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in parts {
      for byte in part + [0xFF] {
        digest ^= UInt64(byte)
        digest &*= 0x100_0000_01b3
      }
    }
    return digest
  }

  /// `value` as 16 hexadecimal digits.
  static func hex(_ value: UInt64) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: 16 - digits.count) + digits
  }
}

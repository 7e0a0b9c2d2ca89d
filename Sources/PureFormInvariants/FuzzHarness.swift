import Foundation
import PureForm

/// What a fuzz executable does around its invariant check: run one input for libFuzzer, or replay a
/// corpus of files when built normally (so the seed corpus and every past crash run in `make test`).
package enum FuzzHarness {
  /// Checks one input; a violated invariant stops the process, which libFuzzer records as a crash.
  package static func run(_ data: UnsafePointer<UInt8>, _ size: Int, _ check: ([UInt8]) -> String?) {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let problem = check(bytes) {
      FileHandle.standardError.write(Data("invariant violated: \(problem)\n".utf8))
      abort()
    }
  }

  /// Replays every file under the given directories (or files) through `check` and prints
  /// `N passed, M failed`, after `note`'s line if it gives one; returns the number of failures.
  package static func replay(
    _ paths: [String], _ check: ([UInt8]) -> String?, note: () -> String? = { nil }
  ) -> Int {
    var passed = 0
    var failed = 0
    for file in paths.flatMap(files(under:)).sorted() {
      guard let data = FileManager.default.contents(atPath: file) else { continue }
      if let problem = check([UInt8](data)) {
        print("FAIL \(file): \(problem)")
        failed += 1
      } else {
        passed += 1
      }
    }
    if let note = note() { print(note) }
    print("\(passed) passed, \(failed) failed")
    return failed
  }

  private static func files(under path: String) -> [String] {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
    guard isDirectory.boolValue else { return [path] }
    let names = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
    return names.map { path + "/" + $0 }.filter { file in
      var nested: ObjCBool = false
      return FileManager.default.fileExists(atPath: file, isDirectory: &nested) && !nested.boolValue
    }
  }
}

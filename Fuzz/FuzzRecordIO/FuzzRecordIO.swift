import Foundation
import PureForm
import PureFormInvariants

/// libFuzzer's entry point: one input through `InvariantChecks.recordIO`, its first byte choosing the case.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRecordIO(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzHarness.run(data, size) { InvariantChecks.recordIO($0, mode: .chosen) }
  return 0
}

#if !FUZZING
  /// Without libFuzzer: replays the files named on the command line (the corpus and past crashes), each
  /// under every case, and says how many lines the kernel validated (the rest being no JSON object).
  @main
  enum Replay {
    static func main() {
      var counts = InvariantChecks.RecordIOCounts()
      let failures = FuzzHarness.replay(Array(CommandLine.arguments.dropFirst())) {
        InvariantChecks.recordIO($0, mode: .every, counts: &counts)
      } note: {
        "the kernel validated \(counts.validated) of \(counts.records) lines (fuzzed lines, by spec and option set; the rest are no JSON object)"
      }
      exit(failures == 0 ? 0 : 1)
    }
  }
#endif

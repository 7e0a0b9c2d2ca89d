import Foundation
import PureForm
import PureFormInvariants

/// libFuzzer's entry point: one input through `InvariantChecks.jsonReader`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzJSONReader(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzHarness.run(data, size) { InvariantChecks.jsonReader($0, mode: .chosen) }
  return 0
}

#if !FUZZING
  /// Without libFuzzer: replays the files named on the command line (the corpus and past crashes).
  @main
  enum Replay {
    static func main() {
      let failures = FuzzHarness.replay(Array(CommandLine.arguments.dropFirst())) {
        InvariantChecks.jsonReader($0, mode: .every)
      }
      exit(failures == 0 ? 0 : 1)
    }
  }
#endif

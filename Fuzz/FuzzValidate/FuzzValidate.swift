import Foundation
import PureForm
import PureFormInvariants

/// libFuzzer's entry point: one input through `InvariantChecks.validate`, its first byte choosing the case.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzValidate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzHarness.run(data, size) { InvariantChecks.validate($0, mode: .chosen) }
  return 0
}

#if !FUZZING
  /// Without libFuzzer: replays the files named on the command line (the corpus and past crashes), each
  /// under every case.
  @main
  enum Replay {
    static func main() {
      let failures = FuzzHarness.replay(Array(CommandLine.arguments.dropFirst())) {
        InvariantChecks.validate($0, mode: .every)
      }
      exit(failures == 0 ? 0 : 1)
    }
  }
#endif

import Foundation
import PureForm
import PureFormInvariants

/// libFuzzer's entry point: one input through `InvariantChecks.stringsTable`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStrings(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
  FuzzHarness.run(data, size, InvariantChecks.stringsTable)
  return 0
}

#if !FUZZING
  /// Without libFuzzer: replays the files named on the command line (the corpus and past crashes).
  @main
  enum Replay {
    static func main() {
      let failures = FuzzHarness.replay(Array(CommandLine.arguments.dropFirst()), InvariantChecks.stringsTable)
      exit(failures == 0 ? 0 : 1)
    }
  }
#endif

internal import CPCRE2

/// The mutable per-thread state PCRE2 needs to match.
///
/// Match data, a match context with the limits, and a JIT stack. One scratch serves every pattern of a form, but must never be used by two threads at once.
final class RegexScratch {
  /// The JIT stack's initial and largest size: long subjects need more than PCRE2's default 32 KiB.
  static let jitStackSize = (start: 32 * 1024, maximum: 1024 * 1024)

  private let matchData: OpaquePointer
  private let context: OpaquePointer
  private let jitStack: OpaquePointer?

  /// The outcome of matching a whole value.
  enum Outcome: Equatable, Sendable {
    case match
    case noMatch
    /// PCRE2 gave up (match, depth or heap limit, or another error); the text says which.
    case gaveUp(String)
  }

  /// Allocates the state; returns nil only if memory runs out.
  init?() {
    guard let matchData = pcre2_match_data_create_8(1, nil) else { return nil }
    guard let context = pcre2_match_context_create_8(nil) else {
      pcre2_match_data_free_8(matchData)
      return nil
    }
    pcre2_set_match_limit_8(context, CompiledPattern.matchLimit)
    pcre2_set_depth_limit_8(context, CompiledPattern.depthLimit)
    pcre2_set_heap_limit_8(context, CompiledPattern.heapLimitKiB)
    let stack = pcre2_jit_stack_create_8(
      RegexScratch.jitStackSize.start, RegexScratch.jitStackSize.maximum, nil)
    if let stack { pcre2_jit_stack_assign_8(context, nil, UnsafeMutableRawPointer(stack)) }
    self.matchData = matchData
    self.context = context
    self.jitStack = stack
  }

  /// The pointers a match needs, without the object that owns them (`RegexScratch.handles`).
  struct Handles {
    let matchData: OpaquePointer
    let context: OpaquePointer

    /// Matches compiled PCRE2 `code` against `count` bytes of valid UTF-8 at `subject`: PCRE2's result code.
    ///
    /// The code is a `CompiledPattern`'s, kept alive by the caller; `subject` must not be null. The result is 0 or
    /// more for a match, `PCRE2_ERROR_NOMATCH`, or why it gave up. The record kernel calls this for each pattern
    /// check.
    @inline(__always)
    func match(code: OpaquePointer, _ subject: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
      pcre2_match_8(code, subject, count, 0, UInt32(PCRE2_NO_UTF_CHECK), matchData, context)
    }

    /// `match(code:_:_:)` through PCRE2's JIT fast path, for code that was JIT-compiled (`CompiledPattern.isJIT`).
    ///
    /// It skips `pcre2_match`'s sanity checks (the subject's UTF-8 check among them); the match context's
    /// limits still apply.
    @inline(__always)
    func matchJIT(code: OpaquePointer, _ subject: UnsafePointer<UInt8>, _ count: Int) -> Int32 {
      pcre2_jit_match_8(code, subject, count, 0, 0, matchData, context)
    }
  }

  deinit {
    if let jitStack { pcre2_jit_stack_free_8(jitStack) }
    pcre2_match_context_free_8(context)
    pcre2_match_data_free_8(matchData)
  }

  /// Matches `regex` against the whole of `value` (the pattern is anchored at both ends, as NSPredicate
  /// MATCHES is).
  func matchWhole(_ regex: CompiledPattern, _ value: String) -> Outcome {
    var value = value
    return value.withUTF8 { buffer in matchWhole(regex, buffer) }
  }

  /// The match state as plain pointers, for a caller that matches in a hot loop.
  ///
  /// Copying it retains nothing; it is valid while this scratch lives.
  var handles: Handles { Handles(matchData: matchData, context: context) }

  /// The result code of a match that found none.
  static let noMatch = PCRE2_ERROR_NOMATCH

  /// Matches `regex` against the whole of a UTF-8 buffer that is known to be valid UTF-8.
  func matchWhole(_ regex: CompiledPattern, _ buffer: UnsafeBufferPointer<UInt8>) -> Outcome {
    // The pattern is anchored at both ends when compiled (`CompiledPattern.init`); anchoring options here would turn
    // the JIT off.
    let options = UInt32(PCRE2_NO_UTF_CHECK)
    // An empty buffer may have a nil base address; PCRE2 wants a valid pointer even for length 0.
    let empty: [UInt8] = [0]
    let result: Int32 = empty.withUnsafeBufferPointer { fallback in
      let subject = buffer.baseAddress ?? fallback.baseAddress
      return pcre2_match_8(regex.code, subject, buffer.count, 0, options, matchData, context)
    }
    if result >= 0 { return .match }
    if result == PCRE2_ERROR_NOMATCH { return .noMatch }
    return .gaveUp(Self.whyGaveUp(Self.gaveUpCode(result)))
  }

  /// The code a match that ended with error `result` is reported under: its own when it is one of
  /// `gaveUpCodes`, else `PCRE2_ERROR_INTERNAL` (a subject checked and options of our own leave no other).
  static func gaveUpCode(_ result: Int32) -> Int32 {
    gaveUpCodes.contains(result) ? result : PCRE2_ERROR_INTERNAL
  }

  /// The reason of a pattern check's failure when its match gave up for `why`.
  static func gaveUpReason(_ why: String) -> String { "pattern gave up: " + why }

  /// Why a match that ended with error code `result` gave up, as a failure's reason says it.
  static func whyGaveUp(_ result: Int32) -> String {
    switch result {
    case PCRE2_ERROR_MATCHLIMIT:
      return "the pattern needed more than \(CompiledPattern.matchLimit) backtracking steps"
    case PCRE2_ERROR_DEPTHLIMIT:
      return "the pattern nested deeper than \(CompiledPattern.depthLimit) backtracking levels"
    case PCRE2_ERROR_HEAPLIMIT:
      return "the pattern needed more than \(CompiledPattern.heapLimitKiB) KiB of backtracking memory"
    default:
      return CompiledPattern.message(for: result)
    }
  }

  /// The error codes a match gives up with, which the record kernel renders failures for ahead (`whyGaveUp`
  /// of each): a limit, memory, a recursion that loops, and PCRE2's internal error, which stands for any
  /// other (`gaveUpCode`).
  static let gaveUpCodes: [Int32] = [
    PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT,
    PCRE2_ERROR_NOMEMORY, PCRE2_ERROR_RECURSELOOP, PCRE2_ERROR_INTERNAL,
  ]
}

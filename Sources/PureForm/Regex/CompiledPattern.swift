internal import CPCRE2

/// A PCRE2 pattern compiled once (with JIT where PCRE2 has it), anchored, and matched against whole values.
///
/// Owns the `pcre2_code` and frees it in `deinit`, as Yams' `Parser` owns libyaml's state. A compiled
/// pattern is read-only after `init`, which PCRE2 documents as safe to share between threads; the
/// per-thread state (match data, match context, JIT stack) lives in `RegexScratch`.
final class CompiledPattern: @unchecked Sendable {
  /// Why a pattern did not compile.
  struct CompileError: Error, Hashable, Sendable {
    /// PCRE2's own message, lowercased at the start, with no final period.
    var message: String
    /// The UTF-8 byte offset in the pattern where PCRE2 stopped.
    var utf8Offset: Int
  }

  /// Patterns longer than this are refused before PCRE2 sees them.
  static let maximumPatternLength = 16_384
  /// Parentheses nested deeper than this are refused by PCRE2 (its own default is 250).
  static let parenthesesNestLimit: UInt32 = 250
  /// The backtracking budget of one match: `(a+)+$` on forty `a`s and a `!` stops here in about 2 ms.
  static let matchLimit: UInt32 = 100_000
  /// The interpreter's recursion depth budget (JIT ignores it; the match limit bounds JIT).
  static let depthLimit: UInt32 = 10_000
  /// The cap on memory PCRE2 may use for backtracking in one match, in KiB.
  static let heapLimitKiB: UInt32 = 20_480

  /// The pattern as the spec wrote it.
  let pattern: String
  let code: OpaquePointer
  /// Whether JIT compilation succeeded; matching falls back to the interpreter otherwise.
  let isJIT: Bool

  /// Compiles `pattern` with UTF and Unicode properties on, so `\w`, `\d` and `[[:alpha:]]` match
  /// Unicode as ICU (NSPredicate) does, anchored at both ends so it matches whole values only.
  ///
  /// The anchors are compile options, not match options: PCRE2's JIT does not support `PCRE2_ANCHORED`
  /// or `PCRE2_ENDANCHORED` at match time, and `pcre2_match` silently falls back to the interpreter when
  /// they are passed there.
  init(_ pattern: String) throws(CompileError) {
    let utf8 = Array(pattern.utf8)
    if utf8.count > CompiledPattern.maximumPatternLength {
      throw CompileError(
        message: "pattern is longer than \(CompiledPattern.maximumPatternLength) bytes",
        utf8Offset: CompiledPattern.maximumPatternLength)
    }
    guard let context = pcre2_compile_context_create_8(nil) else {
      throw CompileError(message: "out of memory", utf8Offset: 0)
    }
    defer { pcre2_compile_context_free_8(context) }
    pcre2_set_parens_nest_limit_8(context, CompiledPattern.parenthesesNestLimit)
    pcre2_set_max_pattern_length_8(context, utf8.count + 1)

    var errorCode: Int32 = 0
    var errorOffset = 0
    let options = UInt32(PCRE2_UTF | PCRE2_UCP) | PCRE2_ANCHORED | PCRE2_ENDANCHORED
    let compiled = utf8.withUnsafeBufferPointer { buffer in
      pcre2_compile_8(buffer.baseAddress, buffer.count, options, &errorCode, &errorOffset, context)
    }
    guard let compiled else {
      throw CompileError(message: CompiledPattern.message(for: errorCode), utf8Offset: errorOffset)
    }
    self.pattern = pattern
    self.code = compiled
    self.isJIT = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE)) == 0
  }

  deinit {
    pcre2_code_free_8(code)
  }

  /// PCRE2's text for an error code, with its first letter lowercased as diagnostics are written.
  static func message(for errorCode: Int32) -> String {
    var buffer = [UInt8](repeating: 0, count: 256)
    let length = buffer.withUnsafeMutableBufferPointer { pointer in
      pcre2_get_error_message_8(errorCode, pointer.baseAddress, pointer.count)
    }
    guard length > 0 else { return "PCRE2 error \(errorCode)" }
    var text = String(decoding: buffer[0..<Int(length)], as: UTF8.self)
    if let first = text.first, first.isUppercase, text.dropFirst().first?.isLowercase ?? true {
      text = first.lowercased() + text.dropFirst()
    }
    return text
  }
}

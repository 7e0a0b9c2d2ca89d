/// The outcome of compiling one spec: every diagnostic, and the form when there was no error.
public struct CompileResult: Sendable {
  /// The spec that was compiled.
  public let source: SourceFile
  /// Every finding, sorted by position.
  public let diagnostics: [Diagnostic]
  /// The compiled form; nil when any diagnostic is an error.
  public let form: CompiledForm?

  /// The number of errors.
  public var errorCount: Int { diagnostics.reduce(0) { $0 + ($1.severity == .error ? 1 : 0) } }
  /// The number of warnings.
  public var warningCount: Int { diagnostics.reduce(0) { $0 + ($1.severity == .warning ? 1 : 0) } }
}

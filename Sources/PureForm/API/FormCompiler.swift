import Foundation

/// Compiles PureForm specs: JSON syntax, then structure, then the typed model.
///
/// ```swift
/// let result = FormCompiler.compile(string: #"[{"<Cell + Id>": {"field?": {"<key>": "a"}}}]"#)
/// print(result.errorCount)  // 0
/// ```
public enum FormCompiler {
  /// Compiles a spec already in memory.
  public static func compile(_ source: SourceFile, options: CompileOptions = CompileOptions()) -> CompileResult {
    compile(source, options: options, readingConcurrentlyFrom: concurrentReadingSize)
  }

  /// Checks a spec already in memory: the diagnostics of `compile(_:options:)`, in the same order, and no
  /// form.
  ///
  /// What `pureform check` runs: the compiled cells are dropped as soon as the checks over the whole form
  /// have what they read of them, so checking a large spec holds its bytes and its diagnostics, not its
  /// model. A spec whose cells go back to an earlier section is compiled again keeping them (the key check
  /// then needs the model in section order).
  package static func check(_ source: SourceFile, options: CompileOptions = CompileOptions()) -> CompileResult {
    let lean = compile(source, options: options, readingConcurrentlyFrom: concurrentReadingSize, keepsCells: false)
    guard let lean else {
      let full = compile(source, options: options)
      return CompileResult(source: source, diagnostics: full.diagnostics, form: nil)
    }
    return lean
  }

  /// Compiles a spec already in memory, reading it on a second thread when it has at least `threshold`
  /// bytes; the result is the same either way (tests compare both).
  static func compile(
    _ source: SourceFile, options: CompileOptions, readingConcurrentlyFrom threshold: Int
  ) -> CompileResult {
    // Keeping the cells, the compiler never needs them again.
    compile(source, options: options, readingConcurrentlyFrom: threshold, keepsCells: true)
      ?? CompileResult(source: source, diagnostics: [], form: nil)
  }

  /// Compiles a spec, keeping its cells for the form when `keepsCells` (else the result has no form); nil
  /// when the cells were not kept and the checks over the whole form needed them.
  private static func compile(
    _ source: SourceFile, options: CompileOptions, readingConcurrentlyFrom threshold: Int, keepsCells: Bool
  ) -> CompileResult? {
    // Each cell is compiled as soon as it is read, so the spec's whole JSON tree is never held; a large spec
    // is read on a second thread, which also looks for duplicate keys, while the cells read so far are compiled.
    var compiler = SpecCompiler(
      file: source, strings: options.strings, validators: options.validators, keepsCells: keepsCells,
      includes: options.includes)
    compiler.reserveKeys(forSpecOf: source.bytes.count)
    compiler.silenced = options.silencedWarnings
    let (root, syntaxDiagnostics) =
      source.bytes.count >= threshold
      ? ElementHandoff.read(source, checking: DuplicateKeyCheck.diagnostics) {
        compiler.compileElement($0, duplicateKeys: $1)
      }
      : JSONReader.read(source) { compiler.compileElement($0) }
    // After a syntax error the tree is a best guess; structure findings on it would mostly be noise.
    guard let root, !syntaxDiagnostics.contains(where: { $0.severity == .error }) else {
      return CompileResult(source: source, diagnostics: sorted(syntaxDiagnostics), form: nil)
    }
    if compiler.needsCells { return nil }
    let model = compiler.finish(root: root)
    let sources = compiler.sources
    // Taken out of the compiler, so that no change below copies them all.
    var diagnostics = compiler.diagnostics
    compiler.diagnostics = []
    if !syntaxDiagnostics.isEmpty { diagnostics = syntaxDiagnostics + diagnostics }
    diagnostics = sorted(diagnostics, in: sources)
    // Findings not made through `SpecCompiler.report` (the readers', duplicate keys) are silenced here.
    if !options.silencedWarnings.isEmpty {
      diagnostics.removeAll { $0.severity != .error && options.silencedWarnings.contains($0.code) }
    }
    if sources.hasIncludes { diagnostics = diagnostics.map(sources.attributed) }
    let hasErrors = diagnostics.contains { $0.severity == .error }
    return CompileResult(
      source: source, diagnostics: diagnostics,
      form: hasErrors || !keepsCells
        ? nil : CompiledForm(sources: sources, model: model, patterns: compiler.patterns, options: options))
  }

  /// Compiles a spec from a string; `name` labels its diagnostics.
  public static func compile(
    string: String, name: String = "<string>", options: CompileOptions = CompileOptions()
  ) -> CompileResult {
    compile(SourceFile(name: name, text: string), options: options)
  }

  /// Compiles a spec from raw bytes; `name` labels its diagnostics.
  public static func compile(
    bytes: [UInt8], name: String = "<bytes>", options: CompileOptions = CompileOptions()
  ) -> CompileResult {
    compile(SourceFile(name: name, bytes: bytes), options: options)
  }

  /// Reads and compiles the spec at `path`; throws only when the file cannot be read.
  public static func compile(path: String, options: CompileOptions = CompileOptions()) throws -> CompileResult {
    compile(try SourceFile(contentsOf: path), options: options)
  }

  /// The size from which a spec is read on a thread of its own while it is compiled: below it, starting a
  /// thread costs more than it saves.
  static let concurrentReadingSize = 1 << 20

  /// Orders diagnostics by position in reading order (a file's findings where it is included), keeping the
  /// order found for equal positions.
  private static func sorted(_ diagnostics: [Diagnostic], in sources: SpecSources) -> [Diagnostic] {
    guard sources.hasIncludes else { return sorted(diagnostics) }
    return diagnostics.enumerated().map { (sources.readingOrder(ofOffset: $0.element.range.start.offset), $0) }
      .sorted { left, right in
        left.0.lexicographicallyPrecedes(right.0) || (left.0 == right.0 && left.1.offset < right.1.offset)
      }.map(\.1.element)
  }

  /// Orders diagnostics by position, keeping the order found for equal positions.
  private static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
    // Found in source order, as they nearly always are, they are returned as they are, without copies.
    let inOrder = zip(diagnostics, diagnostics.dropFirst()).allSatisfy {
      $0.range.start.offset <= $1.range.start.offset
    }
    if inOrder { return diagnostics }
    return diagnostics.enumerated().sorted {
      ($0.element.range.start.offset, $0.offset) < ($1.element.range.start.offset, $1.offset)
    }.map(\.element)
  }
}

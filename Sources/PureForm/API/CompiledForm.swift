/// A spec compiled without errors: immutable, and safe to share between threads.
///
/// Validate values with `validate(json:options:)` or `validate(_:options:)`, from any number of threads at
/// once.
public struct CompiledForm: Sendable {
  /// The spec it was compiled from.
  public let source: SourceFile
  /// The spec and the files it includes, which give each position of the model its file.
  let sources: SpecSources
  let model: FormModel
  /// The options it was compiled with.
  let options: CompileOptions
  /// Builds the validation plan on first use, so compiling only to check a spec never builds it.
  private let lazyPlan: LazyPlan
  /// Everything validation needs, built once from the model (on first use).
  var plan: ValidationPlan { lazyPlan.plan }
  /// The record plan for the default options and engines on it: what `validate(json:)` runs.
  var engines: RecordEnginePool { lazyPlan.engines }
  /// The record plan for the options `run` and engines on it, built on first use.
  func engines(for run: RunOptions) -> RecordEnginePool { lazyPlan.engines(for: run) }

  init(
    sources: SpecSources, model: FormModel, patterns: [String: CompiledPattern], options: CompileOptions
  ) {
    self.source = sources.top
    self.sources = sources
    self.model = model
    self.options = options
    self.lazyPlan = LazyPlan(model: model, sources: sources, patterns: patterns, options: options)
  }
}

extension CompiledForm {
  /// The paths of the files the spec includes (`<include>`), relative to its folder, in the order first met;
  /// empty for a spec that includes none.
  public var includedFiles: [String] {
    var seen = Set<String>()
    return sources.included.map(\.path).filter { seen.insert($0).inserted }
  }
}

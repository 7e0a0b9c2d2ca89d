/// A spec compiled without errors: immutable, and safe to share between threads.
///
/// Validate values with `validate(json:options:)` or `validate(_:options:)`, from any number of threads at
/// once.
public struct CompiledForm: Sendable {
  /// The spec it was compiled from.
  public let source: SourceFile
  let model: FormModel
  /// The options it was compiled with.
  let options: CompileOptions
  /// Builds the validation plan on first use, so compiling only to check a spec never builds it.
  private let lazyPlan: LazyPlan
  /// Everything validation needs, built once from the model (on first use).
  var plan: ValidationPlan { lazyPlan.plan }

  init(source: SourceFile, model: FormModel, patterns: [String: CompiledPattern], options: CompileOptions) {
    self.source = source
    self.model = model
    self.options = options
    self.lazyPlan = LazyPlan(model: model, patterns: patterns, options: options)
  }
}

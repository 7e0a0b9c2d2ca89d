import Synchronization

/// A form's validation plan, built the first time something asks for it and kept from then on.
///
/// Compiling a spec only to check it (`pureform check`) never validates anything, so it never pays for the
/// plan. Once built, reading it is one atomic load: a server validating on many threads at once shares no
/// lock per record. Two first requests at the same moment may both build it; one plan is kept.
final class LazyPlan: Sendable {
  /// The plan in a box, so that it can be published atomically.
  private final class Box: Sendable {
    let plan: ValidationPlan
    init(_ plan: ValidationPlan) { self.plan = plan }
  }

  /// The plan once built.
  private let built = AtomicLazyReference<Box>()
  /// The library call's record plan and engines once built.
  private let builtEngines = AtomicLazyReference<RecordEnginePool>()
  /// What the plan is built from.
  private let model: FormModel
  private let sources: SpecSources
  private let patterns: [String: CompiledPattern]
  private let options: CompileOptions

  /// Remembers what to build the plan from, without building it.
  init(model: FormModel, sources: SpecSources, patterns: [String: CompiledPattern], options: CompileOptions) {
    self.model = model
    self.sources = sources
    self.patterns = patterns
    self.options = options
  }

  /// The plan, built now if this is the first request.
  var plan: ValidationPlan {
    if let box = built.load() { return box.plan }
    let plan = ValidationPlan(
      model: model, sources: sources, patterns: patterns, transformers: options.transformers,
      settings: options.validationSettings)
    return built.storeIfNil(Box(plan)).plan
  }

  /// The record plan for the default options and the engines on it, built now if this is the first request.
  var engines: RecordEnginePool {
    if let pool = builtEngines.load() { return pool }
    return builtEngines.storeIfNil(RecordEnginePool(plan))
  }
}

import Foundation
import Synchronization

/// A form's validation plan, built the first time something asks for it and kept from then on.
///
/// Compiling a spec only to check it (`pureform check`) never validates anything, so it never pays for the
/// plan. Once built, reading it is one atomic load: a server validating on many threads at once shares no
/// lock per record. Two first requests at the same moment may both build it; one plan is kept.
///
/// `@unchecked Sendable`: its two variables are written only with `enginesLock` held, and `builtEngines`
/// is read without it only after `enginesBuilt` says it was written (and is never written again).
final class LazyPlan: @unchecked Sendable {
  /// The plan in a box, so that it can be published atomically.
  private final class Box: Sendable {
    let plan: ValidationPlan
    init(_ plan: ValidationPlan) { self.plan = plan }
  }

  /// The plan once built.
  private let built = AtomicLazyReference<Box>()
  /// Whether `builtEngines` holds the library call's engines.
  ///
  /// Set (releasing) once it does, and read (acquiring) before it is read. Not an `AtomicLazyReference`:
  /// its `load()` is generic code that instantiates type metadata on every call, a twentieth of the
  /// library call's time; an `Atomic<Bool>` load is one instruction.
  private let enginesBuilt = Atomic<Bool>(false)
  /// The library call's record plan and engines once built: written once, under `enginesLock`, before
  /// `enginesBuilt` is set, and never after.
  private var builtEngines: RecordEnginePool?
  /// The engines for other options (`engines(for:)`), by the options that shape a `ValidationResult` (the
  /// NDJSON-only ones left at their defaults).
  ///
  /// Only touched with `enginesLock` held. A form has finitely many (two settings per flag, one field or
  /// none).
  private var enginesByOptions: [RunOptions: RecordEnginePool] = [:]
  private let enginesLock = NSLock()
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
    if enginesBuilt.load(ordering: .acquiring), let pool = builtEngines { return pool }
    return buildEngines()
  }

  /// The record plan for the options `run` (checked against the plan) and the engines on it.
  ///
  /// Built now if these options were never asked for. The NDJSON-only options (`idKey`, `includesValues`) shape no
  /// `ValidationResult`, so they are left out of the plan.
  func engines(for run: RunOptions) -> RecordEnginePool {
    let options = RunOptions(allFailures: run.allFailures, field: run.field, liveOnly: run.liveOnly, flat: run.flat)
    if options == RunOptions() { return engines }
    enginesLock.lock()
    defer { enginesLock.unlock() }
    if let pool = enginesByOptions[options] { return pool }
    let pool = RecordEnginePool(plan, run: options)
    enginesByOptions[options] = pool
    return pool
  }

  /// Builds the engines once; a second caller waits for the first one's.
  @inline(never)
  private func buildEngines() -> RecordEnginePool {
    enginesLock.lock()
    defer { enginesLock.unlock() }
    if let pool = builtEngines { return pool }
    let pool = RecordEnginePool(plan)
    builtEngines = pool
    enginesBuilt.store(true, ordering: .releasing)
    return pool
  }
}

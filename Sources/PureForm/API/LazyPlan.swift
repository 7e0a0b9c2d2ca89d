import Foundation

/// A form's validation plan, built the first time something asks for it and kept from then on.
///
/// Compiling a spec only to check it (`pureform check`) never validates anything, so it never pays for the
/// plan; the first validation builds it once, under a lock, and every later one reads the same plan.
final class LazyPlan: @unchecked Sendable {
  /// Guards `built` and the inputs below; held only while the plan is read or built.
  private let lock = NSLock()
  /// The plan once built.
  private var built: ValidationPlan?
  /// What the plan is built from; dropped once it is built.
  private var inputs: (model: FormModel, patterns: [String: CompiledPattern], options: CompileOptions)?

  /// Remembers what to build the plan from, without building it.
  init(model: FormModel, patterns: [String: CompiledPattern], options: CompileOptions) {
    inputs = (model, patterns, options)
  }

  /// The plan, built now if this is the first request.
  var plan: ValidationPlan {
    lock.lock()
    defer { lock.unlock() }
    if let built { return built }
    guard let (model, patterns, options) = inputs else { preconditionFailure("a lazy plan has no inputs") }
    let plan = ValidationPlan(
      model: model, patterns: patterns, transformers: options.transformers, settings: options.settings)
    built = plan
    inputs = nil
    return plan
  }
}
